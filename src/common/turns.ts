import { setImmediate } from 'node:timers/promises';

/**
 * A turn of the event loop spent on a long piece of work (a national field's rows or scoring):
 * `over` once it has run `ms`, the clock read every `every` calls; `next` lets the loop answer
 * what waits (/health, reads, the transaction's own statements) and starts the next turn. By
 * time, not by count: 10,000 rows took 10 ms on one machine and 40–60 ms on a slower one. 1 ms by
 * default: during a national import the processor is shared with the database and the reading
 * thread, a turn's wall time was 2–4× its own, and a read arriving during a 5 ms turn waited
 * 10–20 ms for it (turns of 1 ms: ~30 waits over 8 ms in the import instead of ~48). With a
 * `pauseMs`, work nobody waits for leaves the loop that long between turns, so what comes in
 * meanwhile (a page, a post) runs without waiting on its turns.
 */
export class Turn {
  private started = performance.now();
  private calls = 0;

  constructor(
    private readonly ms = 1,
    private readonly every = 128,
    private pauseMs = 0,
  ) {}

  /** Ends a pause under way at once: `wake` while one is. */
  private wake: (() => void) | null = null;

  /** No more pauses between turns, the one under way cut short: someone now waits for the work (setImmediate still lets the loop answer in between). */
  hurry(): void {
    this.pauseMs = 0;
    this.wake?.();
  }

  over(): boolean {
    return ++this.calls % this.every === 0 && performance.now() - this.started > this.ms;
  }

  async next(): Promise<void> {
    if (this.pauseMs) {
      await new Promise<void>((done) => {
        const timer = setTimeout(done, this.pauseMs);
        timer.unref(); // a pause in background work never keeps the process up
        this.wake = () => (clearTimeout(timer), done());
      });
      this.wake = null;
    } else await setImmediate();
    this.started = performance.now();
  }
}
