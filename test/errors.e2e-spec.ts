import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';

/** Bad input is answered with a stable code, the offending fields and a message a director can act on. */
describe('errors', () => {
  let t: TestApp;
  let eventId: string;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp();
    eventId = dataOf(await t.gql(`mutation { createEvent(input: { name: "Errors", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`)).createEvent.id;
    sessionId = dataOf(await t.gql(`mutation($e: ID!) { createSession(input: { eventId: $e }) { id } }`, { e: eventId })).createSession.id;
  });
  afterAll(() => t.close());

  const error = (res: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) => {
    expect(res.errors).toHaveLength(1);
    return res.errors![0];
  };

  it('validates inputs with class-validator: BAD_USER_INPUT naming the field', async () => {
    const e = error(await t.gql(`mutation { createEvent(input: { name: "", kind: PAIRS, scoring: MATCHPOINTS }) { id } }`));
    expect(e.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: ['name'] });
    expect(e.message).toMatch(/name must be longer than or equal to 1/);
  });

  it('refuses a scoring method that does not fit the kind of event', async () => {
    const e = error(await t.gql(`mutation { createEvent(input: { name: "T", kind: TEAMS, scoring: MATCHPOINTS }) { id } }`));
    expect(e.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: ['scoring'] });
    expect(e.message).toBe('A teams event is scored TEAMS_IMPS or TOTAL_POINTS, not MATCHPOINTS');
  });

  it('refuses an impossible deal, naming the problem', async () => {
    const add = async (deal: string) =>
      error(await t.gql(`mutation($s: ID!, $d: String) { addBoards(input: { sessionId: $s, boards: [{ number: 1, deal: $d }] }) { id } }`, { s: sessionId, d: deal }));
    const twice = await add('N:AKQ2.T95.J87.A42 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T852');
    expect(twice.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: ['boards.0.deal'] });
    expect(twice.message).toBe('Board 1: Card C2 appears twice in the deal');
    const fiftyThree = await add('N:AKQ2.T95.J87.A432 J854.AQ2.Q94.KQ6 T9.K8763.AK2.J97 763.J4.T653.T85');
    expect(fiftyThree.message).toBe('Board 1: Hand of N has 14 cards, must have 13');
  });

  it('names nested fields of a batch', async () => {
    const e = error(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1 }, { number: 0 }] }) { id } }`, { e: eventId }));
    expect(e.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: ['contestants.1.number'] });
  });

  it('refuses a bad date and a bad enum before any resolver runs', async () => {
    expect(error(await t.gql(`{ events(from: "2026-02-30") { totalCount } }`)).extensions?.code).toMatch(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/);
    expect(error(await t.gql(`mutation { createEvent(input: { name: "x", kind: DUO, scoring: MATCHPOINTS }) { id } }`)).extensions?.code).toMatch(
      /BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/,
    );
  });

  it('answers NOT_FOUND for an id that does not exist, BAD_USER_INPUT for one that cannot', async () => {
    const missing = error(await t.gql(`{ event(id: "00000000-0000-4000-8000-000000000000") { id } }`));
    expect(missing.extensions).toEqual({ code: 'NOT_FOUND', fields: ['id'] });
    expect(missing.message).toBe('Event 00000000-0000-4000-8000-000000000000 does not exist');
    const malformed = error(await t.gql(`{ event(id: "42") { id } }`));
    expect(malformed.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: ['id'] });
    const parent = error(await t.gql(`mutation { createSession(input: { eventId: "00000000-0000-4000-8000-000000000000" }) { id } }`));
    expect(parent.extensions).toEqual({ code: 'NOT_FOUND', fields: ['eventId'] });
  });

  it('answers CONFLICT for a duplicate pair number and writes nothing of the batch', async () => {
    dataOf(await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 7, name: "Sevens" }] }) { id } }`, { e: eventId }));
    const e = error(
      await t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 8, name: "Eights" }, { number: 7, name: "Again" }] }) { id } }`, {
        e: eventId,
      }),
    );
    expect(e.extensions).toEqual({ code: 'CONFLICT', fields: ['contestants.1.number'] });
    expect(e.message).toBe('Number 7 is already entered in this event (Sevens)');
    const numbers = dataOf(await t.gql(`query($e: ID!) { event(id: $e) { contestants { number } } }`, { e: eventId })).event.contestants;
    expect(numbers).toEqual([{ number: 7 }]);
  });

  it('keeps NS 1 and EW 1 apart in a two-winner Mitchell, but not two NS 1', async () => {
    const add = (dir: string) =>
      t.gql(`mutation($e: ID!) { addContestants(input: { eventId: $e, contestants: [{ number: 1, direction: ${dir} }] }) { id } }`, { e: eventId });
    dataOf(await add('NS'));
    dataOf(await add('EW'));
    expect(error(await add('NS')).extensions?.code).toBe('CONFLICT');
  });

  it('answers CONFLICT for an existing board or section, never overwriting it', async () => {
    dataOf(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 4, boards: [1, 2] }) { id } }`, { s: sessionId }));
    expect(error(await t.gql(`mutation($s: ID!) { createSection(input: { sessionId: $s, letter: "A", tables: 5 }) { id } }`, { s: sessionId })).extensions?.code).toBe('CONFLICT');
    const e = error(await t.gql(`mutation($s: ID!) { addBoards(input: { sessionId: $s, boards: [{ number: 3 }, { number: 2 }] }) { id } }`, { s: sessionId }));
    expect(e.extensions?.code).toBe('CONFLICT');
    const boards = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { boards { number } } }`, { s: sessionId })).session.boards;
    expect(boards).toEqual([{ number: 1 }, { number: 2 }]);
  });

  it('never sends a stack trace', async () => {
    const res = await t.gql(`{ event(id: "00000000-0000-4000-8000-000000000000") { id } }`);
    expect(JSON.stringify(res)).not.toMatch(/stacktrace|\.ts:\d+|at /);
  });
});
