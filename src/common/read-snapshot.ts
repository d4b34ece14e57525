import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApolloServerPlugin } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';

/**
 * What a read-only request has learnt of the events' revisions, kept while it runs (see
 * `Revisions.ofEvent`). A ranking page asked the database for its event's revision twice, one
 * after the other: its access check (the session's scope, kept per set-up revision) and then its
 * scoring. On a machine busy with a national import each of those round trips took 5–28 ms. A
 * revision read after the request arrived is as fresh as its reader may ask (every write that had
 * returned is in it), so the rest of the request takes it, and sees one revision throughout.
 * Only GETs and GraphQL queries, and only until their answer is sent: a mutation reads its own
 * writes, and work a request leaves behind (a timer, a connection opened on its way) must not
 * keep its revisions.
 */
export interface ReadSnapshot {
  readOnly: boolean;
  revisions: Map<string, Promise<unknown>>;
}

const storage = new AsyncLocalStorage<ReadSnapshot>();

/** The revisions known to the read-only request this code runs in; undefined elsewhere. */
export function readSnapshot(): ReadSnapshot | undefined {
  const snapshot = storage.getStore();
  return snapshot?.readOnly ? snapshot : undefined;
}

/** Express middleware: every request runs with a snapshot of its own, read-only for GET and HEAD (a GraphQL operation says its own, below). */
export function readSnapshots(req: Request, res: Response, next: NextFunction): void {
  const snapshot: ReadSnapshot = { readOnly: req.method === 'GET' || req.method === 'HEAD', revisions: new Map() };
  const close = () => end(snapshot);
  res.once('finish', close);
  res.once('close', close);
  storage.run(snapshot, next);
}

/**
 * The request is a query, known before Apollo says so: the response cache holds an answer to its
 * very text (only queries' answers are kept), so the probes that check that answer serve the rest.
 */
export function knownQuery(): void {
  const snapshot = storage.getStore();
  if (snapshot) snapshot.readOnly = true;
}

/** A stream's answer goes on after its headers (server-sent events): from now on its reads probe afresh. */
export function closeReadSnapshot(): void {
  const snapshot = storage.getStore();
  if (snapshot) end(snapshot);
}

function end(snapshot: ReadSnapshot): void {
  snapshot.readOnly = false;
  snapshot.revisions.clear();
}

/** Apollo: a query keeps its snapshot, a mutation (or a subscription) has none, whatever the HTTP method. */
export const readSnapshotPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        const snapshot = storage.getStore();
        if (!snapshot) return;
        if (operation?.operation === 'query') snapshot.readOnly = true;
        else end(snapshot);
      },
    };
  },
};
