import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import { bearerKey } from './auth/api-key.js';
import { checkOperation, MAX_TEXT_NESTING, MAX_TOKENS, nestsTooDeep, rootFieldCount } from './common/query-limits.js';
import { callerOf, upgradeAddress, type RateLimiter } from './common/rate-limit.js';

/**
 * The same limits on every transport. Over HTTP, Apollo parses with MAX_TOKENS and the plugin
 * checks depth, fields and cost (with the variables) before anything runs, and counts each field
 * of a mutation against the rate limit. Over WebSocket only subscriptions are served, each one
 * counted, parsed, validated and checked the same way.
 */
export function graphqlLimits(limiter: RateLimiter): { plugin: ApolloServerPlugin<{ req?: Request }>; webSocket: GraphQLWsSubscriptionsConfig } {
  let schema: GraphQLSchema | undefined;
  const plugin: ApolloServerPlugin<{ req?: Request }> = {
    async serverWillStart(service) {
      schema = service.schema;
    },
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operationName, operation, request, contextValue }) {
          const refusal = checkOperation(schema, document, operationName, request.variables);
          if (refusal) throw refusal;
          // The request itself was counted at the door; each further mutation field counts too.
          const extra = operation?.operation === 'mutation' ? rootFieldCount(document, operation) - 1 : 0;
          const wait = extra > 0 && contextValue.req ? limiter.takeFor(callerOf(contextValue.req), extra) : 0;
          if (wait) throw tooMany(`Too many requests: each field of a mutation counts as a request (this one has ${extra + 1}); send fewer at once, or try again in ${wait} s`, wait);
        },
      };
    },
  };
  /** Who a WebSocket's messages count against: the address of its upgrade, and a key sent in connectionParams. */
  const callerOfSocket = (ctx: { extra: unknown; connectionParams?: Readonly<Record<string, unknown>> }) => {
    const request = (ctx.extra as { request?: IncomingMessage }).request;
    const authorization = ctx.connectionParams?.authorization;
    return { address: request ? upgradeAddress(request) : undefined, key: bearerKey(typeof authorization === 'string' ? authorization : undefined) };
  };
  const webSocket: GraphQLWsSubscriptionsConfig = {
    // Each connection counts as a request: a flood of sockets is refused like a flood of posts.
    onConnect: (ctx) => {
      const wait = limiter.takeFor(callerOfSocket(ctx));
      if (!wait) return true;
      (ctx.extra as { socket?: { close(code: number, reason: string): void } }).socket?.close(4429, `Too many requests; try again in ${wait} s`);
      return false;
    },
    onSubscribe: (ctx, _id, payload) => {
      const wait = limiter.takeFor(callerOfSocket(ctx));
      if (wait) return [tooMany(`Too many requests; try again in ${wait} s`, wait)];
      if (!schema) return [new GraphQLError('The service is starting; try again in a moment', { extensions: { code: 'SERVICE_UNAVAILABLE' } })];
      if (typeof payload.query === 'string' && nestsTooDeep(payload.query)) return [badInput(TOO_DEEP_TEXT)];
      let document: DocumentNode;
      try {
        document = parse(payload.query, { maxTokens: MAX_TOKENS });
      } catch (error) {
        return [badInput(error instanceof GraphQLError ? error.message : 'The query cannot be read')];
      }
      const errors = validate(schema, document, [...specifiedRules, subscriptionsOnly]);
      if (errors.length) return errors.map((e) => badInput(e.message));
      const refusal = checkOperation(schema, document, payload.operationName, payload.variables);
      if (refusal) return [refusal];
      return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
    },
  };
  return { plugin, webSocket };
}

/** Queries and mutations go over HTTP (where the response cache, ETags and keys apply), never over WebSocket. */
const subscriptionsOnly: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation !== 'subscription') {
      context.reportError(new GraphQLError(`Only subscriptions are served over WebSocket; send this ${node.operation} as POST /graphql`, { nodes: [node] }));
    }
  },
});

const TOO_DEEP_TEXT = `The query text opens more than ${MAX_TEXT_NESTING} brackets at once; no query of this API needs that`;

/** Before Apollo (and the response cache) read a query text, one nested past any use is refused. */
export function refuseDeepQueryText(req: Request, res: Response, next: NextFunction): void {
  // A GET carries its variables as JSON text too, past the JSON body checks: the same bracket bound holds.
  const texts: Record<string, unknown> = req.method === 'GET' ? { query: req.query?.query, variables: req.query?.variables, extensions: req.query?.extensions } : { query: (req.body as { query?: unknown } | undefined)?.query };
  const deep = Object.entries(texts).find(([, text]) => typeof text === 'string' && nestsTooDeep(text));
  if (!deep) return next();
  res.status(400).json({ errors: [{ message: TOO_DEEP_TEXT, extensions: { code: 'BAD_USER_INPUT', fields: [deep[0]] } }] });
}

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

function tooMany(message: string, wait: number): GraphQLError {
  const headers = new HeaderMap([['retry-after', String(wait)]]);
  return new GraphQLError(message, { extensions: { code: 'TOO_MANY_REQUESTS', http: { status: 429, headers } } });
}
