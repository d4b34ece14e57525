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
});
