import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestApp, type TestApp } from './support/app.js';
import { buildEvent, postLines, row, sessionRanking } from './support/events.js';

/**
 * Law 79C: once a session's correction period is over its results are final, and whatever changes
 * them — a line, a board's marking, or the rules and movement they are scored by — needs the
 * director's override (Law 79C2) and is kept in the session's audit trail.
 */
describe('event and section settings after the correction period (Law 79C)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /**
   * Pairs 1–3 NS, 4–6 EW, one field. In matchpoints pairs 2 and 5 share the top (10 of 12) and
   * pair 1 is 3=; in cross-IMPs pair 5 wins alone and pair 1's slam (+980 against +480 and +450)
   * makes it second.
   */
  const lines = [
    { board: 1, nsPair: 1, ewPair: 4, contract: '6S', declarer: 'N', result: '=' }, // +980
    { board: 1, nsPair: 2, ewPair: 5, contract: '4S', declarer: 'N', result: '+2' }, // +480
    { board: 1, nsPair: 3, ewPair: 6, contract: '4S', declarer: 'N', result: '+1' }, // +450
    { board: 2, nsPair: 1, ewPair: 5, contract: '2S', declarer: 'N', result: '-1' }, // −100 (NS vul)
    { board: 2, nsPair: 2, ewPair: 6, contract: '3C', declarer: 'N', result: '=' }, // +110
    { board: 2, nsPair: 3, ewPair: 4, contract: '1NT', declarer: 'N', result: '=' }, // +90
    { board: 3, nsPair: 1, ewPair: 6, contract: '2H', declarer: 'N', result: '=' }, // +110
    { board: 3, nsPair: 2, ewPair: 4, contract: '2H', declarer: 'N', result: '+1' }, // +140
    { board: 3, nsPair: 3, ewPair: 5, contract: '2H', declarer: 'N', result: '-1' }, // −50
  ];

  async function playedEvent(correctionMinutes: number, publish = true) {
    const e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 6, options: `correctionMinutes: ${correctionMinutes}`, sessions: [['letter: "A", tables: 3, boards: [1, 2, 3]']] });
    await postLines(t, e.sessionIds[0], lines);
    if (publish) dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s: e.sessionIds[0] }));
    return e;
  }

  const updateEvent = (id: string, input: string) => t.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { ${input} }) { name venue scoring factoring } }`, { id });
  const eventNow = async (id: string) => dataOf(await t.gql(`query($id: ID!) { event(id: $id) { name venue scoring factoring } }`, { id })).event;
  const trail = async (sessionId: string) => dataOf(await t.gql(`query($s: ID!) { auditTrail(sessionId: $s) { action entityId law reason before after } }`, { s: sessionId })).auditTrail;

  describe('updateEvent', () => {
    it('refuses a change of scoring method after the period without override, and leaves everything as it was', async () => {
      const e = await playedEvent(0);
      const s = e.sessionIds[0];
      const before = await sessionRanking(t, s);
      expect(row(before, 1).place).toBe('3=');
      const entries = (await trail(s)).length;

      const refused = await updateEvent(e.eventId, 'name: "Renamed", scoring: CROSS_IMPS, factoring: RATIO');
      expect(refused.errors?.[0].extensions?.code).toBe('CONFLICT');
      expect(refused.errors?.[0].extensions?.fields).toEqual(['override']);
      expect(refused.errors?.[0].message).toMatch(/correction period \(Law 79C\).*ended.*override: true/s);
      expect(refused.errors?.[0].message).toMatch(/scoring, factoring/);

      expect(await eventNow(e.eventId)).toEqual({ name: 'Test', venue: null, scoring: 'MATCHPOINTS', factoring: 'NEUBERG' });
      expect(await sessionRanking(t, s)).toEqual(before);
      expect(await trail(s)).toHaveLength(entries);
    });

    it('makes the change with override: the ranking is the new one, and the audit trail says who changed what', async () => {
      const e = await playedEvent(0);
      const s = e.sessionIds[0];
      const changed = dataOf(await updateEvent(e.eventId, 'scoring: CROSS_IMPS, override: true')).updateEvent;
      expect(changed.scoring).toBe('CROSS_IMPS');

      const ranking = await sessionRanking(t, s);
      expect(ranking[0]).toMatchObject({ place: '1', contestant: { number: 5 } });
      expect(row(ranking, 1).place).toBe('2');
      const entry = (await trail(s)).find((x: any) => x.action === 'SCORING_RULES_CHANGED');
      expect(entry).toMatchObject({ entityId: e.eventId, law: '79C2', before: { scoring: 'MATCHPOINTS' }, after: { scoring: 'CROSS_IMPS' } });
      expect(entry.reason).toMatch(/scoring/);
    });

    it('leaves changes that do not touch scores free after the period, and a rule sent again unchanged', async () => {
      const e = await playedEvent(0);
      const s = e.sessionIds[0];
      const entries = (await trail(s)).length;
      const changed = dataOf(await updateEvent(e.eventId, 'name: "Club pairs", venue: "Hall", scoring: MATCHPOINTS, factoring: NEUBERG, correctionMinutes: 0')).updateEvent;
      expect(changed).toEqual({ name: 'Club pairs', venue: 'Hall', scoring: 'MATCHPOINTS', factoring: 'NEUBERG' });
      expect(await trail(s)).toHaveLength(entries);
    });

    it('keeps the award category of final results to an override, audited: it decides their masterpoints', async () => {
      const e = await playedEvent(0);
      const s = e.sessionIds[0];
      const category = async () => dataOf(await t.gql(`query($id: ID!) { event(id: $id) { category } }`, { id: e.eventId })).event.category;
      const update = (input: string) => t.gql(`mutation($id: ID!) { updateEvent(id: $id, input: { ${input} }) { category } }`, { id: e.eventId });
      const refusal = { extensions: { code: 'CONFLICT', fields: ['override'] }, message: expect.stringMatching(/changing category of the event would change the awards given for them/) };
      expect((await update('category: "NATIONAL"')).errors?.[0]).toMatchObject(refusal);
      expect(await category()).toBeNull();
      expect(dataOf(await update('category: "NATIONAL", override: true')).updateEvent.category).toBe('NATIONAL');
      expect((await trail(s)).find((x: any) => x.action === 'AWARD_CATEGORY_CHANGED')).toMatchObject({ entityId: e.eventId, law: '79C2', before: { category: null }, after: { category: 'NATIONAL' } });
      // The same category again is no change; clearing it is one.
      expect(dataOf(await update('category: "NATIONAL"')).updateEvent.category).toBe('NATIONAL');
      expect((await update('category: ""')).errors?.[0]).toMatchObject(refusal);
      expect(await category()).toBe('NATIONAL');
    });

    it('changes the rules freely while the correction period runs, or before the results are published', async () => {
      for (const e of [await playedEvent(30), await playedEvent(0, false)]) {
        const changed = dataOf(await updateEvent(e.eventId, 'scoring: CROSS_IMPS')).updateEvent;
        expect(changed.scoring).toBe('CROSS_IMPS');
        expect(row(await sessionRanking(t, e.sessionIds[0]), 1).place).toBe('2');
        expect((await trail(e.sessionIds[0])).some((x: any) => x.action === 'SCORING_RULES_CHANGED')).toBe(false);
      }
    });
  });

  describe('updateSection', () => {
    /**
     * A 3-table Mitchell cut to 2 rounds: each board is played twice. NS pair n bids n NT and makes
     * it, so NS 3 wins both its boards (100 %), NS 2 one (50 %), NS 1 none (0 %). Played in full
     * (3 rounds), each board should have had 3 results: Neuberg makes them 87.5 %, 50 %, 12.5 %.
     */
    async function shortMitchell() {
      const contestants = [1, 2, 3].flatMap((n) => [`{ number: ${n}, direction: NS }`, `{ number: ${n}, direction: EW }`]);
      const e = await buildEvent(t, { scoring: 'MATCHPOINTS', contestants, options: 'correctionMinutes: 0', sessions: [['letter: "A", movement: { kind: MITCHELL, tables: 3, boardsPerRound: 1, rounds: 2 }']] });
      const s = e.sessionIds[0];
      const section = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { sections { id movement { rounds { number tables { table ns ew boards } } } } } }`, { s })).session.sections[0];
      const played = section.movement.rounds.flatMap((r: any) =>
        r.tables.map((x: any) => ({ round: r.number, table: x.table, board: x.boards[0], nsPair: x.ns, ewPair: x.ew, contract: `${x.ns}NT`, declarer: 'N', result: '=' })),
      );
      await postLines(t, s, played);
      dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s }));
      return { s, sectionId: section.id as string };
    }

    const percentages = async (s: string) => (await sessionRanking(t, s, 'NS')).map((x) => [x.contestant.number, x.percentage]);
    const updateSection = (id: string, input: string) => t.gql(`mutation($id: ID!) { updateSection(id: $id, input: { ${input} }) { tables movement { rounds { number } } } }`, { id });

    it('refuses a new movement after the period without override, and leaves the section and ranking as they were', async () => {
      const { s, sectionId } = await shortMitchell();
      expect(await percentages(s)).toEqual([[3, 100], [2, 50], [1, 0]]);
      const entries = (await trail(s)).length;

      const refused = await updateSection(sectionId, 'finished: true, movement: { kind: MITCHELL, tables: 3, boardsPerRound: 1, rounds: 3 }');
      expect(refused.errors?.[0].extensions?.code).toBe('CONFLICT');
      expect(refused.errors?.[0].extensions?.fields).toEqual(['override']);
      expect(refused.errors?.[0].message).toMatch(/correction period \(Law 79C\).*override: true/s);

      const section = dataOf(await t.gql(`query($id: ID!) { section(id: $id) { finishedAt movement { rounds { number } } } }`, { id: sectionId })).section;
      expect(section).toEqual({ finishedAt: null, movement: { rounds: [{ number: 1 }, { number: 2 }] } });
      expect(await percentages(s)).toEqual([[3, 100], [2, 50], [1, 0]]);
      expect(await trail(s)).toHaveLength(entries);
    });

    it('changes the movement with override: the ranking is the new one, audited', async () => {
      const { s, sectionId } = await shortMitchell();
      dataOf(await updateSection(sectionId, 'movement: { kind: MITCHELL, tables: 3, boardsPerRound: 1, rounds: 3 }, override: true'));
      expect(await percentages(s)).toEqual([[3, 87.5], [2, 50], [1, 12.5]]);
      const entry = (await trail(s)).find((x: any) => x.action === 'SECTION_CHANGED');
      expect(entry).toMatchObject({ entityId: sectionId, law: '79C2' });
      expect(entry.reason).toMatch(/movement/);
    });

    it('hands a section to another club after the period only with override (its pairs move to that club’s list)', async () => {
      const org = async (input: string) => dataOf(await t.gql(`mutation { createOrganization(input: { ${input} }) { id } }`)).createOrganization.id as string;
      const federation = await org('name: "Federation", kind: FEDERATION');
      const [north, south] = [await org(`name: "North", kind: CLUB, federationId: "${federation}"`), await org(`name: "South", kind: CLUB, federationId: "${federation}"`)];
      const e = await buildEvent(t, { scoring: 'MATCHPOINTS', pairs: 6, options: `correctionMinutes: 0, organizationId: "${federation}"`, sessions: [[`letter: "A", tables: 3, boards: [1, 2, 3], organizationId: "${north}"`]] });
      const s = e.sessionIds[0];
      await postLines(t, s, lines);
      dataOf(await t.gql(`mutation($s: ID!) { publishSession(sessionId: $s) { id } }`, { s }));
      const sectionId = dataOf(await t.gql(`query($s: ID!) { session(id: $s) { sections { id } } }`, { s })).session.sections[0].id;
      const hand = (extra: string) => t.gql(`mutation($id: ID!, $o: ID!) { updateSection(id: $id, input: { organizationId: $o${extra} }) { organizationId } }`, { id: sectionId, o: south });

      expect((await hand('')).errors?.[0].extensions?.code).toBe('CONFLICT');
      expect(dataOf(await t.gql(`query($id: ID!) { section(id: $id) { organizationId } }`, { id: sectionId })).section.organizationId).toBe(north);
      expect(dataOf(await hand(', override: true')).updateSection.organizationId).toBe(south);
      expect((await trail(s)).find((x: any) => x.action === 'SECTION_CHANGED')).toMatchObject({ law: '79C2', before: { host: north }, after: { host: south } });
    });

    it('leaves the same movement sent again and finishing play free after the period', async () => {
      const { s, sectionId } = await shortMitchell();
      const entries = (await trail(s)).length;
      dataOf(await updateSection(sectionId, 'finished: true, movement: { kind: MITCHELL, tables: 3, boardsPerRound: 1, rounds: 2 }'));
      expect(await trail(s)).toHaveLength(entries);
    });
  });
});
