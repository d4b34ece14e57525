/**
 * A solver thread: solves the deals it is sent, one at a time, with one search (and one
 * transposition table) for its whole life, so the service's event loop never runs a search.
 */
import { parentPort } from 'node:worker_threads';
import { flattenTable } from '../bridge/double-dummy/analysis.js';
import { DoubleDummySearch } from '../bridge/double-dummy/search.js';
import { solveDeal } from '../bridge/double-dummy/table.js';
import { giveWay } from '../common/thread-priority.js';

export interface SolveRequest {
  id: number;
  deal: string;
}

export type SolveReply = { id: number; tricks: number[]; ms: number } | { id: number; error: string };

// A search may take seconds: requests on the service's own thread go first (see BACKGROUND_NICENESS).
giveWay();
const search = new DoubleDummySearch();
parentPort?.on('message', (request: SolveRequest) => {
  const start = performance.now();
  try {
    const tricks = flattenTable(solveDeal(request.deal, search));
    parentPort?.postMessage({ id: request.id, tricks, ms: Math.round(performance.now() - start) } satisfies SolveReply);
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: (error as Error).message } satisfies SolveReply);
  }
});
