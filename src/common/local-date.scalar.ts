import { CustomScalar, Scalar } from '@nestjs/graphql';
import { GraphQLError, Kind, type ValueNode } from 'graphql';

/** A calendar day, `YYYY-MM-DD`, with no time zone: the day an event is played. */
@Scalar('LocalDate', () => LocalDateScalar)
export class LocalDateScalar implements CustomScalar<string, Date> {
  description = 'A calendar date, YYYY-MM-DD';

  parseValue(value: unknown): Date {
    return parseLocalDate(value);
  }

  serialize(value: unknown): string {
    if (!(value instanceof Date)) throw new GraphQLError('LocalDate must be a Date');
    return value.toISOString().slice(0, 10);
  }

  parseLiteral(ast: ValueNode): Date {
    return parseLocalDate(ast.kind === Kind.STRING ? ast.value : undefined);
  }
}

export function parseLocalDate(value: unknown): Date {
  const text = typeof value === 'string' ? value : '';
  const date = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new GraphQLError(`"${String(value)}" is not a date; write it as YYYY-MM-DD`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return date;
}
