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

/**
 * After the JSON parser, before anything reads the body: a body too deep, with malformed text or
 * a prototype key is refused with 400 naming the field (for GraphQL, as a GraphQL error).
 */
export function refuseMalformedJson(req: Request, res: Response, next: NextFunction): void {
  const problem = req.body !== undefined && !Buffer.isBuffer(req.body) ? jsonShapeProblem(req.body) : null;
  if (!problem) return next();
  const fields = problem.path ? [problem.path] : [];
  if (req.path === '/graphql') {
    res.status(400).json({ errors: [{ message: problem.message, extensions: { code: 'BAD_USER_INPUT', fields } }] });
    return;
  }
  res.status(400).json({ statusCode: 400, code: 'BAD_USER_INPUT', message: problem.message, fields });
}
