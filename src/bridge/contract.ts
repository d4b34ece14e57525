import { InvalidContractError } from './errors.js';
import type { Doubling, Strain } from './types.js';

/** A bid contract, or a passed-out board. */
export type Contract = { level: number; strain: Strain; doubling: Doubling } | 'PASS';

const CONTRACT = /^([1-7])(C|D|H|S|NT|N)(X{0,2})$/;

/** Contracts already parsed, by their text, shared and frozen: a national file spells a few dozen contracts 240,000 times. Bounded, as texts come from files. */
const PARSED = new Map<string, Contract>();
const MAX_PARSED = 1_000;

/**
 * Parses `PASS`, `1C` … `7NT` with `X`/`XX` appended, in any case and with spaces as Bridgemate
 * writes them ("3 NT x"). `N` is read as NT. The contract returned is read-only (frozen).
 */
export function parseContract(text: string): Contract {
  const known = PARSED.get(text);
  if (known) return known;
  const contract = parsedAnew(text);
  if (PARSED.size < MAX_PARSED) PARSED.set(text, typeof contract === 'string' ? contract : Object.freeze(contract));
  return contract;
}

function parsedAnew(text: string): Contract {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (compact === 'PASS' || compact === 'P' || compact === 'AP') return 'PASS';
  const m = CONTRACT.exec(compact);
  if (m) return { level: Number(m[1]), strain: (m[2] === 'N' ? 'NT' : m[2]) as Strain, doubling: m[3] as Doubling };
  throw new InvalidContractError(contractProblem(text, compact), 'contract');
}

function contractProblem(text: string, compact: string): string {
  const level = /^(\d+)/.exec(compact)?.[1];
  if (!compact) return 'Contract is empty; give PASS or a contract such as 4H or 3NTX';
  if (level && (Number(level) < 1 || Number(level) > 7)) return `Level must be 1–7, got ${level} in "${text}"`;
  if (/X{3,}$/.test(compact)) return `"${text}" has more than XX: a contract is undoubled, X or XX`;
  return `"${text}" is not a contract: write PASS or level + strain (C D H S NT) + optional X/XX, e.g. 4HX`;
}

/** Each bid contract's canonical text, by strain, doubling and level: printing one makes no new string. */
const CANONICAL = Object.fromEntries(
  (['C', 'D', 'H', 'S', 'NT'] as const).map((strain) => [strain, Object.fromEntries((['', 'X', 'XX'] as const).map((doubling) => [doubling, [1, 2, 3, 4, 5, 6, 7].map((level) => `${level}${strain}${doubling}`)]))]),
) as Record<Strain, Record<Doubling, string[]>>;

/** Canonical form: `PASS`, `4H`, `3NTX`, `6SXX`. */
export function formatContract(contract: Contract): string {
  if (contract === 'PASS') return 'PASS';
  return CANONICAL[contract.strain]?.[contract.doubling]?.[contract.level - 1] ?? `${contract.level}${contract.strain}${contract.doubling}`;
}

/**
 * The tricks declarer took, from a trick count (0–13) or a relative result (`=`, `+1`, `-2`).
 * A passed-out board has no result.
 */
export function parseResult(contract: Contract, result: number | string): number {
  if (contract === 'PASS') throw new InvalidContractError('A passed-out board has no tricks or result', 'result');
  const needed = contract.level + 6;
  let tricks: number;
  if (typeof result === 'number') {
    tricks = result;
  } else {
    const text = result.trim();
    if (/^\d{1,2}$/.test(text)) tricks = Number(text);
    else if (text === '=' || text === '=0') tricks = needed;
    else if (/^[+-]\d{1,2}$/.test(text)) tricks = needed + Number(text);
    else throw new InvalidContractError(`Result "${result}" must be =, +N, -N or a trick count 0–13`, 'result');
    if (tricks > 13 && /^[+]/.test(text)) {
      throw new InvalidContractError(`${formatContract(contract)}${text} would be ${tricks} tricks; there are only 13`, 'result');
    }
    if (tricks < 0) {
      throw new InvalidContractError(`${formatContract(contract)}${text} would be ${tricks} tricks; at most ${needed} undertricks are possible`, 'result');
    }
  }
  if (!Number.isInteger(tricks) || tricks < 0 || tricks > 13) {
    throw new InvalidContractError(`Tricks must be a whole number from 0 to 13, got ${result}`, 'tricks');
  }
  return tricks;
}

/** The relative result of `tricks` on `contract`: `=`, `+1`, `-2`. */
export function formatResult(contract: Contract, tricks: number): string {
  if (contract === 'PASS') return '';
  const diff = tricks - (contract.level + 6);
  return diff === 0 ? '=' : diff > 0 ? `+${diff}` : `${diff}`;
}
