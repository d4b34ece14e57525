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
  /** The field's lines, read only: a board's scoring answers each scored line's position here. */
  lines: readonly L[];
  /** N: results the board should have had (Neuberg factors to it), absent pairs left out. */
  expected: number;
}

/** A field as the index keeps it: its lines and their slots side by side, a line's position by id. */
interface StoredField<L> {
  board: number;
  lines: L[];
  slots: number[];
  position: Map<string, number>;
  absent: number;
}

export const fieldKey = (across: ScoreAcross, sectionId: string, board: number) => (across === 'SESSION' ? `*:${board}` : `${sectionId}:${board}`);

/** Tables per board of a stored movement; movements are kept data, so this is worked out once each. */
const countsOf = new WeakMap<Movement, Map<number, number>>();

function movementCounts(movement: Movement): Map<number, number> {
  let counts = countsOf.get(movement);
  if (!counts) countsOf.set(movement, (counts = expectedResults(movement)));
  return counts;
}

/**
 * A session's lines by field, kept up to date line by line: a post or a correction touches its own
 * field (and, when it changes the most results a section's boards have, that section's fields),
 * so a national field is not regrouped for every line.
 */
export class FieldIndex<L extends LineRow = LineRow> {
  private readonly byKey = new Map<string, StoredField<L>>();
  private readonly sections: Map<string, SectionRow>;
  /** Results per board of each section, and the most any board has (N without a movement). */
  private readonly counts = new Map<string, Map<number, number>>();
  private readonly most = new Map<string, number>();

  constructor(
    sections: readonly SectionRow[],
    private readonly across: ScoreAcross,
  ) {
    this.sections = new Map(sections.map((s) => [s.id, s]));
  }

  /** The key of the field a line belongs to. */
  keyOf(line: LineRow): string {
    return fieldKey(this.across, line.sectionId, line.boardNumber);
  }

  keys(): IterableIterator<string> {
    return this.byKey.keys();
  }

  /**
   * Adds a line held in `slot` of the caller's state (its scorers then find a line's slot by its
   * position, not by a lookup of its id: a correction re-credits a national board's 10,000 lines);
   * answers the keys of the fields whose lines or N changed.
   */
  add(line: L, slot: number): string[] {
    const key = this.keyOf(line);
    let field = this.byKey.get(key);
    if (!field) this.byKey.set(key, (field = { board: line.boardNumber, lines: [], slots: [], position: new Map(), absent: 0 }));
    const at = field.position.get(line.id);
    if (at !== undefined) this.takeOut(field, at);
    field.position.set(line.id, field.lines.length);
    field.lines.push(line);
    field.slots.push(slot);
    if (isAbsent(line)) field.absent++;
    return this.counted(line, key, at === undefined ? 1 : 0);
  }

  remove(line: L): string[] {
    const key = this.keyOf(line);
    const field = this.byKey.get(key);
    const at = field?.position.get(line.id);
    if (!field || at === undefined) return [key];
    this.takeOut(field, at);
    if (!field.lines.length) this.byKey.delete(key);
    return this.counted(line, key, -1);
  }

  /** The line at `at` out of its field: the last line takes its place (the order of a field's lines means nothing). */
  private takeOut(field: StoredField<L>, at: number): void {
    const gone = field.lines[at];
    if (isAbsent(gone)) field.absent--;
    field.position.delete(gone.id);
    const last = field.lines.length - 1;
    if (at !== last) {
      field.lines[at] = field.lines[last];
      field.slots[at] = field.slots[last];
      field.position.set(field.lines[at].id, at);
    }
    field.lines.pop();
    field.slots.pop();
  }

  /** The section's results per board moved by `delta`: the keys whose N moved with them. */
  private counted(line: L, key: string, delta: 1 | 0 | -1): string[] {
    if (delta === 0) return [key];
    let perBoard = this.counts.get(line.sectionId);
    if (!perBoard) this.counts.set(line.sectionId, (perBoard = new Map()));
    const n = (perBoard.get(line.boardNumber) ?? 0) + delta;
    if (n) perBoard.set(line.boardNumber, n);
    else perBoard.delete(line.boardNumber);
    const before = this.most.get(line.sectionId) ?? 0;
    const after = n > before ? n : n + 1 === before ? Math.max(0, ...perBoard.values()) : before;
    if (after === before) return [key];
    this.most.set(line.sectionId, after);
    // N of every board of this section that has no movement to say it moved with the section's most.
    return this.sections.get(line.sectionId) && movementOf(this.sections.get(line.sectionId)!) ? [key] : [key, ...this.keysOfSection(line.sectionId)];
  }

  private keysOfSection(sectionId: string): string[] {
    if (this.across === 'SESSION') return [...this.byKey.keys()];
    return [...this.byKey.keys()].filter((k) => k.startsWith(`${sectionId}:`));
  }

  /**
   * The field as it stands, with its N and each line's slot (`slots[i]` for `lines[i]`); null once
   * it has no lines. Its arrays are the index's own: read them before the index changes again.
   */
  field(key: string): (BoardField<L> & { slots: readonly number[] }) | null {
    const stored = this.byKey.get(key);
    if (!stored) return null;
    const { lines, slots, absent } = stored;
    let expected = 0;
    if (this.across === 'SESSION') for (const id of this.sections.keys()) expected += this.expectedIn(id, stored.board);
    else expected = this.expectedIn(lines[0].sectionId, stored.board);
    return { key, board: stored.board, lines, slots, expected: Math.max(expected - absent, lines.length - absent) };
  }

  /**
   * N per section and board: with a movement, the tables that play the board; otherwise the most
   * results any board of the section has, so a board missing a result (sit-out, not played) is
   * factored to the field's top while play goes on.
   */
  private expectedIn(sectionId: string, board: number): number {
    const section = this.sections.get(sectionId);
    const movement = section ? movementOf(section) : null;
    if (movement) return movementCounts(movement).get(board) ?? 0;
    const playsBoard = this.counts.get(sectionId)?.has(board) || section?.boardNumbers.includes(board);
    return playsBoard ? (this.most.get(sectionId) ?? 0) : 0;
  }
}

const isAbsent = (line: LineRow) => lineKind(line).kind === 'ABSENT';
