import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import type { RequestWithPrincipal } from './auth.guard.js';
import type { Principal } from './principal.js';

function principalOf(context: ExecutionContext): Principal | null {
  const req =
    context.getType<GqlContextType>() === 'graphql'
      ? GqlExecutionContext.create(context).getContext<{ req?: RequestWithPrincipal } | undefined>()?.req
      : context.switchToHttp().getRequest<RequestWithPrincipal>();
  return req?.principal ?? null;
}

/** The verified caller (set by the AuthGuard), or null for an anonymous read. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext) => principalOf(context));

/** Who the audit trail names for this request: the key's label. */
export const Actor = createParamDecorator((_: unknown, context: ExecutionContext) => principalOf(context)?.label);
