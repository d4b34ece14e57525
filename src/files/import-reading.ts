import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { FileFormat } from '../bridge/formats/interchange.js';
import { FilePlan, parserFor, sha256Of, type DoubleDummyGiven, type LinesPlanned, type ReadFailure } from './file-reading.js';
import { outlineOf, type ImportOutline, type ImportPlan } from './import-plan.js';
import { contestantRows, type ContestantRows, type ContestantTarget } from './contestant-rows.js';
import type { LineContent } from '../results/traveller-line.js';
import type { ResultChunk, ResultIds } from './result-rows.js';
import { lineCount, linesOf, type WrittenColumns } from './written-lines.js';

/**
 * A file read for an import, as its transaction uses it: the plan's outline at hand (event,
 * contestants, sessions with their sections and boards), the result lines planned where the file
 * was read, as they are written (see FilePlan). A national file is read in a worker thread and its
 * 240,000 lines stay there: they cross to the service's thread only as ready-to-COPY bytes, a
 * chunk at a time, so the event loop never builds or holds them (and is never held up receiving
 * them), and the worker plans the next chunk while the database inserts this one.
 */
export interface ImportReading {
  /** The plan without its result lines (each session's `results` empty) or contestants: what `planned` says once they are written. */
  outline: ImportOutline;
  /** Lines in the file, refused ones included (the transaction's time limit grows with them). */
  fileLines: number;
  /** The file's SHA-256 (hex), worked out where it was read: 20 MB hashed on the event loop held it ~100 ms. */
  sha256: string;
  doubleDummy: DoubleDummyGiven;
  /** The whole plan, lines included: a re-import compares them with the stored ones, a report with the file's figures. */
  wholePlan(): Promise<ImportPlan>;
  /**
   * The result lines, planned and encoded as COPY text of RESULT_COLUMN_NAMES (for `copyInto`), under
   * the ids the transaction chose; with `written`, each chunk's lines as written go to it too (for
   * the scoring cache).
   */
  resultChunks(ids: ResultIds, written?: WrittenSink): AsyncIterable<Uint8Array>;
  /** The outline's contestants for `target` (see contestant-rows.ts), encoded where the file was read. */
  contestantRows(target: ContestantTarget): Promise<ContestantRows>;
  /** What planning the lines found: lines per session, lines refused, whether the file has figures to compare (after `resultChunks` or `wholePlan`). */
  planned(): Promise<LinesPlanned>;
  /** Lets the lines go (stops the worker). */
  close(): void;
}

/** Where the lines as written go, a chunk at a time (`add`), and word that every one has (`end`). */
export interface WrittenSink {
  add(lines: LineContent[]): void;
  end(): void;
}

/** What the reading thread is asked, one request and one answer at a time (file-reading.worker.ts). */
export type ReadingRequest = { kind: 'read'; format: FileFormat; file: Uint8Array } | { kind: 'contestants'; target: ContestantTarget } | { kind: 'rows'; ids: ResultIds; written: boolean } | { kind: 'next' } | { kind: 'whole' } | { kind: 'planned' };
export type ReadingAnswer =
  | { kind: 'outline'; outline: ImportOutline; fileLines: number; sha256: string; doubleDummy: DoubleDummyGiven }
  | { kind: 'contestants'; rows: ContestantRows }
  | { kind: 'chunk'; chunk: ResultChunk | null }
  | { kind: 'whole'; plan: ImportPlan }
  | { kind: 'planned'; planned: LinesPlanned }
  | { kind: 'ready' }
  | { kind: 'failure'; failure: ReadFailure };

/** A club's file, read in the request's own thread (milliseconds). */
export async function readHere(format: FileFormat, file: Buffer): Promise<ImportReading> {
  const read = new FilePlan(await parserFor(format), file);
  return {
    outline: outlineOf(read.outline),
    fileLines: read.fileLines,
    sha256: sha256Of(file),
    doubleDummy: read.doubleDummy,
    wholePlan: async () => read.whole(),
    contestantRows: async (target) => contestantRows(read.outline.contestants, target),
    resultChunks: (ids, written) => bytesOf(read.resultChunks(ids, !!written), written),
    planned: async () => read.planned(),
    close: () => {},
  };
}

/** Thrown when the reading thread refuses the file itself: the caller words it for the user. */
export class UnreadableFile extends Error {
  constructor(readonly failure: ReadFailure) {
    super(failure.message);
  }
}

