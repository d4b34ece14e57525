/**
 * `npm run bench:scoring` — issue 3's figures, all from one run:
 * 1. A simultaneous pairs of 10,000 tables × 24 boards (240,000 results, ~1 % not played, ~0.3 %
 *    artificial): full matchpoint scoring with Neuberg, percentages and both fields' rankings,
 *    against a bare per-board sort of the same NS scores (the floor no scorer can beat).
 * 2. The path the service runs on the same field, as rows (`scoreEvent` with 500 sections scored as
 *    one field, the NS ranking, a correction scored as an update, the ranking after it): what
 *    `bench:simultaneous` then times through HTTP and the database.
 * 3. Butler and cross-IMP scoring of 24 boards of 2,000 results each, against the same floor.
 * The scorer and its floor run alternately, so each pair of runs sees the same machine; figures are
 * medians over the runs after a warm-up, the ratio the median of the pairs' ratios. Memory is the
 * process peak.
 */
import { ARTIFICIAL_CODES, matchpointField, placeField, type FieldResults } from '../src/bridge/field-scoring.js';
import { seededRandom } from '../src/bridge/random.js';
import { butlerImps, crossImps } from '../src/bridge/imps.js';
import type { ContestantRow, EventInput, LineRow } from '../src/bridge/scoring/index.js';
import { rankingRows, scoreEvent } from '../src/bridge/scoring/index.js';

const TABLES = 10_000;
const BOARDS = 24;
const IMP_FIELD = 2_000;
const RUNS = 15;
/** Runs before measuring: V8 needs a few calls to optimise the scorer, as a running service would have. */
const WARM_UP = 5;

/** Realistic spread: each board has a handful of likely results around its par, and a tail. */
const OUTCOMES = [
  [420, 450, 170, 140, -50, -100, 620, 650, 680, 400, 430, -300, 1430, 200, -500],
  [110, 140, -50, -100, 90, 120, 50, 100, -110, -140, 300, 500, -200, 170, 80],
  [-620, -650, -170, 100, 200, -420, -450, 50, -680, 300, -140, -110, 800, -1430, 500],
];

function buildEvent(): { field: FieldResults; scoresByBoard: Int32Array[] } {
  const random = seededRandom(2026);
  const board: number[] = [];
  const ns: number[] = [];
  const ew: number[] = [];
  const nsScore: number[] = [];
  const artificial: number[] = [];
  for (let b = 0; b < BOARDS; b++) {
    const outcomes = OUTCOMES[b % OUTCOMES.length];
    for (let t = 0; t < TABLES; t++) {
      const roll = random();
      if (roll < 0.01) continue; // not played: Neuberg factors the board
      board.push(b);
      ns.push(t);
      ew.push(TABLES + ((t + b * 7) % TABLES));
      // Skewed pick: the first outcomes are the common ones.
      nsScore.push(outcomes[Math.floor(outcomes.length * random() ** 2)]);
      artificial.push(roll < 0.013 ? ARTIFICIAL_CODES['A+'] * 4 + ARTIFICIAL_CODES['A-'] : 0);
    }
  }
  const field: FieldResults = {
    pairs: 2 * TABLES,
    board: Int32Array.from(board),
    ns: Int32Array.from(ns),
    ew: Int32Array.from(ew),
    nsScore: Int32Array.from(nsScore),
    artificial: Uint8Array.from(artificial),
    expected: new Int32Array(BOARDS).fill(TABLES),
  };
  const scoresByBoard = Array.from({ length: BOARDS }, (_, b) =>
    Int32Array.from(nsScore.filter((_, i) => board[i] === b && artificial[i] === 0)),
  );
  return { field, scoresByBoard };
}

let peakRss = 0;
let peakHeap = 0;
function sampleMemory(): void {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timed(run: () => void): number {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  run();
  const t = performance.now() - t0;
  sampleMemory();
  return t;
}

/** Runs `work` and `floor` alternately; medians of each and of their ratio. */
function compare(work: () => void, floor: () => void): { work: number; floor: number; ratio: number } {
  for (let i = 0; i < WARM_UP; i++) {
    work();
    floor();
  }
  const w: number[] = [];
  const f: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    f.push(timed(floor));
    w.push(timed(work));
  }
  return { work: middle(w), floor: middle(f), ratio: middle(w.map((x, i) => x / f[i])) };
}

