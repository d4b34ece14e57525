import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { Logger } from '@nestjs/common';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { MAX_TOKENS } from './common/query-limits.js';
import { toAppError } from './common/to-app-error.js';
import type { RateLimiter } from './common/rate-limit.js';
import { readSnapshotPlugin } from './common/read-snapshot.js';
import type { MetricsService } from './metrics/metrics.service.js';
import { operationMetrics } from './metrics/operation-metrics.js';
import { graphqlLimits } from './graphql-limits.js';

/**
 * Code-first GraphQL on Apollo. No GraphiQL/Sandbox: both load from a CDN, which an offline club
 * machine cannot reach; a browser opening /graphql gets a JSON hint instead (configure-app.ts).
 */
export function graphqlConfig(limiter: RateLimiter, metrics: MetricsService): ApolloDriverConfig {
  const limits = graphqlLimits(limiter);
  return {
    driver: ApolloDriver,
    autoSchemaFile: true,
    sortSchema: true,
    graphiql: false,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError: publicError,
    parseOptions: { maxTokens: MAX_TOKENS },
    // Public reads may come as plain GETs (links, CDNs, browser caches). Apollo's CSRF guard exists
    // for cookie sessions; ours are Bearer keys a cross-site page cannot send, and Apollo never
    // runs a mutation over GET.
    csrfPrevention: false,
    subscriptions: { 'graphql-ws': limits.webSocket },
    // No type or field carries a cache hint (answers are kept by ResponseCache, against revisions),
    // so Apollo's cache-control plugin would only wrap every field's resolver: a page of 100
    // ranking rows resolves ~700 fields.
    plugins: [limits.plugin, operationMetrics(metrics), ApolloServerPluginCacheControlDisabled(), readSnapshotPlugin],
    transformSchema: describeRootTypes,
  };
}

/** Code-first builds the root types itself; they get their descriptions here. */
function describeRootTypes(schema: GraphQLSchema): GraphQLSchema {
  schema.getQueryType()!.description = 'Reads: need no key, except API keys, the audit trail and a federation’s member records and awards';
  schema.getMutationType()!.description = 'Writes: every one needs `Authorization: Bearer <api key>` with a role that allows it (SCORER, DIRECTOR, ADMIN)';
  schema.getSubscriptionType()!.description = 'Live updates over graphql-ws on /graphql';
  return schema;
}

/** Apollo's own refusals of a malformed request: to a client, bad input like any other. */
const APOLLO_INPUT_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE', 'PERSISTED_QUERY_NOT_SUPPORTED', 'PERSISTED_QUERY_NOT_FOUND']);

const fieldErrors = new Logger('Errors');

/**
 * What a client sees of an error: message, where, and a stable code (plus fields for bad input).
 * An error thrown in a field's own resolver (`@ResolveField`) has not been through ErrorFilter —
 * Nest applies filters to the operation's root fields only — so it is mapped here the same way,
 * and logged when it is not one a client may see.
 */
export function publicError(formatted: GraphQLFormattedError, error?: unknown): GraphQLFormattedError {
  // Apollo codes such an error INTERNAL_SERVER_ERROR; ErrorFilter's own answers are GraphQLErrors already.
  const original = error === undefined ? undefined : unwrapResolverError(error);
  if ((formatted.extensions?.code ?? 'INTERNAL_SERVER_ERROR') === 'INTERNAL_SERVER_ERROR' && original !== undefined && !(original instanceof GraphQLError)) {
    const known = toAppError(original);
    if (known) formatted = { ...formatted, message: known.message, extensions: { code: known.code, fields: known.fields } };
    else fieldErrors.error(original instanceof Error ? (original.stack ?? original.message) : String(original));
  }
  const raw = (formatted.extensions?.code as string | undefined) ?? 'INTERNAL_SERVER_ERROR';
  const code = APOLLO_INPUT_CODES.has(raw) ? 'BAD_USER_INPUT' : raw;
  const fields = formatted.extensions?.fields;
  return {
    message: code === 'INTERNAL_SERVER_ERROR' && !fields ? 'Internal error; the failure has been logged' : formatted.message,
    locations: formatted.locations,
    path: formatted.path,
    extensions: fields ? { code, fields } : { code },
  };
}
