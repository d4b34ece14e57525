import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import { DECORATORS } from '@nestjs/swagger';
import type { Request } from 'express';
import { bearerKey } from './api-key.js';
import { ApiKeysService } from './api-keys.service.js';
import { authorize, authorizeRead, ForbiddenError, refuseRetiredEvent, type Principal } from './principal.js';
import { BadInputError } from '../common/errors.js';
import { REQUIREMENT, type Requirement } from './requires.decorator.js';
import { ScopeService } from './scope.service.js';

export type RequestWithPrincipal = Request & { principal?: Principal | null };

/**
 * Every request: a presented key is verified (a bad one is refused even for a read); a write needs
 * the role and scope its handler declares with @Requires, and a write that declares nothing is
 * refused (closed by default, so a new mutation cannot ship unprotected). Public reads need no key.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeysService,
    private readonly scopes: ScopeService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const call = describeCall(context, this.reflector);
    const principal = call.req ? await this.principalOf(call.req) : null;
    const requirement = this.reflector.get<Requirement | undefined>(REQUIREMENT, context.getHandler());
    if (!requirement) {
      if (call.write) throw new ForbiddenError('This operation is not open to API keys');
      return true;
    }
    const targets = [requirement.target(call.args)].flat();
    for (const target of targets) {
      const scope = await this.scopes.resolve(target, principal);
      if (requirement.mode === 'read') authorizeRead(principal, scope, requirement.what);
      else {
        authorize(principal, requirement.role(call.args), scope, requirement.what, requirement.mode === 'federation');
        if (!requirement.onRetiredEvents) refuseRetiredEvent(scope, requirement.what);
      }
    }
    return true;
  }

  /** Verified once per request (a GraphQL request may run several root fields). */
  private async principalOf(req: RequestWithPrincipal): Promise<Principal | null> {
    if (req.principal !== undefined) return req.principal;
    const key = bearerKey(req.headers?.authorization);
    req.principal = key ? await this.keys.verify(key) : null;
    return req.principal;
  }
}

function describeCall(context: ExecutionContext, reflector: Reflector): { req: RequestWithPrincipal | undefined; args: Record<string, any>; write: boolean } {
  if (context.getType<GqlContextType>() === 'graphql') {
    const gql = GqlExecutionContext.create(context);
    // Subscriptions over graphql-ws have no HTTP request: they are reads.
    return { req: gql.getContext<{ req?: RequestWithPrincipal } | undefined>()?.req, args: gql.getArgs(), write: gql.getInfo()?.parentType.name === 'Mutation' };
  }
  const req = context.switchToHttp().getRequest<RequestWithPrincipal>();
  // Scope comes from the path, the body, and only the query parameters the route documents.
  const query = documentedQuery(req, reflector.get<{ in?: string; name?: string }[] | undefined>(DECORATORS.API_PARAMETERS, context.getHandler()) ?? []);
  return { req, args: { ...query, ...req.params, body: req.body }, write: !['GET', 'HEAD', 'OPTIONS'].includes(req.method) };
}

/** The query parameters a REST route declares (@ApiQuery); any other one is refused, named. */
function documentedQuery(req: Request, parameters: { in?: string; name?: string }[]): Record<string, unknown> {
  const allowed = parameters.filter((p) => p.in === 'query' && p.name).map((p) => p.name as string);
  const given = Object.keys((req.query ?? {}) as object);
  const unknown = given.filter((name) => !allowed.includes(name));
  if (unknown.length) {
    const takes = allowed.length ? `it takes only ${allowed.join(', ')}` : 'it takes none';
    throw new BadInputError(`Unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')} on this route; ${takes}`, unknown);
  }
  return Object.fromEntries(allowed.filter((name) => name in (req.query as object)).map((name) => [name, (req.query as Record<string, unknown>)[name]]));
}
