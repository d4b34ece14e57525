/**
 * `npm run bench:scoring` — issue 3's figures on the path the service runs, all from one run:
 * 1. A simultaneous pairs of 10,000 tables × 24 boards (240,000 results, ~1 % not played, ~0.3 %
 *    artificial) as the rows the service holds, 500 sections scored as one field (scoreAcross
 *    SESSION): the whole scoring (`scoreEvent`: Neuberg, Law 12C2(c), every tally), the ranking (both fields, as the service ranks a session)
 *    (`rankingRows`), a correction scored as an update (`scoreEvent(next, previous, changes)`, what
 *    a post costs the service) and the ranking after it as the service reads it (`rankedList` and
 *    the corrected pair's own line) — against a bare per-board sort of the same
 *    NS scores (the floor no scorer can beat).
 * 2. Butler and cross-IMP scoring of 24 boards of 2,000 results each, against the same floor.
 * `bench:simultaneous` then times the same path through HTTP and the database. Figures are
 * medians after a warm-up (V8 optimises the scorer after a few calls, as in a running service).
 * Memory is the process peak, and the V8 heap a line holds once collected (its row and scoring state).
 */
import { seededRandom } from '../src/bridge/random.js';
import { butlerImps, crossImps } from '../src/bridge/imps.js';
import type { ContestantRow, EventInput, LineRow } from '../src/bridge/scoring/index.js';
import { rankedList, rankingRows, scoreEvent } from '../src/bridge/scoring/index.js';
import { quantile } from './support/stats.js';

const TABLES = Number(process.env.SCORING_TABLES ?? 10_000);
const PER_SECTION = 20;
const BOARDS = 24;
const IMP_FIELD = 2_000;
const RUNS = 5;
const WARM_UP = 2;
const CORRECTIONS = 100;

/** Realistic spread: each board has a handful of likely results around its par, and a tail. */
const OUTCOMES = [
  [420, 450, 170, 140, -50, -100, 620, 650, 680, 400, 430, -300, 1430, 200, -500],
  [110, 140, -50, -100, 90, 120, 50, 100, -110, -140, 300, 500, -200, 170, 80],
  [-620, -650, -170, 100, 200, -420, -450, 50, -680, 300, -140, -110, 800, -1430, 500],
];

/** The national field as the service's rows: NS t plays EW t + 7b of the field on board b. */
function nationalField(): { event: EventInput; scoresByBoard: Int32Array[] } {
  const random = seededRandom(2026);
  const sections = Array.from({ length: TABLES / PER_SECTION }, (_, i) => ({ id: `s${i}`, letter: `S${i}`, boardNumbers: [], movement: null }));
  const contestants = new Map<string, ContestantRow>();
  for (let t = 0; t < TABLES; t++) {
    const section = `S${Math.floor(t / PER_SECTION)}`;
    contestants.set(`NS${t}`, { id: `NS${t}`, number: (t % PER_SECTION) + 1, direction: 'NS', section });
    contestants.set(`EW${t}`, { id: `EW${t}`, number: (t % PER_SECTION) + 1, direction: 'EW', section });
  }
  const results: LineRow[] = [];
  const scores: number[][] = Array.from({ length: BOARDS }, () => []);
  for (let b = 0; b < BOARDS; b++) {
    const outcomes = OUTCOMES[b % OUTCOMES.length];
    for (let t = 0; t < TABLES; t++) {
      const roll = random();
      if (roll < 0.01) continue; // not played: Neuberg factors the board
      const artificial = roll < 0.013;
      // Skewed pick: the first outcomes are the common ones.
      const nsScore = outcomes[Math.floor(outcomes.length * random() ** 2)];
      if (!artificial) scores[b].push(nsScore);
      results.push({
        id: `r${b}-${t}`,
        sectionId: `s${Math.floor(t / PER_SECTION)}`,
        boardNumber: b + 1,
        round: null,
        nsContestantId: `NS${t}`,
        ewContestantId: `EW${(t + b * 7) % TABLES}`,
        status: artificial ? 'ARTIFICIAL' : 'PLAYED',
        nsScore: artificial ? null : nsScore,
        boardForm: 1,
        adjustment: artificial ? { kind: 'ARTIFICIAL', ns: 'A+', ew: 'A-' } : null,
        version: 1,
      });
    }
  }
  const event: EventInput = {
    event: { kind: 'PAIRS', scoring: 'MATCHPOINTS', vpScale: null, scoringOptions: { scoreAcross: 'SESSION' } },
    contestants,
    sessions: [{ session: { id: 'x' }, sections, results, penalties: [] }],
  };
  return { event, scoresByBoard: scores.map((s) => Int32Array.from(s)) };
}

let peakRss = 0;
const sampleMemory = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const middle = (xs: number[]) => quantile(xs, 0.5);
const ms = (x: number) => `${x.toFixed(1)} ms`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Wall-clock ms of `run`; its CPU ms (this process's, collector threads included) go to `cpu` when given. */
function time(run: () => void, cpu?: number[]): number {
  const [t0, c0] = [performance.now(), process.cpuUsage()];
  run();
  const used = process.cpuUsage(c0);
  cpu?.push((used.user + used.system) / 1000);
  return performance.now() - t0;
}

function bareSort(scoresByBoard: Int32Array[]): void {
  for (const scores of scoresByBoard) Float64Array.from(scores).sort();
}

/** Runs `work` and `floor` alternately after a warm-up: medians of each and of their ratio. */
function compare(work: () => void, floor: () => void, runs = RUNS): { work: number; floor: number; ratio: number } {
  for (let i = 0; i < WARM_UP; i++) {
    work();
    floor();
  }
  const w: number[] = [];
  const f: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    f.push(time(floor));
    gc();
    w.push(time(work));
    sampleMemory();
  }
  return { work: middle(w), floor: middle(f), ratio: middle(w.map((x, i) => x / f[i])) };
}

