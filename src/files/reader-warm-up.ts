import { setImmediate as nextTurn } from 'node:timers/promises';
import { contestantRows } from './contestant-rows.js';
import { FilePlan, type Parser } from './file-reading.js';
import { sectionKey } from './result-rows.js';

/** Sections, boards and tables of the warm-up's file: 600 lines, read `WARM_UP_ROUNDS` times (a round holds the thread ~20–40 ms). */
const SECTIONS = ['A', 'B', 'C', 'D', 'E'];
const BOARDS = 12;
const TABLES = 10;
const WARM_UP_ROUNDS = 20;

/** Contracts, declarers and tricks the warm-up’s lines take in turn (made, down, doubled and redoubled). */
const PLAYS = [
  ['4S', 'N', '10'],
  ['3NT', 'S', '8'],
  ['2HX', 'E', '8'],
  ['1NT', 'W', '7'],
  ['6DXX', 'N', '12'],
] as const;

/**
 * A travellers CSV of a small simultaneous, as the national files a reading thread reads are: played
 * lines, an artificial one and an unplayed one per section, pairs named. Written here, numbers only.
 */
export function warmUpFile(): Buffer {
  const rows = ['Session,Section,Board,Table,NS,EW,NS names,EW names,Contract,Declarer,Tricks,Status,NS adjusted,EW adjusted,Winners'];
  for (const section of SECTIONS) {
    for (let board = 1; board <= BOARDS; board++) {
      for (let table = 1; table <= TABLES; table++) {
        const ew = ((table + board - 1) % TABLES) + 1;
        const names = `N${section}${table} Player & S${section}${table} Player,E${section}${ew} Player & W${section}${ew} Player`;
        const line = `1,${section},${board},${table},${table},${ew},${names}`;
        if (board === 1 && table === 1) rows.push(`${line},,,,ARTIFICIAL,A+,A-,2`);
        else if (board === 2 && table === 2) rows.push(`${line},,,,NOT_PLAYED,,,2`);
        else {
          const [contract, declarer, tricks] = PLAYS[(board + table) % PLAYS.length];
          rows.push(`${line},${contract},${declarer},${tricks},PLAYED,,,2`);
        }
      }
    }
  }
  return Buffer.from(`${rows.join('\n')}\n`);
}

const FAKE_ID = '00000000-0000-7000-8000-000000000000';

/** One import's reading of the warm-up file: parsed and planned, its contestants and lines encoded as for the database. */
function readOnce(parse: Parser, file: Buffer): void {
  const read = new FilePlan(parse, file);
  contestantRows(read.outline.contestants, { eventId: FAKE_ID, organizationId: FAKE_ID, existing: [], knownPlayers: new Map() });
  const sessions = read.outline.sessions;
  const sections = new Map(sessions.flatMap((s, i) => s.sections.map((x) => [sectionKey(i, x.letter), FAKE_ID] as const)));
  const contestants = new Map(read.outline.contestants.map((c) => [c.id, c.id]));
  for (const _ of read.resultChunks({ sessions: sessions.map(() => FAKE_ID), sections, contestants }, true));
}

/**
 * A reading thread waiting for a large file readies its code by reading a small one of its own, a
 * round at a time, and stops as soon as `wanted` says a file has come. Its thread's code is then
 * optimised before the first national file: started cold, parsing and planning 240,000 lines took
 * ~20 % longer (~1.2 s against ~1.0 s on the machine measured), all of it on the import's path.
 */
export async function warmUp(parse: Parser, wanted: () => boolean): Promise<void> {
  const file = warmUpFile();
  for (let round = 0; round < WARM_UP_ROUNDS && !wanted(); round++) {
    readOnce(parse, file);
    await nextTurn();
  }
}
