import { describe, expect, it } from '@jest/globals';
import { setImmediate as nextTick } from 'node:timers/promises';
import { Turn } from './turns.js';

/** Whether `promise` has settled after a few turns of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await nextTick();
  return done;
}

describe('a turn of long work', () => {
  it('pauses between turns when asked to, and a hurried turn stops pausing, the pause under way cut short', async () => {
    const turn = new Turn(0, 1, 60_000);
    const pausing = turn.next();
    expect(await settled(pausing)).toBe(false);
    turn.hurry();
    expect(await settled(pausing)).toBe(true);
    expect(await settled(turn.next())).toBe(true);
  });
});