function bareSort(scoresByBoard: Int32Array[]): void {
  for (const scores of scoresByBoard) Float64Array.from(scores).sort();
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

const { field, scoresByBoard } = buildEvent();
sampleMemory();
const nsField = Int32Array.from({ length: TABLES }, (_, i) => i);
const ewField = Int32Array.from({ length: TABLES }, (_, i) => TABLES + i);
let winner = '';
const mp = compare(() => {
  const totals = matchpointField(field);
  const nsPlaces = placeField(totals, nsField);
  placeField(totals, ewField);
  winner = `NS ${nsPlaces[0].pair + 1}: ${totals.matchpoints(nsPlaces[0].pair).toFixed(2)} MP, ${totals.percent[nsPlaces[0].pair].toFixed(2)} %`;
}, () => bareSort(scoresByBoard));

const impBoards = Array.from({ length: BOARDS }, (_, b) => Array.from(scoresByBoard[b].subarray(0, IMP_FIELD)));
const impFloor = () => bareSort(impBoards.map((s) => Int32Array.from(s)));
const butler = compare(() => impBoards.forEach((s) => butlerImps(s)), impFloor);
const cross = compare(() => impBoards.forEach((s) => crossImps(s)), impFloor);

/**
 * The path the service runs (`scoreEvent`, `rankingRows`, and a correction scored as an update),
 * on the same field as rows: 500 sections of 20 tables scored as one field (scoreAcross SESSION).
 */
function serviceEvent(): EventInput {
  const per = 20;
  const sections = Array.from({ length: TABLES / per }, (_, i) => ({ id: `s${i}`, letter: `S${i}`, boardNumbers: [], movement: null }));
  const contestants = new Map<string, ContestantRow>();
  const results: LineRow[] = [];
  for (let i = 0; i < field.board.length; i++) {
    const table = field.ns[i];
    const section = Math.floor(table / per);
    const ns = `NS${table}`;
    const ew = `EW${field.ew[i] - TABLES}`;
    contestants.set(ns, { id: ns, number: (table % per) + 1, direction: 'NS', section: `S${section}` });
    contestants.set(ew, { id: ew, number: ((field.ew[i] - TABLES) % per) + 1, direction: 'EW', section: `S${Math.floor((field.ew[i] - TABLES) / per)}` });
    const artificial = field.artificial![i] !== 0;
    results.push({ id: `r${i}`, sectionId: `s${section}`, boardNumber: field.board[i] + 1, round: null, nsContestantId: ns, ewContestantId: ew, status: artificial ? 'ARTIFICIAL' : 'PLAYED', nsScore: artificial ? null : field.nsScore[i], boardForm: 1, adjustment: artificial ? { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A-' } : null, version: 1 });
  }
  return { event: { kind: 'PAIRS', scoring: 'MATCHPOINTS', vpScale: null, scoringOptions: { scoreAcross: 'SESSION' } }, contestants, sessions: [{ session: { id: 'x' }, sections, results, penalties: [] }] };
}

const SERVICE_RUNS = 3;
const service = serviceEvent();
const serviceTimes = { score: [] as number[], rank: [] as number[], update: [] as number[], rerank: [] as number[] };
for (let run = 0; run < SERVICE_RUNS; run++) {
  let t0 = performance.now();
  const scored = scoreEvent(service);
  serviceTimes.score.push(performance.now() - t0);
  t0 = performance.now();
  rankingRows(scored, [...scored.sessions.values()], 'NS');
  serviceTimes.rank.push(performance.now() - t0);
  // A correction: one played line changes its score.
  const line = service.sessions[0].results.find((r) => r.status === 'PLAYED')!;
  const corrected = { ...line, nsScore: (line.nsScore ?? 0) + 10, version: line.version + 1 + run };
  const next = { ...service, sessions: [{ ...service.sessions[0], results: service.sessions[0].results.map((r) => (r.id === line.id ? corrected : r)) }] };
  t0 = performance.now();
  const updated = scoreEvent(next, scored, new Map([['x', { changed: [corrected], removed: [] }]]));
  serviceTimes.update.push(performance.now() - t0);
  t0 = performance.now();
  rankingRows(updated, [...updated.sessions.values()], 'NS');
  serviceTimes.rerank.push(performance.now() - t0);
  sampleMemory();
}

console.log(`Traveller scoring benchmark (node ${process.version}, medians of ${RUNS} alternating runs after ${WARM_UP} warm-up runs)`);
console.log('');
console.log(`Matchpoints: ${TABLES.toLocaleString('en')} tables × ${BOARDS} boards = ${field.board.length.toLocaleString('en')} results (Neuberg, ${field.artificial!.filter((a) => a).length} artificial)`);
console.log(`  full scoring (MPs, percentages, NS and EW rankings)  ${ms(mp.work)}`);
console.log(`  bare per-board sort of the same NS scores (floor)    ${ms(mp.floor)}`);
console.log(`  ratio                                                ${mp.ratio.toFixed(2)}  (target ≤ 3, and < 500 ms)`);
console.log(`  winner                                               ${winner}`);
console.log('');
console.log(`The service's path on the same field (scoreEvent over rows, 500 sections as one field; medians of ${SERVICE_RUNS} runs)`);
console.log(`  whole scoring (every line's figures, every tally)    ${ms(middle(serviceTimes.score))}`);
console.log(`  NS ranking (places exact, totals when read)          ${ms(middle(serviceTimes.rank))}`);
console.log(`  a correction scored as an update                     ${ms(middle(serviceTimes.update))}`);
console.log(`  NS ranking after it                                  ${ms(middle(serviceTimes.rerank))}`);
console.log('');
console.log(`IMPs: ${BOARDS} boards × ${IMP_FIELD.toLocaleString('en')} results`);
console.log(`  Butler (trimmed datum, IMPs per table)               ${ms(butler.work)}   ratio ${butler.ratio.toFixed(2)}`);
console.log(`  cross-IMPs (every pair of scores)                    ${ms(cross.work)}   ratio ${cross.ratio.toFixed(2)}`);
console.log(`  bare per-board sort (floor)                          ${ms(butler.floor)}`);
console.log('');
console.log(`Peak memory: RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB, heap used ${(peakHeap / 2 ** 20).toFixed(0)} MiB`);
