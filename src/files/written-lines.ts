import type { LineContent } from '../results/traveller-line.js';
import type { ResultToWrite } from './result-rows.js';

/**
 * A chunk of imported lines as the database holds them once written (see `linesOf`), in columns:
 * what crosses from the reading thread to the service's with each chunk of COPY data, so the
 * scoring cache can take the lines the import wrote instead of reading 240,000 rows back. Columns,
 * not objects: a structured copy of 10,000 line objects cost the service's thread twice the CPU of
 * building them from these, in longer turns, and a new string for every cell.
 */
export interface WrittenColumns {
  /** The lines' ids, 36 characters each, one after the other. */
  ids: string;
  /** Each different text of the chunk once (ids of sessions, sections and pairs, status, contract …). */
  texts: string[];
  /** CELLS cells a line, in CELL's order: an index into `texts` or a number; NONE for null. */
  cells: Int32Array;
}

const NONE = -0x80000000;
const UUID_LENGTH = 36;

/** Where each of a line's cells is: texts by index, numbers as they are. The other columns take the table's defaults. */
const CELL = { sessionId: 0, sectionId: 1, boardNumber: 2, round: 3, table: 4, nsContestantId: 5, ewContestantId: 6, status: 7, contract: 8, declarer: 9, tricks: 10, lead: 11, nsScore: 12, adjustment: 13, movementIssue: 14 } as const;
const CELLS = 15;

/** Planned lines as written, in columns, added a line at a time as they are encoded (in the reading thread). */
export class WrittenLines {
  private ids: string[] = [];
  private texts: string[] = [];
  private indexes = new Map<string, number>();
  private cells = new Int32Array(1024 * CELLS);
  private at = 0;

  add({ r, sessionId, sectionId, contestants }: ResultToWrite): void {
    if (r.id.length !== UUID_LENGTH) throw new Error(`A planned line's id is not a UUID: ${r.id}`);
    this.ids.push(r.id);
    if (this.at + CELLS > this.cells.length) this.grow();
    // In CELL's order.
    this.text(sessionId);
    this.text(sectionId);
    this.number(r.boardNumber);
    this.number(r.round);
    this.number(r.table);
    this.text(contestants.get(r.ns.id)!);
    this.text(contestants.get(r.ew.id)!);
    this.text(r.status);
    this.text(r.contract);
    this.text(r.declarer);
    this.number(r.tricks);
    this.text(r.lead);
    this.number(r.nsScore);
    this.text(r.adjustment ? JSON.stringify(asJsonb(r.adjustment)) : null);
    this.text(r.movementIssue);
  }

  /** The lines added so far, their cells in a buffer of their own (moved to the service's thread); the next lines start afresh. */
  take(): WrittenColumns {
    const taken = { ids: this.ids.join(''), texts: this.texts, cells: this.cells.slice(0, this.at) };
    this.ids = [];
    this.texts = [];
    this.indexes = new Map();
    this.at = 0;
    return taken;
  }

  private text(value: string | null): void {
    let index = value === null ? NONE : this.indexes.get(value);
    if (index === undefined) this.indexes.set(value!, (index = this.texts.push(value!) - 1));
    this.cells[this.at++] = index;
  }

  private number(value: number | null): void {
    this.cells[this.at++] = value === null ? NONE : value;
  }

  private grow(): void {
    const grown = new Int32Array(2 * this.cells.length);
    grown.set(this.cells);
    this.cells = grown;
  }
}

/** Planned lines as written, in columns (in the reading thread). */
export function writtenColumns(rows: readonly ResultToWrite[]): WrittenColumns {
  const lines = new WrittenLines();
  for (const row of rows) lines.add(row);
  return lines.take();
}

/**
 * The lines of `columns` in the shape a read of their rows gives (the table's column order, its
 * defaults, an adjustment's keys in jsonb's order) — `cachedLine`'s shape, which the scoring cache
 * keeps them in as they are — `from` to `to`, in the service's thread. Every text is `shared`'s
 * one copy, so 240,000 cached lines share their few thousand ids and words.
 */
export function linesOf(columns: WrittenColumns, shared: Map<string, string>, from = 0, to = lineCount(columns)): LineContent[] {
  const texts = columns.texts.map((t) => shared.get(t) ?? shared.set(t, t).get(t)!);
  const { cells, ids } = columns;
  const text = (cell: number) => (cell === NONE ? null : texts[cell]);
  const number = (cell: number) => (cell === NONE ? null : cell);
  const lines: LineContent[] = [];
  for (let i = from, c = from * CELLS; i < to; i++, c += CELLS) {
    const adjustment = text(cells[c + CELL.adjustment]);
    lines.push({
      id: ids.slice(i * UUID_LENGTH, (i + 1) * UUID_LENGTH),
      sessionId: texts[cells[c + CELL.sessionId]],
      sectionId: texts[cells[c + CELL.sectionId]],
      boardNumber: cells[c + CELL.boardNumber],
      round: number(cells[c + CELL.round]),
      table: number(cells[c + CELL.table]),
      nsContestantId: texts[cells[c + CELL.nsContestantId]],
      ewContestantId: texts[cells[c + CELL.ewContestantId]],
      status: texts[cells[c + CELL.status]] as LineContent['status'],
      contract: text(cells[c + CELL.contract]),
      declarer: text(cells[c + CELL.declarer]) as LineContent['declarer'],
      tricks: number(cells[c + CELL.tricks]),
      lead: text(cells[c + CELL.lead]),
      nsScore: number(cells[c + CELL.nsScore]),
      boardForm: 1,
      adjustment: adjustment === null ? null : JSON.parse(adjustment),
      movementIssue: text(cells[c + CELL.movementIssue]),
      version: 1,
    });
  }
  return lines;
}

/** How many lines `columns` holds. */
export const lineCount = (columns: WrittenColumns) => columns.ids.length / UUID_LENGTH;

/** A JSON value as jsonb gives it back: each object's keys shortest first, then in byte order. */
export function asJsonb(value: unknown): never {
  if (Array.isArray(value)) return value.map(asJsonb) as never;
  if (value === null || typeof value !== 'object') return value as never;
  const keys = Object.keys(value).sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Object.fromEntries(keys.map((k) => [k, asJsonb((value as Record<string, unknown>)[k])])) as never;
}
