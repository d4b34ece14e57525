import { describe, expect, it } from '@jest/globals';
import { ConflictError } from '../common/errors.js';
import type { Contestant, Result, Section } from '../generated/prisma/client.js';
import { decideLine, type LineRules, type PreparedLine } from './line-decision.js';

/** DOMAIN §6.6 rules 4 and 7, and Law 79C: what a posted line does to the lines already on its board. */
describe('decideLine', () => {
  const section = { id: 'sec', sessionId: 'ses', letter: 'A' } as Section;
  const pair = (id: string) => ({ id }) as Contestant;
  const line = (ns: string, ew: string, over: Partial<PreparedLine> = {}, input: Partial<PreparedLine['input']> = {}): PreparedLine => ({
    section,
    boardNumber: 1,
    vulnerability: 'NONE',
    ns: pair(ns),
    ew: pair(ew),
    round: 1,
    table: 1,
    movementIssue: null,
    status: 'PLAYED',
    contract: '4S',
    declarer: 'N',
    tricks: 10,
    nsScore: 420,
    field: '',
    input: { board: 1, nsPair: 1, ewPair: 2, contract: '4S', ...input },
    ...over,
  });
  const open: LineRules = { teams: false, lockedSince: null };
  const now = new Date('2026-11-22T21:00:00Z');
  const decide = (onBoard: Result[], l: PreparedLine, rules = open, keyed?: Result) => decideLine({ onBoard, keyed }, l, rules, () => 'a line', 'pad', now);
  const stored = decide([], line('n1', 'e2'));
  const row = stored.row;

  it('inserts a new line with its audit entry', () => {
    expect(stored.kind).toBe('insert');
    expect(stored).toMatchObject({ row: { version: 1, nsScore: 420, contract: '4S' }, audit: { action: 'RESULT_CREATED', actor: 'pad', after: { nsScore: 420 } } });
  });

  it('does nothing for the same line again', () => {
    expect(decide([row], line('n1', 'e2')).kind).toBe('repeat');
  });

  it('refuses a different line without a correction', () => {
    expect(() => decide([row], line('n1', 'e2', { tricks: 11, nsScore: 450 }))).toThrow(/send the new line as a correction/);
  });

  it('corrects with a reason, as a new version, keeping the old content in the audit', () => {
    const d = decide([row], line('n1', 'e2', { tricks: 11, nsScore: 450 }, { correction: { reason: 'Eleven tricks' } }));
    expect(d).toMatchObject({ kind: 'correct', row: { version: 2, nsScore: 450, id: row.id }, audit: { action: 'RESULT_CORRECTED', law: '79C', before: { nsScore: 420 }, after: { nsScore: 450 } } });
  });

  it('after the correction period, needs an override and cites Law 79C2', () => {
    const locked = { ...open, lockedSince: new Date('2026-11-22T20:30:00Z') };
    const change = line('n1', 'e2', { tricks: 11, nsScore: 450 }, { correction: { reason: 'Eleven tricks' } });
    expect(() => decide([row], change, locked)).toThrow(/override: true/);
    expect(() => decide([], line('n3', 'e4'), locked)).toThrow(ConflictError);
    const d = decide([row], line('n1', 'e2', { tricks: 11, nsScore: 450 }, { correction: { reason: 'Eleven tricks', override: true } }), locked);
    expect(d).toMatchObject({ kind: 'correct', audit: { law: '79C2' } });
    expect(decide([row], line('n1', 'e2'), locked).kind).toBe('repeat'); // a retry is still harmless
  });

  it('lets a pair play a board once; in teams each team once per direction', () => {
    expect(() => decide([row], line('n1', 'e9'))).toThrow(/NS pair 1 already has a result on board 1/);
    expect(() => decide([row], line('e2', 'n1'))).toThrow(/already has a result/);
    expect(decide([row], line('e2', 'n1'), { ...open, teams: true }).kind).toBe('insert');
  });

  it('refuses an idempotency key already used by another line', () => {
    const keyed = { ...row, id: 'other', boardNumber: 7 };
    expect(() => decide([], line('n3', 'e4', {}, { idempotencyKey: 'k1' }), open, keyed)).toThrow(/Idempotency key "k1" was used for another line \(board 7\)/);
  });
});
