import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { contestantRows } from './contestant-rows.js';
import type { PlannedContestant } from './import-plan.js';

/**
 * A file's contestants as written: the stored players a new seat names are the only parents of
 * the seats the import's key check must find (the contestants and new players are the load's own).
 */
describe('contestant rows', () => {
  const pair = (number: number, players: [string, string | null][]): PlannedContestant =>
    ({ id: randomUUID(), section: 'A', number, direction: 'NS', name: players.map(([n]) => n).join(' & '), players: players.map(([name, memberNumber]) => ({ name, memberNumber })), file: {} }) as PlannedContestant;

  it('names the stored players the new seats take, once each, and not the players it creates', () => {
    const known = new Map([['100', randomUUID()], ['200', randomUUID()], ['300', randomUUID()]]);
    const existing = pair(1, [['Already', '300'], ['Entered', null]]);
    const stored = randomUUID();
    const rows = contestantRows(
      [existing, pair(2, [['Known', '100'], ['New', '900']]), pair(3, [['Known again', '100'], ['New again', '900']]), pair(4, [['Nameless', null], ['Other', '200']])],
      { eventId: randomUUID(), organizationId: null, existing: [{ id: stored, section: 'A', number: 1, direction: 'NS' }], knownPlayers: known },
    );
    expect(rows.existing).toEqual(new Map([[existing.id, stored]]));
    // 300 is seated only in the contestant already entered (no new seat); 900 is created here.
    expect(rows.seatedKnown.sort()).toEqual([known.get('100')!, known.get('200')!].sort());
  });

  it('hands the scoring cache the new contestants and the seats of the players it creates, as written', () => {
    const known = new Map([['100', randomUUID()]]);
    const [two, three] = [pair(2, [['Known', '100'], ['New', '900']]), pair(3, [['New', '900'], ['Nameless', null]])];
    three.section = null;
    three.direction = null;
    const target = { eventId: randomUUID(), organizationId: randomUUID(), existing: [], knownPlayers: known };
    const { written } = contestantRows([two, three], target);
    expect(written).toMatchObject({ eventId: target.eventId, organizationId: target.organizationId, ids: [two.id, three.id], sections: ['A', null], numbers: [2, 3], directions: ['NS', null], names: ['Known & New', 'New & Nameless'] });
    // The stored player's seat is not handed (its row is read); 900 met twice is one player.
    expect(written.storedPlayers).toEqual([known.get('100')]);
    const { seats } = written;
    expect(seats.contestantIds).toEqual([two.id, three.id, three.id]);
    expect(seats.positions).toEqual([2, 1, 2]);
    expect(seats.names).toEqual(['New', 'New', 'Nameless']);
    expect(seats.memberNumbers).toEqual(['900', '900', null]);
    expect(seats.playerIds[0]).toBe(seats.playerIds[1]);
    expect(new Set(seats.playerIds).size).toBe(2);
  });
});
