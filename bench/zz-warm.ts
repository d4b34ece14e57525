import type { ContestantRow, EventInput, LineRow } from '../src/bridge/scoring/event-input.js';
import { scoreEvent } from '../src/bridge/scoring/score-event.js';
const SECTIONS = ['A', 'B', 'C', 'D'];
const TABLES = 13, BOARDS = 6, CORRECTIONS = Number(process.env.WARM_N ?? 60);
const SCORES = [420, 450, 170, -50, -100, 620, 140, 400, -200];
export function warmUpScoring(): number {
  const contestants = new Map<string, ContestantRow>(SECTIONS.flatMap((x) => Array.from({ length: TABLES * 2 }, (_, i) => [`${x}${i + 1}`, { id: `${x}${i + 1}`, number: i + 1, direction: i % 2 ? 'EW' : 'NS', section: x }] as const)));
  const lines = new Map<string, LineRow>();
  for (const x of SECTIONS) for (let board = 1; board <= BOARDS; board++) for (let table = 1; table <= TABLES; table++) { const l = lineAt(x, board, table, SCORES[(board * 7 + table * 3 + x.charCodeAt(0)) % SCORES.length], 1); lines.set(l.id, l); }
  const eventOf = (): EventInput => ({ event: { kind: 'PAIRS', scoring: 'MATCHPOINTS', vpScale: null, scoringOptions: { scoreAcross: 'SESSION' } }, contestants, sessions: [{ session: { id: 'w' }, sections: SECTIONS.map((x) => ({ id: x, letter: x, boardNumbers: Array.from({ length: BOARDS }, (_, i) => i + 1), movement: null })), results: [...lines.values()], penalties: [] }] });
  let scored = scoreEvent(eventOf());
  for (let i = 0; i < CORRECTIONS; i++) { const l = lineAt(SECTIONS[i % 4], 1 + (i % BOARDS), 1 + ((i * 5) % TABLES), SCORES[i % SCORES.length], 2 + i); lines.set(l.id, l); scored = scoreEvent(eventOf(), scored, new Map([['w', { changed: [l], removed: [] }]])); }
  return scored.sessions.size;
}
function lineAt(section: string, board: number, table: number, nsScore: number, version: number): LineRow {
  return { id: `${section}-${board}-${table}`, sectionId: section, boardNumber: board, round: null, nsContestantId: `${section}${table * 2 - 1}`, ewContestantId: `${section}${table * 2}`, status: 'PLAYED', nsScore, boardForm: 1, adjustment: null, version };
}
