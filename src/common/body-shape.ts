import { isUtf8 } from 'node:buffer';
import type { NextFunction, Request, Response } from 'express';

/** No input of the API nests deeper than this (a batch line's adjustment is about 6 levels down). */
export const MAX_JSON_DEPTH = 32;

/** A lone UTF-16 surrogate: text no database or file can hold (a pair is one character and is fine). */
const LONE_SURROGATE = /\p{Cs}/u;

export interface ShapeProblem {
  path: string;
  message: string;
}

/**
 * What is wrong with a parsed JSON value, walked without recursion (so a 200,000-deep array is
 * measured, not a stack overflow): nesting past MAX_JSON_DEPTH, a lone surrogate in a string or a
 * key, or a `__proto__` key (which JSON parsers keep but object copies drop silently).
 */
export function jsonShapeProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): ShapeProblem | null {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length) {
    const [item, path, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return { path, message: `${path || 'The input'} is not well-formed text (a lone UTF-16 surrogate); send valid Unicode` };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth) {
      // Named by the field it starts in, not by thirty-odd list indexes.
      const field = path.split('.').slice(0, 4).join('.').replace(/(\.\d+)+$/, '');
      return { path: field, message: `${field || 'The input'} nests deeper than ${maxDepth} levels; no field of this API takes that` };
    }
    for (const key of Object.keys(item)) {
      const at = path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) return { path, message: `A field name in ${path || 'the input'} is not well-formed text (a lone UTF-16 surrogate)` };
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') return { path: at, message: `${at}: "${key}" is not a field of this API` };
      stack.push([(item as Record<string, unknown>)[key], at, depth + 1]);
    }
  }
  return null;
}

const MALFORMED_UTF8 = 'travellerMalformedUtf8';

/** The JSON parser's `verify`: bytes that are not UTF-8 would be decoded to U+FFFD silently, so they are marked for refusal. */
export function markMalformedUtf8(req: object, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) Object.defineProperty(req, MALFORMED_UTF8, { value: true });
}

/** The field that held the bytes that were not UTF-8 (where the parser put U+FFFD). */
function invalidUtf8Problem(body: unknown): ShapeProblem {
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string' && item.includes('\uFFFD')) return { path, message: `${path || 'The input'} is not valid UTF-8; send the text encoded as UTF-8` };
    if (item !== null && typeof item === 'object') for (const [key, child] of Object.entries(item)) stack.push([child, path ? `${path}.${key}` : key]);
  }
  return { path: '', message: 'The body is not valid UTF-8; send JSON encoded as UTF-8' };
}

/**
 * After the JSON parser, before anything reads the body: a body that is not UTF-8, too deep, with
 * malformed text or a prototype key is refused with 400 naming the field (for GraphQL, as a GraphQL error).
 */
export function refuseMalformedJson(req: Request, res: Response, next: NextFunction): void {
  const json = req.body !== undefined && !Buffer.isBuffer(req.body);
  const problem = !json ? null : MALFORMED_UTF8 in req ? invalidUtf8Problem(req.body) : jsonShapeProblem(req.body);
  if (!problem) return next();
  const fields = problem.path ? [problem.path] : [];
  if (req.path === '/graphql') {
    res.status(400).json({ errors: [{ message: problem.message, extensions: { code: 'BAD_USER_INPUT', fields } }] });
    return;
  }
  res.status(400).json({ statusCode: 400, code: 'BAD_USER_INPUT', message: problem.message, fields });
}