/**
 * A large file, parsed and planned in a worker thread that keeps its lines until `close`. The file
 * is taken: its memory moves to the thread when the buffer holds it alone (a large request body's
 * does), and `file` is then empty.
 */
export async function readInWorker(format: FileFormat, file: Buffer): Promise<ImportReading> {
  const worker = takeReader();
  try {
    // The bytes moved, not copied: a structured copy of a national file (20 MB) held the event loop
    // ~100 ms, and a copy to move ~30–40 ms (its fresh memory faulted in page by page).
    const own = file.buffer instanceof ArrayBuffer && file.byteOffset === 0 && file.byteLength === file.buffer.byteLength ? file.buffer : null;
    const bytes = own ? new Uint8Array(own) : new Uint8Array(file);
    const answer = await ask(worker, { kind: 'read', format, file: bytes }, [bytes.buffer]);
    if (answer.kind === 'failure') throw new UnreadableFile(answer.failure);
    if (answer.kind !== 'outline') throw new Error(`The file reader answered ${answer.kind}`);
    return {
      outline: answer.outline,
      fileLines: answer.fileLines,
      sha256: answer.sha256,
      doubleDummy: answer.doubleDummy,
      planned: async () => answerOf(await ask(worker, { kind: 'planned' }), 'planned').planned,
      wholePlan: async () => answerOf(await ask(worker, { kind: 'whole' }), 'whole').plan,
      contestantRows: async (target) => answerOf(await ask(worker, { kind: 'contestants', target }), 'contestants').rows,
      resultChunks: (ids, written) => {
        async function* chunks() {
          answerOf(await ask(worker, { kind: 'rows', ids, written: !!written }), 'ready');
          const next = () => {
            const chunk = ask(worker, { kind: 'next' }).then((answer) => answerOf(answer, 'chunk').chunk);
            chunk.catch(() => {}); // awaited below, unless the import gave up first (its worker is then stopped)
            return chunk;
          };
          // The worker plans and encodes the next chunk while the database inserts this one.
          for (let coming = next(); ; ) {
            const chunk = await coming;
            if (!chunk) return;
            coming = next();
            yield chunk;
          }
        }
        // Read ahead at once, not when the COPY starts: the caller enters the contestants meanwhile.
        return readAhead(bytesOf(chunks(), written), LOOKAHEAD_BYTES);
      },
      close: () => letGo(worker),
    };
  } catch (error) {
    letGo(worker);
    throw error;
  }
}

/**
 * A reading thread started before a large file comes (`keepReaderReady`): starting one — ~90–150 ms
 * of loading its modules — was on every large import's path, before the first byte was parsed.
 * Unreferenced, so a thread that waits never keeps the service up.
 */
let standby: Worker | null = null;
let keepReady = false;
/** After an import, the next thread is started once the import's own work is done. */
const READY_AGAIN_MS = 1_000;
/**
 * …and warms up (reader-warm-up.ts) only a while later: right after a national import its readers
 * come for the new rankings, and a warm-up then took a share of the processor from their pages.
 */
const WARM_AGAIN_MS = 60_000;

/**
 * Keeps a reading thread ready for the next large file (the service, once it has started), or stops
 * doing so (it is stopping): the waiting thread is stopped, and the promise says when it is gone.
 */
export async function keepReaderReady(on: boolean): Promise<void> {
  keepReady = on;
  if (on) return startStandby(0);
  const waiting = standby;
  standby = null;
  await waiting?.terminate();
}

/** Whether a reading thread waits for the next large file (TRAVELLER_IMPORT_READER_READY: 1, the default, or 0); a bad value throws. */
export function readerReadySetting(): boolean {
  const setting = process.env.TRAVELLER_IMPORT_READER_READY ?? '1';
  if (setting !== '0' && setting !== '1') throw new Error(`TRAVELLER_IMPORT_READER_READY must be 1 (a reading thread kept ready for the next large file) or 0 (one started a file), not "${setting}"`);
  return setting === '1';
}

/** Whether a reading thread is waiting for the next large file. */
export const readerReady = (): boolean => standby !== null;

function startStandby(warmAfterMs: number): void {
  if (standby || !keepReady) return;
  // It warms up while it waits (reader-warm-up.ts); one started for a file at hand reads it at once.
  const worker = new Worker(readerScript(), { workerData: { warmAfterMs } });
  worker.unref();
  const gone = () => standby === worker && (standby = null);
  worker.once('exit', gone);
  worker.once('error', gone);
  standby = worker;
}

