import { describe, expect, it } from '@jest/globals';
import { InvalidContractError } from './errors.js';
import { formatContract, formatResult, parseContract, parseResult } from './contract.js';

describe('contracts and results as API.md writes them', () => {
  it.each([
    ['pass', 'PASS'],
    ['4hx', '4HX'],
    ['3NTxx', '3NTXX'],
    ['3 NT x', '3NTX'], // Bridgemate spacing
    ['2 S', '2S'],
    ['6N', '6NT'],
    ['7C', '7C'],
  ])('reads %s as %s', (text, canonical) => {
    expect(formatContract(parseContract(text))).toBe(canonical);
  });

  it.each([
    ['8H', /Level must be 1–7, got 8/],
    ['0NT', /Level must be 1–7, got 0/],
    ['5NTXXX', /more than XX/],
    ['4Z', /not a contract/],
    ['', /empty/],
  ])('refuses %s with a clear message', (text, message) => {
    expect(() => parseContract(text)).toThrow(InvalidContractError);
    expect(() => parseContract(text)).toThrow(message);
  });

  it('reads results as tricks taken', () => {
    const c = parseContract('4H');
    expect(parseResult(c, '=')).toBe(10);
    expect(parseResult(c, '+1')).toBe(11);
    expect(parseResult(c, '-2')).toBe(8);
    expect(parseResult(c, 7)).toBe(7);
    expect(parseResult(c, '13')).toBe(13);
    expect(formatResult(c, 8)).toBe('-2');
    expect(formatResult(c, 10)).toBe('=');
    expect(formatResult(c, 12)).toBe('+2');
  });

  it.each([
    ['1C', 14, /0 to 13/],
    ['1C', '-10', /at most 7 undertricks/],
    ['6NT', '+2', /only 13/],
    ['4H', '+', /must be =/],
  ])('refuses %s with result %s', (contract, result, message) => {
    expect(() => parseResult(parseContract(contract), result)).toThrow(message);
  });

  it('refuses a result on a passed-out board', () => {
    expect(() => parseResult('PASS', '=')).toThrow(/passed-out board has no tricks/);
  });
});
