import { type Type } from '@nestjs/common';
import { ArgsType, Field, Int, ObjectType } from '@nestjs/graphql';
import { IsOptional, IsString, Max, Min } from 'class-validator';
import { BadInputError } from './errors.js';

/** Relay-style cursor pagination. Cursors are opaque: the base64url of the row id. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, defaultValue: 20, description: 'Page size, 1–100' })
  @IsOptional()
  @Min(1)
  @Max(100)
  first: number = 20;

  @Field({ nullable: true, description: 'endCursor of the previous page' })
  @IsOptional()
  @IsString()
  after?: string;
}

@ObjectType({ description: 'Where a page ends' })
export class PageInfo {
  @Field({ description: 'True when another page follows: ask again with `after: endCursor`' }) hasNextPage: boolean;
  @Field(() => String, { nullable: true, description: 'Cursor of the last row of this page; null on an empty page' }) endCursor: string | null;
}

export interface Page<T> {
  nodes: T[];
  edges: { cursor: string; node: T }[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** GraphQL type of a page of `T`, named `<T>Connection`. */
export function Connection<T>(node: Type<T>) {
  @ObjectType(`${node.name}Edge`, { description: `One ${node.name} of a page with its cursor` })
  class Edge {
    @Field({ description: 'Opaque cursor of this row, for `after`' }) cursor: string;
    @Field(() => node, { description: 'The row' }) node: T;
  }

  @ObjectType({ isAbstract: true })
  abstract class ConnectionType {
    @Field(() => [node], { description: 'The rows of this page (the same as edges’ nodes)' }) nodes: T[];
    @Field(() => [Edge], { description: 'The rows of this page with their cursors' }) edges: Edge[];
    @Field(() => PageInfo, { description: 'Whether another page follows, and from where' }) pageInfo: PageInfo;
    @Field(() => Int, { description: 'Rows matching the filters, over all pages' }) totalCount: number;
  }
  return ConnectionType;
}

export const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new BadInputError(`Cursor "${cursor}" is not one this API gave out`, ['after']);
  return id;
}

/**
 * Refuses a cursor naming a row outside the list's filters (`inList`: whether the row is in it). A
 * cursor only positions the page in the list's order, so one forged from another row's id would
 * tell where that row sorts: a withheld player's name, a deleted event's date.
 */
export async function checkCursor(args: PageArgs, inList: (id: string) => Promise<boolean>): Promise<void> {
  if (args.after && !(await inList(decodeCursor(args.after)))) {
    throw new BadInputError(`Cursor "${args.after}" is not a row of this list (it may have left it since): ask again without after`, ['after']);
  }
}

/** The Prisma arguments for one page: one extra row tells whether another page follows. */
export function pageQuery(args: PageArgs): { take: number; skip?: number; cursor?: { id: string } } {
  const take = args.first + 1;
  return args.after ? { take, skip: 1, cursor: { id: decodeCursor(args.after) } } : { take };
}

/** A page from `first + 1` rows in order; the cursor is each row's id (`idOf` when the row has none of its own). */
export function toPage<T>(rows: T[], args: PageArgs, totalCount: number, idOf: (row: T) => string = (row) => (row as { id: string }).id): Page<T> {
  const nodes = rows.slice(0, args.first);
  const edges = nodes.map((node) => ({ cursor: encodeCursor(idOf(node)), node }));
  return {
    nodes,
    edges,
    totalCount,
    pageInfo: { hasNextPage: rows.length > args.first, endCursor: edges.at(-1)?.cursor ?? null },
  };
}
