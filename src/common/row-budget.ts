import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { BadInputError } from './errors.js';

/**
 * The most rows of whole lists (rankings, travellers, contestants: the fields that answer a list
 * without `first`) one GraphQL request may ask for, all its fields and aliases together. Each such
 * field is bounded on its own (5,000 rows at most), but aliases repeat a field: a hundred aliases
 * of a 4,000-row ranking would ask ~45 s of the service's work in one request (10,000 rows took
 * 1.1 s), which the query's cost limit (a list without `first` counted as 10 rows) lets through.
 */
export const MAX_WHOLE_ROWS_A_REQUEST = 10_000;

/**
 * A whole list of `count` rows, refused past `most` (each such field's own bound): "`subject`
 * `count` `unit`, more than `most` in one answer: `instead`", BAD_USER_INPUT on `field`.
 */
export function boundWholeList(count: number, most: number, what: { subject: string; unit: string; instead: string; field: string }): void {
  if (count <= most) return;
  throw new BadInputError(`${what.subject} ${count.toLocaleString('en-GB')} ${what.unit}, more than ${most.toLocaleString('en-GB')} in one answer: ${what.instead}`, [what.field]);
}

/** The rows of whole lists a request has answered so far; past the limit the next list is refused. */
export class RowBudget {
  private spent = 0;

  /** Counts `rows` of the list `field` has answered; a request past the limit gets BAD_USER_INPUT. */
  spend(rows: number, field: string): void {
    this.spent += rows;
    if (this.spent > MAX_WHOLE_ROWS_A_REQUEST) {
      throw new BadInputError(
        `This request asks for more than ${MAX_WHOLE_ROWS_A_REQUEST.toLocaleString('en-GB')} rows of whole lists (rankings, travellers, contestants) in all: send them in separate requests, or read them a page at a time`,
        [field],
      );
    }
  }
}

/**
 * One budget per execution of an operation: keyed by its variable values, an object graphql-js
 * makes afresh for every execution (the parsed document and its operation are shared between
 * requests with the same text; a WebSocket's context between its operations).
 */
const budgets = new WeakMap<object, RowBudget>();

export function budgetOf(info: Pick<GraphQLResolveInfo, 'variableValues'>): RowBudget {
  let budget = budgets.get(info.variableValues);
  if (!budget) budgets.set(info.variableValues, (budget = new RowBudget()));
  return budget;
}

/** `list` once its rows (a traveller's lines; a session's travellers' lines) are counted against `budget`. */
export function spent<T extends unknown[] | { lines: unknown[] }>(budget: RowBudget, field: string, list: T): T {
  const rows = Array.isArray(list) ? list.reduce<number>((n, item) => n + (isTraveller(item) ? item.lines.length : 1), 0) : list.lines.length;
  budget.spend(rows, field);
  return list;
}

const isTraveller = (item: unknown): item is { lines: unknown[] } => typeof item === 'object' && item !== null && Array.isArray((item as { lines?: unknown }).lines);

/** The request's `RowBudget` (GraphQL resolvers of whole lists). */
export const WholeRows = createParamDecorator((_: unknown, context: ExecutionContext) => budgetOf(GqlExecutionContext.create(context).getInfo<GraphQLResolveInfo>()));