gc();
const heapBefore = process.memoryUsage().heapUsed;
const { event, scoresByBoard } = nationalField();
sampleMemory();
const session = event.sessions[0];
gc();
const heapOfRows = process.memoryUsage().heapUsed;
let scored = scoreEvent(event);
gc();
// What the service holds a line for: the row, and the scoring state kept for the next correction.
const heldPerLine = { rows: (heapOfRows - heapBefore) / session.results.length, scoring: (process.memoryUsage().heapUsed - heapOfRows) / session.results.length };
let winner = '';
let ownPlace = '';
const whole = compare(() => {
  scored = scoreEvent(event);
}, () => bareSort(scoresByBoard));
const rank = compare(() => {
  // Both fields, as the service ranks a session (a direction only filters the rows it keeps).
  const rows = rankingRows(scored, [...scored.sessions.values()]);
  winner = `${rows[0].contestant.id}: ${rows[0].score.round(2)} MP, ${rows[0].percentage?.round(2)} %`;
}, () => bareSort(scoresByBoard));

// Corrections: a played line changes its score, scored as an update of the last revision, then ranked.
const random = seededRandom(99);
const update: number[] = [];
const rerank: number[] = [];
// CPU time beside the wall clock: other work on a shared machine moves the one, barely the other.
const [updateCpu, rerankCpu]: number[][] = [[], []];
const rows = session.results;
for (let i = 0; i < CORRECTIONS; i++) {
  const at = Math.floor(random() * rows.length);
  const line = rows[at];
  if (line.status !== 'PLAYED') continue;
  const corrected = { ...line, nsScore: (line.nsScore ?? 0) + (i % 2 ? 10 : -10), version: line.version + 1 };
  gc();
  // Timed with the new revision's rows as the service makes them (applyEventChanges puts the corrected row in place).
  update.push(
    time(() => {
      rows[at] = corrected;
      const next = { ...event, sessions: [{ ...session, results: rows }] };
      scored = scoreEvent(next, scored, new Map([['x', { changed: [corrected], removed: [] }]]));
    }, updateCpu),
  );
  // As the service reads it after a correction: the ranking as a list, and the corrected pair's own line.
  rerank.push(
    time(() => {
      const list = rankedList(scored, [...scored.sessions.values()]);
      const own = list.row(list.positionOf(corrected.nsContestantId)!);
      ownPlace = `${own.contestant.id} ${own.place}`;
    }, rerankCpu),
  );
  sampleMemory();
}

const impBoards = Array.from({ length: BOARDS }, (_, b) => Array.from(scoresByBoard[b].subarray(0, IMP_FIELD)));
const impFloor = () => bareSort(impBoards.map((s) => Int32Array.from(s)));
const butler = compare(() => impBoards.forEach((s) => butlerImps(s)), impFloor);
const cross = compare(() => impBoards.forEach((s) => crossImps(s)), impFloor);

console.log(`Traveller scoring benchmark (node ${process.version}; the service's own path: scoreEvent and rankingRows over rows)`);
console.log('');
console.log(`Matchpoints: ${TABLES.toLocaleString('en')} tables × ${BOARDS} boards = ${session.results.length.toLocaleString('en')} results in ${TABLES / PER_SECTION} sections scored as one field (Neuberg, Law 12C2(c))`);
console.log(`  whole scoring (every line's figures, every tally)    ${ms(whole.work)}   (medians of ${RUNS} after ${WARM_UP} warm-up runs)`);
console.log(`  bare per-board sort of the same NS scores (floor)    ${ms(whole.floor)}   ratio ${whole.ratio.toFixed(1)}`);
console.log(`  ranking, both fields (places exact, totals when read)${ms(rank.work)}`);
console.log(`  winner                                               ${winner}`);
console.log(`  a correction scored as an update (${update.length})           p50 ${ms(middle(update))}   p99 ${ms(quantile(update, 0.99))}   CPU p50 ${ms(middle(updateCpu))}   p99 ${ms(quantile(updateCpu, 0.99))}`);
console.log(`  ranking after it, and the pair's own line           p50 ${ms(middle(rerank))}   p99 ${ms(quantile(rerank, 0.99))}   CPU p50 ${ms(middle(rerankCpu))}   p99 ${ms(quantile(rerankCpu, 0.99))}   (last: ${ownPlace})`);
console.log('');
console.log(`IMPs: ${BOARDS} boards × ${IMP_FIELD.toLocaleString('en')} results`);
console.log(`  Butler (trimmed datum, IMPs per table)               ${ms(butler.work)}   ratio ${butler.ratio.toFixed(2)}`);
console.log(`  cross-IMPs (every pair of scores)                    ${ms(cross.work)}   ratio ${cross.ratio.toFixed(2)}`);
console.log(`  bare per-board sort (floor)                          ${ms(butler.floor)}`);
console.log('');
console.log(`Peak memory: RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
console.log(`V8 heap held per line after a whole scoring (collected): rows ${heldPerLine.rows.toFixed(0)} bytes, scoring state ${heldPerLine.scoring.toFixed(0)} bytes`);
