import { setImmediate, setTimeout } from 'node:timers/promises';

/**
 * A turn of the event loop spent on a long piece of work (a national field's rows or scoring):
 * `over` once it has run `ms`, the clock read every `every` calls; `next` lets the loop answer
 * what waits (/health, reads, the transaction's own statements) and starts the next turn. By
 * time, not by count: 10,000 rows took 10 ms on one machine and 40–60 ms on a slower one. With a
 * `pauseMs`, work nobody waits for leaves the loop that long between turns, so what comes in
 * meanwhile (a page, a post) runs without waiting on its turns.
 */
export class Turn {
  private started = performance.now();
  private calls = 0;

  constructor(
    private readonly ms = 5,
    private readonly every = 1024,
    private readonly pauseMs = 0,
  ) {}

  over(): boolean {
    return ++this.calls % this.every === 0 && performance.now() - this.started > this.ms;
  }

  async next(): Promise<void> {
    await (this.pauseMs ? setTimeout(this.pauseMs) : setImmediate());
    this.started = performance.now();
  }
}
