import { boardInfo } from '../bridge/board.js';
import type { Movement, MovementRow } from '../bridge/movements/index.js';
import type { Vulnerability } from '../bridge/types.js';
import { BadInputError } from '../common/errors.js';
import type { Board, Contestant, Event, Section, Session } from '../generated/prisma/client.js';
import type { ResultLineInput } from './dto/submit-result.input.js';

/** What validating a line needs to know of its session, loaded once and cached (see SessionContexts). */
export interface SessionContext {
  session: Session;
  event: Event;
  sections: Section[];
  /** The stored movement of each section that has one, by section id. */
  movements: Map<string, Movement>;
  boards: Map<number, Board>;
  /** By contestantKey: "A|NS|3", "|NS|3", "|| 3" … */
  contestants: Map<string, Contestant>;
  contestantsById: Map<string, Contestant>;
  /** The event's set-up revision this context was loaded at. */
  setupRevision: string;
}

export interface LocatedLine {
  section: Section;
  boardNumber: number;
  vulnerability: Vulnerability;
  ns: Contestant;
  ew: Contestant;
}

/**
 * Finds the section, board and contestants a line names, or says exactly which one is wrong. Pair
 * numbers are as physically seated: in an arrow-switched round of a one-winner Mitchell the pair
 * sitting NS is the EW pair of that number (and the other way round).
 */
export function locateLine(ctx: SessionContext, line: Pick<ResultLineInput, 'section' | 'board' | 'nsPair' | 'ewPair'> & { round?: number; table?: number }, field = ''): LocatedLine {
  const at = (name: string) => `${field}${name}`;
  const section = findSection(ctx.sections, line.section, at('section'));
  if (!section.boardNumbers.includes(line.board)) {
    throw new BadInputError(
      `Board ${line.board} is not played in section ${section.letter} (boards ${rangeText(section.boardNumbers)})`,
      [at('board')],
    );
  }
  const board = ctx.boards.get(line.board);
  const vulnerability = board?.vulnerabilityOverride ?? boardInfo(line.board).vulnerability;
  const movement = ctx.movements.get(section.id);
  const switched = movement ? arrowSwitched(movement, line) : false;
  const ns = findContestant(ctx, section.letter, switched ? 'EW' : 'NS', line.nsPair, at('nsPair'));
  const ew = findContestant(ctx, section.letter, switched ? 'NS' : 'EW', line.ewPair, at('ewPair'));
  if (ns.id === ew.id) throw new BadInputError(`Pair ${line.nsPair} cannot play against itself`, [at('ewPair')]);
  return { section, boardNumber: line.board, vulnerability, ns, ew };
}

/**
 * Whether the line was played in an arrow-switched round: its round and table name a switched row
 * with these pairs, or (without them) the only row where these pairs meet on this board is one.
 */
function arrowSwitched(movement: Movement, line: { board: number; nsPair: number; ewPair: number; round?: number; table?: number }): boolean {
  const switchedHere = (r: MovementRow) => !!r.arrowSwitch && r.ew === line.nsPair && r.ns === line.ewPair;
  if (line.round !== undefined && line.table !== undefined) {
    const row = movement.rows.find((r) => r.round === line.round && r.table === line.table);
    return !!row && switchedHere(row);
  }
  const rows = movement.rows.filter((r) => r.boards.includes(line.board));
  return rows.some(switchedHere) && !rows.some((r) => !r.arrowSwitch && r.ns === line.nsPair && r.ew === line.ewPair);
}

function findSection(sections: Section[], letter: string | undefined, field: string): Section {
  if (!sections.length) throw new BadInputError('This session has no sections yet; create one before posting results', [field]);
  if (!letter) {
    if (sections.length === 1) return sections[0];
    throw new BadInputError(`Say which section: this session has ${sections.map((s) => s.letter).join(', ')}`, [field]);
  }
  const section = sections.find((s) => s.letter === letter);
  if (!section) throw new BadInputError(`There is no section ${letter} in this session`, [field]);
  return section;
}

/** A pair numbered in this section (and direction) first, then one numbered across the event. */
function findContestant(ctx: SessionContext, section: string, direction: 'NS' | 'EW', number: number, field: string): Contestant {
  const found =
    ctx.contestants.get(contestantKey({ section, direction, number })) ??
    ctx.contestants.get(contestantKey({ section, direction: null, number })) ??
    ctx.contestants.get(contestantKey({ section: null, direction, number })) ??
    ctx.contestants.get(contestantKey({ section: null, direction: null, number }));
  if (!found) throw new BadInputError(`There is no ${direction} pair ${number} in section ${section} of this event`, [field]);
  return found;
}

export function contestantKey(c: Pick<Contestant, 'section' | 'direction' | 'number'>): string {
  return `${c.section ?? ''}|${c.direction ?? ''}|${c.number}`;
}

function rangeText(numbers: number[]): string {
  if (!numbers.length) return 'none yet';
  const sorted = [...numbers].sort((a, b) => a - b);
  const contiguous = sorted.every((n, i) => i === 0 || n === sorted[i - 1] + 1);
  return contiguous ? `${sorted[0]}–${sorted.at(-1)}` : sorted.join(', ');
}