function takeReader(): Worker {
  const worker = standby ?? new Worker(readerScript());
  standby = null;
  worker.ref(); // at work now: it keeps the process up until its answers are in
  return worker;
}

/** A file's reading thread stopped once its import is done with it (its lines let go), and another made ready. */
function letGo(worker: Worker): void {
  void worker.terminate();
  if (keepReady) setTimeout(() => startStandby(WARM_AGAIN_MS), READY_AGAIN_MS).unref();
}

/** COPY bytes planned ahead of the database at most (a national file's 240,000 lines are ~40 MB). */
const LOOKAHEAD_BYTES = 64 << 20;

/**
 * `source`'s chunks pulled from now on, without waiting to be asked, while the chunks not yet taken
 * hold less than `budget` bytes: its producers (the reading thread, the cache's lines) work while
 * the caller does other things. A failure of `source` reaches the caller where it would have:
 * after the chunks before it (and never as an unhandled rejection if the caller gives up first).
 */
export function readAhead(source: AsyncIterable<Uint8Array>, budget: number): AsyncIterable<Uint8Array> {
  const queue: Uint8Array[] = [];
  let held = 0;
  let end: { failed: boolean; error?: unknown } | null = null;
  let taken: (() => void) | null = null; // the pump, waiting for room
  let arrived: (() => void) | null = null; // the caller, waiting for a chunk
  const wake = (waiter: (() => void) | null) => waiter?.();
  void (async () => {
    try {
      for await (const chunk of source) {
        queue.push(chunk);
        held += chunk.length;
        wake(arrived);
        while (held >= budget) await new Promise<void>((room) => (taken = room));
      }
      end = { failed: false };
    } catch (error) {
      end = { failed: true, error };
    }
    wake(arrived);
  })();
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const chunk = queue.shift();
        if (chunk) {
          held -= chunk.length;
          wake(taken);
          yield chunk;
        } else if (end) {
          if (end.failed) throw end.error;
          return;
        } else await new Promise<void>((next) => (arrived = next));
      }
    },
  };
}

/** Lines built from a chunk's columns in one turn of the event loop (under 1 ms; see Turn). */
const LINES_A_TURN = 500;

/**
 * The chunks' COPY bytes, for the transaction to write; with `written`, each chunk's lines as
 * written go to it, built from their columns a slice at a time on turns of their own while the
 * database inserts the chunk (all of them before the last bytes are taken).
 */
async function* bytesOf(chunks: Iterable<ResultChunk> | AsyncIterable<ResultChunk>, written?: WrittenSink): AsyncGenerator<Uint8Array> {
  const shared = new Map<string, string>();
  const receive = async (columns: WrittenColumns) => {
    for (let from = 0, to = lineCount(columns); from < to; from += LINES_A_TURN) {
      written!.add(linesOf(columns, shared, from, Math.min(to, from + LINES_A_TURN)));
      await nextTurn();
    }
  };
  let received = Promise.resolve();
  for await (const chunk of chunks) {
    const columns = chunk.written;
    if (columns && written) {
      received = received.then(() => receive(columns));
      received.catch(() => {}); // awaited below, unless the import gave up first
    }
    yield chunk.copy;
  }
  await received;
  written?.end();
}

/** One request to the reading thread and its answer (or the thread's failure). */
function ask(worker: Worker, request: ReadingRequest, transfer: ArrayBuffer[] = []): Promise<ReadingAnswer> {
  return new Promise((done, fail) => {
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (answer: ReadingAnswer) => (settle(), done(answer));
    const onError = (error: Error) => (settle(), fail(error));
    const onExit = (code: number) => (settle(), fail(new Error(`The file reader stopped (exit code ${code})`)));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(request, transfer);
  });
}

function answerOf<K extends ReadingAnswer['kind']>(answer: ReadingAnswer, kind: K): Extract<ReadingAnswer, { kind: K }> {
  if (answer.kind === 'failure') throw new Error(`The file reader failed: ${answer.failure.message}`);
  if (answer.kind !== kind) throw new Error(`The file reader answered ${answer.kind}, not ${kind}`);
  return answer as Extract<ReadingAnswer, { kind: K }>;
}

/** The compiled worker (dist/), also when the service runs from sources under the tests. */
function readerScript(): string {
  const beside = fileURLToPath(new URL('./file-reading.worker.js', import.meta.url));
  return existsSync(beside) ? beside : resolve(process.cwd(), 'dist/files/file-reading.worker.js');
}
