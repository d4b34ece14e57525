import { expectedResults } from '../movements/generate.js';
import type { Movement } from '../movements/movement.js';
import { lineKind, movementOf, type LineRow, type SectionRow } from './event-input.js';
import type { ScoreAcross } from './rules.js';
import { grown } from './grown.js';

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

/** A field as the index keeps it: its lines and their slots side by side. */
interface StoredField<L> {
  key: string;
  board: number;
  lines: L[];
  slots: number[];
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
  /**
   * By slot: the line's position in its field's arrays (−1: in none). An array by slot rather
   * than a map by line id: a national session's 240,000 map entries were made and copied by the
   * collector during a whole scoring, and their tables doubled all at once as they grew.
   */
  private position: Int32Array<ArrayBuffer> = new Int32Array(1024).fill(-1);
  /** By slot: the field the line is in. */
  private readonly fieldOf: (StoredField<L> | undefined)[] = [];

  constructor(
    sections: readonly SectionRow[],
    private readonly across: ScoreAcross,
  ) {
    this.sections = new Map(sections.map((s) => [s.id, s]));
  }

  /** Keys made so far, by section (one entry for every section when scored across the session), then by board. */
  private readonly keysMade = new Map<string, string[]>();

  /** The key of the field a line belongs to (made once a field: not a new string a line of a national session). */
  keyOf(line: LineRow): string {
    const group = this.across === 'SESSION' ? '*' : line.sectionId;
    let keys = this.keysMade.get(group);
    if (!keys) this.keysMade.set(group, (keys = []));
    return (keys[line.boardNumber] ??= fieldKey(this.across, line.sectionId, line.boardNumber));
  }

  /** The key of the field the line in `slot` is in (no key built: a correction asks it for thousands of lines). */
  keyAt(slot: number): string | undefined {
    return this.fieldOf[slot]?.key;
  }

  keys(): IterableIterator<string> {
    return this.byKey.keys();
  }

  /**
   * Adds a line held in `slot` of the caller's state (its scorers then find a line's slot by its
   * position, not by a lookup of its id: a correction re-credits a national board's 10,000 lines);
   * the keys of the fields whose lines or N changed are added to `touched`, if given (a session
   * first scored has them all: no list made a line).
   */
  add(line: L, slot: number, touched?: Set<string>): void {
    const key = this.keyOf(line);
    let field = this.byKey.get(key);
    if (!field) this.byKey.set(key, (field = { key, board: line.boardNumber, lines: [], slots: [], absent: 0 }));
    // A line placed again without being taken out first (the same line twice in one change).
    const before = this.fieldOf[slot];
    const again = before !== undefined && this.positionOf(slot) >= 0;
    if (again) this.takeOut(before, this.positionOf(slot));
    if (slot >= this.position.length) this.position = grown(this.position, slot + 1, -1);
    this.position[slot] = field.lines.length;
    this.fieldOf[slot] = field;
    field.lines.push(line);
    field.slots.push(slot);
    if (isAbsent(line)) field.absent++;
    this.counted(line, key, again ? 0 : 1, touched);
  }

  /** Takes out the line held in `slot`; the keys of the fields whose lines or N changed are added to `touched`. */
  remove(line: L, slot: number, touched: Set<string>): void {
    const key = this.keyOf(line);
    const field = this.fieldOf[slot];
    const at = this.positionOf(slot);
    touched.add(key);
    if (!field || at < 0) return;
    this.takeOut(field, at);
    if (!field.lines.length) this.byKey.delete(key);
    this.counted(line, key, -1, touched);
  }

  private positionOf(slot: number): number {
    return slot < this.position.length ? this.position[slot] : -1;
  }

  /** The line at `at` out of its field: the last line takes its place (the order of a field's lines means nothing). */
  private takeOut(field: StoredField<L>, at: number): void {
    const gone = field.lines[at];
    if (isAbsent(gone)) field.absent--;
    this.position[field.slots[at]] = -1;
    this.fieldOf[field.slots[at]] = undefined;
    const last = field.lines.length - 1;
    if (at !== last) {
      field.lines[at] = field.lines[last];
      field.slots[at] = field.slots[last];
      this.position[field.slots[at]] = at;
    }
    field.lines.pop();
    field.slots.pop();
  }

  /** The section's results per board moved by `delta`: the line's key and those whose N moved with them added to `touched`. */
  private counted(line: L, key: string, delta: 1 | 0 | -1, touched?: Set<string>): void {
    touched?.add(key);
    if (delta === 0) return;
    let perBoard = this.counts.get(line.sectionId);
    if (!perBoard) this.counts.set(line.sectionId, (perBoard = new Map()));
    const n = (perBoard.get(line.boardNumber) ?? 0) + delta;
    if (n) perBoard.set(line.boardNumber, n);
    else perBoard.delete(line.boardNumber);
    const before = this.most.get(line.sectionId) ?? 0;
    const after = n > before ? n : n + 1 === before ? Math.max(0, ...perBoard.values()) : before;
    if (after === before) return;
    this.most.set(line.sectionId, after);
    // N of every board of this section that has no movement to say it moved with the section's most.
    const section = this.sections.get(line.sectionId);
    if (touched && !(section && movementOf(section))) for (const k of this.keysOfSection(line.sectionId)) touched.add(k);
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
