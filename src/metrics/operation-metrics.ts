import type { ApolloServerPlugin } from '@apollo/server';
import type { MetricsService } from './metrics.service.js';

/**
 * Times each GraphQL operation, labelled by its first root field (`sessionRanking`,
 * `submitResult`): names from the schema, so a client's own operation names cannot grow the
 * number of series without bound.
 */
export function operationMetrics(metrics: MetricsService): ApolloServerPlugin {
  return {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse(ctx) {
          const first = ctx.operation?.selectionSet.selections.find((s) => s.kind === 'Field');
          const operation = first && first.kind === 'Field' ? first.name.value : 'unparsed';
          metrics.graphqlOperation(operation, ctx.operation?.operation ?? 'none', ctx.errors?.length ? 'error' : 'ok', (performance.now() - started) / 1000);
        },
      };
    },
  };
}
