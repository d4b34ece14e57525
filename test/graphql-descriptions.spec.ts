import { readFileSync } from 'node:fs';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, type GraphQLNamedType } from 'graphql';

/**
 * The committed schema.gql is the served schema (test/http.e2e-spec.ts holds that), so checking
 * the file checks what integrators see in introspection.
 */
const schema = buildSchema(readFileSync('schema.gql', 'utf8'));
const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && !isBuiltInScalar(t));

function isBuiltInScalar(t: GraphQLNamedType): boolean {
  return isScalarType(t) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(t.name);
}

describe('GraphQL schema documentation and naming', () => {
  it('describes every object type, input type, enum and scalar', () => {
    expect(types.filter((t) => !t.description?.trim()).map((t) => t.name)).toEqual([]);
  });

  it('describes every field of every object and input type', () => {
    const undocumented = types
      .filter((t) => isObjectType(t) || isInputObjectType(t) || isInterfaceType(t))
      .flatMap((t) => Object.values(t.getFields()).filter((f) => !f.description?.trim()).map((f) => `${t.name}.${f.name}`));
    expect(undocumented).toEqual([]);
  });

  it('names no type after its implementation (no …Model suffix)', () => {
    expect(types.map((t) => t.name).filter((name) => name.endsWith('Model'))).toEqual([]);
  });

  it('types calendar days as LocalDate and instants as DateTime', () => {
    const typeOf = (type: string, field: string) => {
      const t = schema.getType(type);
      if (!isObjectType(t)) throw new Error(`${type} is not an object type`);
      return String(t.getFields()[field].type);
    };
    expect(['Event', 'PlayerHistoryEntry', 'EventAward'].map((t) => typeOf(t, 'startsOn'))).toEqual(['LocalDate', 'LocalDate', 'LocalDate']);
    expect([typeOf('Session', 'publishedAt'), typeOf('Session', 'correctionDeadline'), typeOf('Event', 'createdAt')]).toEqual(['DateTime', 'DateTime', 'DateTime!']);
  });

  it('gives seats the Seat enum on score cards as on travellers, and keeps matchpoints as a deprecated alias of score', () => {
    const card = schema.getType('Scorecard');
    const line = schema.getType('ScorecardLine');
    if (!isObjectType(card) || !isObjectType(line)) throw new Error('Scorecard types missing');
    expect(String(line.getFields().declarer.type)).toBe('Seat');
    expect(String(card.getFields().score.type)).toBe('Float!');
    expect(card.getFields().matchpoints.deprecationReason).toMatch(/score/);
    expect(isEnumType(schema.getType('Seat'))).toBe(true);
  });
});
