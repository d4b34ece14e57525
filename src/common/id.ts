import { Injectable, ParseUUIDPipe, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { Args, ID } from '@nestjs/graphql';
import { BadInputError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Ids are UUIDs; anything else is refused before it reaches the database. */
@Injectable()
export class IdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown, meta: ArgumentMetadata): string {
    if (isId(value)) return value;
    const name = meta.data ?? 'id';
    throw new BadInputError(`${name} "${String(value)}" is not a valid id (a UUID)`, [name]);
  }
}

/** A GraphQL `ID!` argument checked by IdPipe. */
export const IdArg = (name = 'id') => Args(name, { type: () => ID }, IdPipe);

/** A REST path or query parameter that must be a UUID (refused with BAD_INPUT naming it); `optional` lets it be absent. */
export const uuidParam = (field: string, optional = false) =>
  new ParseUUIDPipe({ optional, exceptionFactory: () => new BadInputError(`${field} must be a UUID`, [field]) });
