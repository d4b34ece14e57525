import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SolveReply, SolveRequest } from './solver.worker.js';

export interface Solved {
  tricks: number[];
  ms: number;
}

/**
 * Worker threads that run the double-dummy solver; `solve` queues a deal for the next free thread.
 * The compiled worker is used (dist/), also when the service runs from sources under the tests.
 */
export class SolverPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: { request: SolveRequest; done: (reply: SolveReply) => void }[] = [];
  private readonly pending = new Map<number, (reply: SolveReply) => void>();
  private nextId = 1;

  constructor(readonly size: number) {
    const script = workerScript();
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script);
      worker.on('message', (reply: SolveReply) => this.finished(worker, reply));
      worker.unref();
      this.all.push(worker);
      this.idle.push(worker);
    }
  }

  solve(deal: string): Promise<Solved> {
    return new Promise((resolveSolved, reject) => {
      const request = { id: this.nextId++, deal };
      this.queue.push({
        request,
        done: (reply) => ('error' in reply ? reject(new Error(reply.error)) : resolveSolved({ tricks: reply.tricks, ms: reply.ms })),
      });
      this.dispatch();
    });
  }

  /** Stops at once: deals waiting or being solved are refused, not waited for (one may take a minute). */
  async close(): Promise<void> {
    const refused: SolveReply = { id: 0, error: 'The double-dummy solver was stopped' };
    const waiting = [...this.queue.map((q) => q.done), ...this.pending.values()];
    this.queue.length = 0;
    this.pending.clear();
    await Promise.all(this.all.map((w) => w.terminate()));
    for (const done of waiting) done(refused);
  }

  private dispatch(): void {
    while (this.idle.length && this.queue.length) {
      const worker = this.idle.pop()!;
      const { request, done } = this.queue.shift()!;
      this.pending.set(request.id, done);
      worker.ref();
      worker.postMessage(request);
    }
  }

  private finished(worker: Worker, reply: SolveReply): void {
    const done = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    worker.unref();
    this.idle.push(worker);
    done?.(reply);
    this.dispatch();
  }
}

function workerScript(): string {
  const beside = fileURLToPath(new URL('./solver.worker.js', import.meta.url));
  return existsSync(beside) ? beside : resolve(process.cwd(), 'dist/double-dummy/solver.worker.js');
}
