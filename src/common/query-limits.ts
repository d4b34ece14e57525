import {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * Abuse limits for GraphQL, checked on every transport before anything runs: how deep a query
 * nests, how many fields it selects (aliases included: each alias is a field), and roughly what
 * it costs. Each field counts once for every item of the lists above it; a list counts the
 * `first` given to it or its connection (a literal or a variable's value), its default, or 10.
 * Introspection is counted like any other field, and `__schema` / `__type` also cost
 * INTROSPECTION_COST each (they build the whole schema), but not in depth, so tools can read the
 * schema with the usual introspection query.
 */
export const MAX_DEPTH = Number(process.env.TRAVELLER_GRAPHQL_MAX_DEPTH ?? 12);
export const MAX_COST = Number(process.env.TRAVELLER_GRAPHQL_MAX_COST ?? 100_000);
/** Field selections in one operation, aliases and fragment spreads expanded. */
export const MAX_FIELDS = Number(process.env.TRAVELLER_GRAPHQL_MAX_FIELDS ?? 1_000);
/** Tokens the parser reads before giving up: bounds the work any request text can cause. */
export const MAX_TOKENS = 50_000;
/** Brackets ({ [ () open at once in a query text: far above any real query, far below the parser's stack. */
export const MAX_TEXT_NESTING = 64;
const DEFAULT_LIST_SIZE = 10;
const INTROSPECTION_COST = 2_000;

export interface Limits {
  maxDepth: number;
  maxCost: number;
  maxFields: number;
}

const DEFAULT_LIMITS: Limits = { maxDepth: MAX_DEPTH, maxCost: MAX_COST, maxFields: MAX_FIELDS };

/** The first limit the operation breaks, as a BAD_USER_INPUT error; null when it keeps them all. */
export function checkOperation(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown> | null | undefined, limits: Limits = DEFAULT_LIMITS): GraphQLError | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return null;
  const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!root) return null;
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const defaults = new Map(operation.variableDefinitions?.map((v) => [v.variable.name.value, v.defaultValue]) ?? []);
  const counter = { fields: 0, limit: limits.maxFields };
  const walk = new Measure(schema, fragments, variables ?? {}, defaults, counter);
  const { depth, cost } = walk.set(operation.selectionSet, root, 1, new Set(), null);
  const refuse = (message: string) => new GraphQLError(message, { nodes: [operation], extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
  if (counter.fields > limits.maxFields) return refuse(`This operation selects more than ${limits.maxFields.toLocaleString('en-GB')} fields (aliases count as fields); ask for fewer in one request.`);
  if (depth > limits.maxDepth) return refuse(`This query nests ${depth} levels deep; the limit is ${limits.maxDepth}. Ask for less nesting.`);
  if (cost > limits.maxCost) return refuse(`This query would cost about ${Math.round(cost).toLocaleString('en-GB')} (fields × list sizes); the limit is ${limits.maxCost.toLocaleString('en-GB')}. Ask for fewer fields, or page with \`first\`.`);
  return null;
}

/**
 * Whether a query text opens more than `max` brackets at once, read without parsing (strings,
 * block strings and comments skipped): the recursive parser is never handed a text that would
 * exhaust its stack.
 */
export function nestsTooDeep(text: string, max = MAX_TEXT_NESTING): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (c === '"') {
      if (text.startsWith('"""', i)) {
        const end = text.indexOf('"""', i + 3);
        i = end < 0 ? text.length : end + 2;
      } else {
        for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
      }
    } else if (c === '{' || c === '[' || c === '(') {
      if (++depth > max) return true;
    } else if (c === '}' || c === ']' || c === ')') depth--;
  }
  return false;
}

/** How many root fields an operation runs (a mutation's fields each count against the rate limit). */
export function rootFieldCount(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]));
  const count = (set: SelectionSetNode, seen: Set<string>): number =>
    set.selections.reduce((n, s) => {
      if (s.kind === Kind.FIELD) return n + (s.name.value === '__typename' ? 0 : 1);
      if (s.kind === Kind.INLINE_FRAGMENT) return n + count(s.selectionSet, seen);
      const fragment = fragments.get(s.name.value);
      return !fragment || seen.has(s.name.value) ? n : n + count(fragment.selectionSet, new Set([...seen, s.name.value]));
    }, 0);
  return count(operation.selectionSet, new Set());
}

class Measure {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
    private readonly variables: Record<string, unknown>,
    private readonly defaults: Map<string, ValueNode | undefined>,
    private readonly counter: { fields: number; limit: number },
  ) {}

  set(set: SelectionSetNode, type: GraphQLCompositeType, multiplier: number, seen: Set<string>, first: number | null): { depth: number; cost: number } {
    let depth = 0;
    let cost = 0;
    for (const selection of set.selections) {
      // Past the field cap the answer is known: stop walking (a huge query costs no more work).
      if (this.counter.fields > this.counter.limit) break;
      let inner = { depth: 0, cost: 0 };
      if (selection.kind === Kind.FIELD) inner = this.field(selection, type, multiplier, seen, first);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : type;
        if (on && isCompositeType(on)) inner = this.set(selection.selectionSet, on, multiplier, seen, first);
      } else {
        const fragment = this.fragments.get(selection.name.value);
        // A fragment spread twice on one path is a cycle (refused by GraphQL's own rules anyway).
        if (!fragment || seen.has(fragment.name.value)) continue;
        const on = this.schema.getType(fragment.typeCondition.name.value);
        if (on && isCompositeType(on)) inner = this.set(fragment.selectionSet, on, multiplier, new Set([...seen, fragment.name.value]), first);
      }
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    }
    return { depth, cost };
  }

  private field(node: FieldNode, parent: GraphQLCompositeType, multiplier: number, seen: Set<string>, inherited: number | null): { depth: number; cost: number } {
    this.counter.fields++;
    const name = node.name.value;
    const introspection = name.startsWith('__');
    const own = multiplier + (name === '__schema' || name === '__type' ? multiplier * INTROSPECTION_COST : 0);
    const definition = name === '__schema' ? SchemaMetaFieldDef : name === '__type' ? TypeMetaFieldDef : isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
    const type = definition?.type;
    const level = introspection ? 0 : 1;
    if (!type || !node.selectionSet) return { depth: level, cost: own };
    const named = getNamedType(type);
    if (!isCompositeType(named)) return { depth: level, cost: own };
    const first = this.first(node, definition?.args.find((a) => a.name === 'first')?.defaultValue) ?? inherited;
    const list = isListType(getNullableType(type));
    // A connection's `first` sizes the list beneath it (nodes or edges).
    const inner = list ? this.set(node.selectionSet, named, multiplier * (first ?? DEFAULT_LIST_SIZE), seen, null) : this.set(node.selectionSet, named, multiplier, seen, first);
    return { depth: introspection ? 0 : inner.depth + 1, cost: own + inner.cost };
  }

  /** The page size asked for: a literal, a variable's value or default, or the argument's default. */
  private first(node: FieldNode, fallback: unknown): number | null {
    const value = node.arguments?.find((a) => a.name.value === 'first')?.value;
    const read = (v: ValueNode | undefined): number | null => (v?.kind === Kind.INT ? Number(v.value) : null);
    if (value?.kind === Kind.VARIABLE) {
      const given = this.variables[value.name.value];
      if (typeof given === 'number' && Number.isFinite(given)) return given;
      return read(this.defaults.get(value.name.value)) ?? (typeof fallback === 'number' ? fallback : null);
    }
    if (value) return read(value);
    return typeof fallback === 'number' ? fallback : null;
  }
}
