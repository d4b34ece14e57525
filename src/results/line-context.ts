import { boardInfo } from '../bridge/board.js';
import type { Vulnerability } from '../bridge/types.js';
import { BadInputError } from '../common/errors.js';
import type { Board, Contestant, Event, Section, Session } from '../generated/prisma/client.js';
import type { ResultLineInput } from './dto/submit-result.input.js';

/** What validating a line needs to know of its session, loaded once per request. */
export interface SessionContext {
  session: Session;
  event: Event;
  sections: Section[];
  boards: Map<number, Board>;
  /** "NS:3", "EW:3" in a two-winner field, ":3" in one field → contestant. */
  contestants: Map<string, Contestant>;
}

export interface LocatedLine {
  section: Section;
  boardNumber: number;
  vulnerability: Vulnerability;
  ns: Contestant;
  ew: Contestant;
}

/** Finds the section, board and contestants a line names, or says exactly which one is wrong. */
export function locateLine(ctx: SessionContext, line: Pick<ResultLineInput, 'section' | 'board' | 'nsPair' | 'ewPair'>, field = ''): LocatedLine {
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
  const ns = findContestant(ctx, 'NS', line.nsPair, at('nsPair'));
  const ew = findContestant(ctx, 'EW', line.ewPair, at('ewPair'));
  if (ns.id === ew.id) throw new BadInputError(`Pair ${line.nsPair} cannot play against itself`, [at('ewPair')]);
  return { section, boardNumber: line.board, vulnerability, ns, ew };
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

function findContestant(ctx: SessionContext, direction: 'NS' | 'EW', number: number, field: string): Contestant {
  const found = ctx.contestants.get(`${direction}:${number}`) ?? ctx.contestants.get(`:${number}`);
  if (!found) throw new BadInputError(`There is no ${direction} pair ${number} in this event`, [field]);
  return found;
}

export function contestantKey(c: Pick<Contestant, 'direction' | 'number'>): string {
  return `${c.direction ?? ''}:${c.number}`;
}

function rangeText(numbers: number[]): string {
  if (!numbers.length) return 'none yet';
  const sorted = [...numbers].sort((a, b) => a - b);
  const contiguous = sorted.every((n, i) => i === 0 || n === sorted[i - 1] + 1);
  return contiguous ? `${sorted[0]}–${sorted.at(-1)}` : sorted.join(', ');
}
