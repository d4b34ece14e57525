import { readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';

/**
 * The niceness of the service's threads that answer nobody directly: V8's helpers (concurrent
 * marking, parallel scavenges, compilation), libuv's pool (files, zlib), the threads reading a
 * file or solving deals. Requests are answered on the main thread only, and on a small machine
 * busy with a national import (the database, the reading thread and the collector's helpers all
 * wanting the processor) it waited its turn behind them. With the others at niceness 10 (runs of
 * bench:simultaneous alternated with runs without, 2 cores): another event's ranking page read
 * during the import, p99 36–51 ms against 68–74 ms; a correction visible afterwards, p99 26–30 ms
 * against 44–56 ms. Their work is not lost, only done when the main thread does not need the
 * processor; but the import itself, whose main-thread part then does more of the collector's work,
 * took 3.4–5.1× the COPY floor against 3.2–4.8× (the floor varies run to run by half). A service
 * that imports more than it is read sets TRAVELLER_BACKGROUND_NICENESS=0 to keep every thread at
 * its own priority.
 */
export const BACKGROUND_NICENESS = 10;

/** TRAVELLER_BACKGROUND_NICENESS (0–19, 0: threads left as they are), else BACKGROUND_NICENESS; a bad value stops the start with a clear error. */
export function backgroundNiceness(value = process.env.TRAVELLER_BACKGROUND_NICENESS): number {
  if (value === undefined || value.trim() === '') return BACKGROUND_NICENESS;
  const niceness = Number(value);
  if (!Number.isInteger(niceness) || niceness < 0 || niceness > 19) throw new Error(`TRAVELLER_BACKGROUND_NICENESS must be a whole number from 0 (threads left at the service's priority) to 19, not "${value}"`);
  return niceness;
}

/**
 * The calling thread gives way to the service's main thread (Linux keeps a niceness per thread;
 * elsewhere this may be the whole process's, and is left alone off Linux). Lowering one's own
 * priority is always allowed.
 */
export function giveWay(): void {
  if (process.platform !== 'linux') return;
  try {
    const niceness = backgroundNiceness();
    if (getPriority() < niceness) setPriority(niceness);
  } catch {
    // keeps its priority (a bad setting has stopped the service's start already)
  }
}

/**
 * Every thread of this process but the main one made to give way to it (`backgroundNiceness`);
 * called once the service is up, when V8's helpers and the solver's threads exist. libuv's pool
 * is started first (it starts whole on first use). A thread already lower is left as it is.
 * Linux only (/proc/self/task); returns how many threads were lowered.
 */
export async function backgroundThreadsGiveWay(): Promise<number> {
  const niceness = backgroundNiceness();
  if (process.platform !== 'linux' || niceness === 0) return 0;
  await stat(process.cwd()); // a first call to libuv's pool starts its threads
  let lowered = 0;
  for (const task of readdirSync('/proc/self/task')) {
    const thread = Number(task);
    if (thread === process.pid) continue;
    try {
      if (getPriority(thread) >= niceness) continue;
      setPriority(thread, niceness);
      lowered++;
    } catch {
      // ended meanwhile, or not allowed: keeps its priority
    }
  }
  return lowered;
}
