import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

function literal(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.LIST:
      return ast.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]));
    default:
      return null;
  }
}

/** Arbitrary JSON, for audit snapshots (before/after) whose shape depends on the action. */
const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});

export default GraphQLJSON;
