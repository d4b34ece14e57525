import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a read request's answer depended on, collected while it runs: the events (at the revision
 * read) and the moment the answer goes stale by itself (a correction period ending). The GraphQL
 * response cache stores an answer with these and serves it again only while they still hold.
 */
export interface ReadDependencies {
  events: Map<string, string>;
  /** Epoch ms after which the answer must be recomputed anyway. */
  expiresAt: number;
}

const storage = new AsyncLocalStorage<ReadDependencies>();

export function trackReads<T>(run: () => T): { result: T; dependencies: ReadDependencies } {
  const dependencies: ReadDependencies = { events: new Map(), expiresAt: Infinity };
  return { result: storage.run(dependencies, run), dependencies };
}

/** The dependencies being collected for the request this code runs in, if any. */
export function currentReads(): ReadDependencies | undefined {
  return storage.getStore();
}

export function noteDependency(eventId: string, revision: string): void {
  storage.getStore()?.events.set(eventId, revision);
}

/** The answer changes at `at` even if nothing is written (e.g. results become final). */
export function noteExpiry(at: Date | null | undefined): void {
  const store = storage.getStore();
  if (store && at && at.getTime() > Date.now()) store.expiresAt = Math.min(store.expiresAt, at.getTime());
}
