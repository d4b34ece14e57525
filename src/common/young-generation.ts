import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor' | 'major'; execution: 'sync' }) => void;

let collect: Collect | null | undefined;

/** V8's own collector, as `--expose-gc` gives it, in a context of its own (nothing else sees it); null where this V8 refuses. */
function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('typeof gc === "function" ? gc : null');
    collect = typeof gc === 'function' ? (gc as Collect) : null;
  } catch {
    collect = null;
  }
  return collect;
}

/**
 * What a large piece of work (a national field scored and readied) left in the young generation
 * and keeps, moved to the old one now: two scavenges (the first copies the survivors, the second
 * promotes them), ~10–25 ms together, at a moment chosen for it. Left to the collector, the same
 * copies fall in the first scavenges of the reads that follow, 6–13 ms each on the main thread,
 * and made the slowest of the first pages read after a national import.
 */
export function settleYoungGeneration(): boolean {
  const gc = collector();
  if (!gc) return false;
  gc({ type: 'minor', execution: 'sync' });
  gc({ type: 'minor', execution: 'sync' });
  return true;
}
