import { describe, expect, it } from '@jest/globals';
import { jsonShapeProblem } from './body-shape.js';

describe('jsonShapeProblem', () => {
  it('measures a 200,000-deep array without recursion and names the field it starts in', () => {
    const deep = JSON.parse(`{"lines":${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    expect(jsonShapeProblem(deep)).toEqual({ path: 'lines', message: expect.stringMatching(/lines nests deeper than 32 levels/) });
  });

  it('finds a lone surrogate in a value or a key, but takes a surrogate pair as one character', () => {
    expect(jsonShapeProblem({ a: [{ reason: 'x\ud800' }] })?.path).toBe('a.0.reason');
    expect(jsonShapeProblem({ a: { ['k\udc00']: 1 } })?.path).toBe('a');
    expect(jsonShapeProblem({ name: 'Ann 😀 Smith' })).toBeNull();
  });

  it('refuses prototype keys, which object copies would drop silently', () => {
    expect(jsonShapeProblem(JSON.parse('{"line":{"__proto__":{"x":1}}}'))?.path).toBe('line.__proto__');
    expect(jsonShapeProblem({ constructor: 1 })?.path).toBe('constructor');
  });
});
