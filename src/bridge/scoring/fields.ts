import { expectedResults } from '../movements/generate.js';
import type { Movement } from '../movements/movement.js';
import { lineKind, movementOf, type LineRow, type SectionRow } from './event-input.js';
import type { ScoreAcross } from './rules.js';

/**
 * Which lines are compared with which: a board of a section, or — when the sections of a session
 * play the same boards and the event scores across them (how ACBL and EBU score one event) — the
 * board across the whole session. Fouled-board forms (Law 87) split a field further when scored.
 */
export interface BoardField<L extends LineRow = LineRow> {
  key: string;
  board: number;
  lines: L[];
  /** N: results the board should have had (Neuberg factors to it), absent pairs left out. */
  expected: number;
}

export const fieldKey = (across: ScoreAcross, sectionId: string, board: number) => (across === 'SESSION' ? `*:${board}` : `${sectionId}:${board}`);

/** Tables per board of a stored movement; movements are kept data, so this is worked out once each. */
const countsOf = new WeakMap<Movement, Map<number, number>>();

function movementCounts(movement: Movement): Map<number, number> {
  let counts = countsOf.get(movement);
  if (!counts) countsOf.set(movement, (counts = expectedResults(movement)));
  return counts;
}

export function boardFields<L extends LineRow>(lines: readonly L[], sections: readonly SectionRow[], across: ScoreAcross): BoardField<L>[] {
  const fields = new Map<string, BoardField<L>>();
  for (const line of lines) {
    const key = fieldKey(across, line.sectionId, line.boardNumber);
    const field = fields.get(key);
    if (field) field.lines.push(line);
    else fields.set(key, { key, board: line.boardNumber, lines: [line], expected: 0 });
  }
  const perSection = sectionExpectations(lines, sections);
  for (const field of fields.values()) {
    const sectionIds = across === 'SESSION' ? sections.map((s) => s.id) : [field.lines[0].sectionId];
    let expected = 0;
    for (const id of sectionIds) expected += perSection(id, field.board);
    let absent = 0;
    let present = 0;
    for (const l of field.lines) {
      if (lineKind(l).kind === 'ABSENT') absent++;
      else present++;
    }
    field.expected = Math.max(expected - absent, present);
  }
  return [...fields.values()];
}

/**
 * N per section and board: with a movement, the tables that play the board; otherwise the most
 * results any board of the section has, so a board missing a result (sit-out, not played) is
 * factored to the field's top while play goes on.
 */
function sectionExpectations(lines: readonly LineRow[], sections: readonly SectionRow[]) {
  const most = new Map<string, number>();
  const count = new Map<string, number>();
  const plays = new Map<string, Set<number>>();
  for (const l of lines) {
    const key = `${l.sectionId}:${l.boardNumber}`;
    const n = (count.get(key) ?? 0) + 1;
    count.set(key, n);
    if (n > (most.get(l.sectionId) ?? 0)) most.set(l.sectionId, n);
    let boards = plays.get(l.sectionId);
    if (!boards) plays.set(l.sectionId, (boards = new Set()));
    boards.add(l.boardNumber);
  }
  const byId = new Map(sections.map((s) => [s.id, s]));
  return (sectionId: string, board: number): number => {
    const section = byId.get(sectionId);
    const movement = section ? movementOf(section) : null;
    if (movement) return movementCounts(movement).get(board) ?? 0;
    const playsBoard = plays.get(sectionId)?.has(board) || section?.boardNumbers.includes(board);
    return playsBoard ? (most.get(sectionId) ?? 0) : 0;
  };
}
