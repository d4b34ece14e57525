import { describe, expect, it } from '@jest/globals';
import { parseTravellersCsv } from '../bridge/formats/csv.js';
import { FilePlan } from './file-reading.js';
import { warmUp, warmUpFile } from './reader-warm-up.js';

describe('a reading thread’s warm-up', () => {
  it('reads a file of its own as an import reads one: every line taken, played, artificial and unplayed', () => {
    const read = new FilePlan(parseTravellersCsv, warmUpFile());
    expect(read.fileLines).toBe(600);
    expect(read.outline.rejected).toEqual([]);
    expect(read.outline.contestants).toHaveLength(100);
    const plan = read.whole();
    const statuses = new Set(plan.sessions[0].results.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['ARTIFICIAL', 'NOT_PLAYED', 'PLAYED']);
    expect(read.planned().lineCounts).toEqual([600]);
  });

  it('stops as soon as a file has come', async () => {
    let rounds = 0;
    const counting = (input: Buffer) => (rounds++, parseTravellersCsv(input));
    await warmUp(counting, () => rounds >= 2);
    expect(rounds).toBe(2);
    rounds = 0;
    await warmUp(counting, () => true);
    expect(rounds).toBe(0);
  });
});
