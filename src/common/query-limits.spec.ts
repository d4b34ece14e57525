import { describe, expect, it } from '@jest/globals';
import { buildSchema, parse } from 'graphql';
import { checkOperation, nestsTooDeep, rootFieldCount } from './query-limits.js';

const schema = buildSchema(`
  type Query { items(first: Int = 20): [Item!]!, item(id: ID!): Item }
  type Mutation { touch(id: ID!): Item }
  type Item { id: ID!, children(first: Int): [Item!]! }
`);
const limits = { maxDepth: 5, maxCost: 1_000, maxFields: 50 };
const check = (query: string, variables: Record<string, unknown> = {}) => checkOperation(schema, parse(query), null, variables, limits)?.message ?? null;

describe('checkOperation', () => {
  it('reads `first` from a variable, its default, or the argument default, as from a literal', () => {
    expect(check('{ items(first: 100) { children(first: 100) { id } } }')).toMatch(/would cost about 10,101/);
    expect(check('query($n: Int) { items(first: $n) { children(first: $n) { id } } }', { n: 100 })).toMatch(/would cost about 10,101/);
    expect(check('query($n: Int = 100) { items(first: $n) { children(first: $n) { id } } }')).toMatch(/would cost/);
    expect(check('query($n: Int) { items(first: $n) { id } }', { n: 5 })).toBeNull();
    expect(check('{ items { children(first: 10) { id } } }')).toBeNull(); // 20 + 20 × 10 + 20 × 10 × 1
  });

  it('counts aliases as fields and introspection as costly', () => {
    expect(check(`{ ${Array.from({ length: 51 }, (_, i) => `a${i}: item(id: "1") { id }`).join(' ')} }`)).toMatch(/more than 50 fields/);
    expect(check('{ __schema { queryType { name } } }')).toMatch(/would cost about 2,00\d/);
    expect(checkOperation(schema, parse('{ __schema { queryType { name } } }'), null, {})).toBeNull();
  });

  it('leaves introspection out of the depth, so tools can read the schema', () => {
    const introspection = parse('{ __type(name: "Item") { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } }');
    expect(checkOperation(schema, introspection, null, {}, { ...limits, maxCost: 100_000 })).toBeNull();
    expect(check('{ items(first: 1) { children(first: 1) { children(first: 1) { children(first: 1) { children(first: 1) { id } } } } } }')).toMatch(/nests 6 levels deep; the limit is 5/);
  });

  it('counts the root fields of a mutation, fragments included', () => {
    const doc = parse('mutation { a: touch(id: "1") { id } ...more } fragment more on Mutation { b: touch(id: "2") { id } __typename }');
    expect(rootFieldCount(doc, doc.definitions[0] as never)).toBe(2);
  });
});

describe('nestsTooDeep', () => {
  it('counts brackets outside strings, block strings and comments', () => {
    expect(nestsTooDeep(`{ a(x: ${'['.repeat(65)}1${']'.repeat(65)}) }`)).toBe(true);
    expect(nestsTooDeep(`{ a(x: "${'['.repeat(100)}") } # ${'{'.repeat(100)}\n`)).toBe(false);
    expect(nestsTooDeep(`{ a(x: """${'{'.repeat(100)}""") }`)).toBe(false);
    expect(nestsTooDeep(`{ a(x: "\\"${'['.repeat(100)}") }`)).toBe(false);
  });
});
