import {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  type FieldNode,
  type GraphQLCompositeType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * Abuse limits for GraphQL, checked before anything runs: how deep a query nests, and roughly
 * what it costs (each field counts once for every item of the lists above it: a list counts the
 * `first` given to it or to its connection as a literal, 10 otherwise). Introspection is not
 * counted, so tools can always read the schema.
 */
export const MAX_DEPTH = Number(process.env.TRAVELLER_GRAPHQL_MAX_DEPTH ?? 12);
export const MAX_COST = Number(process.env.TRAVELLER_GRAPHQL_MAX_COST ?? 100_000);
const DEFAULT_LIST_SIZE = 10;

export function queryLimits(maxDepth = MAX_DEPTH, maxCost = MAX_COST): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(node) {
      const root = node.operation === 'query' ? context.getSchema().getQueryType() : node.operation === 'mutation' ? context.getSchema().getMutationType() : context.getSchema().getSubscriptionType();
      if (!root) return;
      const { depth, cost } = measure(context, node.selectionSet, root, 1, new Set(), null);
      if (depth > maxDepth) {
        context.reportError(new GraphQLError(`This query nests ${depth} levels deep; the limit is ${maxDepth}. Ask for less nesting.`, { nodes: [node] }));
      } else if (cost > maxCost) {
        context.reportError(new GraphQLError(`This query would cost about ${Math.round(cost).toLocaleString('en-GB')} (fields × list sizes); the limit is ${maxCost.toLocaleString('en-GB')}. Ask for fewer fields, or page with \`first\`.`, { nodes: [node] }));
      }
    },
  });
}

function measure(context: ValidationContext, set: SelectionSetNode, type: GraphQLCompositeType, multiplier: number, fragments: Set<string>, first: number | null): { depth: number; cost: number } {
  let depth = 0;
  let cost = 0;
  for (const selection of set.selections) {
    let inner = { depth: 0, cost: 0 };
    if (selection.kind === Kind.FIELD) inner = field(context, selection, type, multiplier, fragments, first);
    else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition ? context.getSchema().getType(selection.typeCondition.name.value) : type;
      if (on && isCompositeType(on)) inner = measure(context, selection.selectionSet, on, multiplier, fragments, first);
    } else {
      const fragment = context.getFragment(selection.name.value);
      // A fragment spread twice on one path is a cycle (refused by GraphQL's own rules anyway).
      if (!fragment || fragments.has(fragment.name.value)) continue;
      const on = context.getSchema().getType(fragment.typeCondition.name.value);
      if (on && isCompositeType(on)) inner = measure(context, fragment.selectionSet, on, multiplier, new Set([...fragments, fragment.name.value]), first);
    }
    depth = Math.max(depth, inner.depth);
    cost += inner.cost;
  }
  return { depth, cost };
}

function field(context: ValidationContext, node: FieldNode, parent: GraphQLCompositeType, multiplier: number, fragments: Set<string>, inherited: number | null): { depth: number; cost: number } {
  if (node.name.value.startsWith('__')) return { depth: 0, cost: 0 };
  const definition = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[node.name.value] : undefined;
  if (!definition || !node.selectionSet) return { depth: 1, cost: multiplier };
  const named = getNamedType(definition.type);
  if (!isCompositeType(named)) return { depth: 1, cost: multiplier };
  const literal = node.arguments?.find((a) => a.name.value === 'first')?.value;
  const first = literal?.kind === Kind.INT ? Number(literal.value) : inherited;
  // A connection's `first` sizes the list beneath it (nodes or edges).
  if (!isListType(getNullableType(definition.type))) {
    const inner = measure(context, node.selectionSet, named, multiplier, fragments, first);
    return { depth: inner.depth + 1, cost: multiplier + inner.cost };
  }
  const inner = measure(context, node.selectionSet, named, multiplier * (first ?? DEFAULT_LIST_SIZE), fragments, null);
  return { depth: inner.depth + 1, cost: multiplier + inner.cost };
}
