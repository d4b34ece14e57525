import { orderedUuid } from '../database/ordered-uuid.js';
import { boardInfo } from '../bridge/board.js';
import { formatContract, parseContract, parseResult } from '../bridge/contract.js';
import { DomainError } from '../bridge/errors.js';
import { contestantLookup, type ArtificialCode, type InterchangeContestant, type InterchangeEvent, type InterchangeLine, type InterchangeSection, type RejectedItem } from '../bridge/formats/interchange.js';
import { checkMovement, validateLine, type Movement } from '../bridge/movements/index.js';
import { contractScore } from '../bridge/score.js';
import type { Direction, Seat, Vulnerability } from '../bridge/types.js';
import type { ResultStatus, ScoringMethod } from '../generated/prisma/client.js';
import { groupBy } from '../bridge/grouping.js';
import { memberNumbers } from './contestant-rows.js';

/**
 * From a file's event (any format) to the rows Traveller stores: plain values, ids chosen here so
 * that related rows can be written in bulk. Every score is computed from contract and tricks
 * (Law 77); the file's own figures are kept aside for the report. Lines that cannot be accepted
 * are set aside with their reason; the rest is imported.
 */
export interface PlannedContestant {
  id: string;
  section: string | null;
  number: number;
  direction: Direction | null;
  name: string;
  players: { name: string; memberNumber: string | null }[];
  file: InterchangeContestant;
}

export interface PlannedResult {
  id: string;
  sectionLetter: string;
  boardNumber: number;
  round: number | null;
  table: number | null;
  ns: PlannedContestant;
  ew: PlannedContestant;
  status: ResultStatus;
  contract: string | null;
  declarer: Seat | null;
  tricks: number | null;
  lead: string | null;
  nsScore: number | null;
  adjustment: { kind: 'ARTIFICIAL'; ns: ArtificialCode; ew: ArtificialCode; law: string; reason: string } | null;
  movementIssue: string | null;
  file: InterchangeLine;
}

export interface PlannedSection {
  letter: string;
  tables: number;
  boardNumbers: number[];
  movement: Movement | null;
}

export interface PlannedBoard {
  number: number;
  deal: string | null;
  dealerOverride: Seat | null;
  vulnerabilityOverride: Vulnerability | null;
}

export interface PlannedSession {
  number: number;
  sections: PlannedSection[];
  boards: PlannedBoard[];
  results: PlannedResult[];
}

export interface ImportPlan {
  format: InterchangeEvent['format'];
  name: string;
  kind: 'PAIRS' | 'TEAMS';
  scoring: ScoringMethod;
  /** The scale of the file's own matchpoints, when it has any: a club's ACBL file is 1/½/0. */
  matchpointScale: 'TWO_POINT' | 'ONE_POINT';
  /** Team matches in VPs: the WBF 2013 scale, the one Traveller has. */
  vpScale: 'WBF_2013' | null;
  /** Teams in total points, board-a-match (the file says so). */
  boardAMatch: boolean;
  startsOn: string | null;
  contestants: PlannedContestant[];
  sessions: PlannedSession[];
  rejected: RejectedItem[];
  warnings: string[];
}

export class UnsupportedFileError extends DomainError {}

/**
 * A plan's outline as the transaction uses it: the contestants only as their planned ids and the
 * member numbers their players give (their rows are encoded where the file was read). A national
 * file's 20,000 contestants as objects, copied from the reading thread, held the event loop
 * ~125 ms on arrival (5 MB to deserialise), and the import answered /health that much later.
 */
export type ImportOutline = Omit<ImportPlan, 'contestants'> & ContestantKeys;

/** What a transaction needs of the planned contestants before their rows are encoded: their ids, and the member numbers to look up. */
export interface ContestantKeys {
  contestantIds: string[];
  memberNumbers: string[];
}

export const contestantKeys = (planned: readonly PlannedContestant[]): ContestantKeys => ({ contestantIds: planned.map((c) => c.id), memberNumbers: memberNumbers(planned) });

export function outlineOf(plan: ImportPlan): ImportOutline {
  const { contestants, ...rest } = plan;
  return { ...rest, ...contestantKeys(contestants) };
}

/** Every line of the file planned at once: a club's file, a re-import, a section's file. */
export function planImport(file: InterchangeEvent): ImportPlan {
  const plan = planOutline(file);
  plan.sessions.forEach((session, i) => {
    for (const line of plannedLines(file, plan, i)) session.results.push(line);
  });
  return plan;
}

/**
 * The plan without its result lines (each session's `results` empty): event, contestants,
 * sections, boards and the warnings they give. The lines are planned afterwards by
 * `plannedLines`, so a national file's writes can begin while its lines are still being planned.
 */
export function planOutline(file: InterchangeEvent): ImportPlan {
  if (file.kind === 'INDIVIDUAL') throw new UnsupportedFileError('Individual events cannot be imported yet: a traveller line here names two pairs, not four players', 'file');
  const kind = file.kind;
  const warnings: string[] = [];
  const contestants = file.contestants.map(plannedContestant);
  const sessions = file.sessions.map((s) => {
    const sections = s.sections.length ? s.sections : [...new Set(s.lines.map((l) => l.section))].map((letter) => ({ letter, tables: null, movement: null }));
    const linesOf = groupBy<string, InterchangeLine>(s.lines, (l) => l.section);
    const planned = sections.map((section) => planSection(section, linesOf.get(section.letter) ?? [], contestants, warnings));
    return { number: s.number, sections: planned, boards: planBoards(s.boards, s.lines), results: [] };
  });
  return {
    format: file.format,
    name: file.name?.trim() || `${file.format} import${file.date ? ` of ${file.date}` : ''}`,
    kind,
    scoring: scoringOf(file, warnings),
    matchpointScale: matchpointScaleOf(file, warnings),
    vpScale: kind === 'TEAMS' && file.victoryPoints ? 'WBF_2013' : null,
    boardAMatch: kind === 'TEAMS' && !!file.boardAMatch && file.scoring === 'TOTAL_POINTS',
    startsOn: file.date,
    contestants,
    sessions,
    rejected: [],
    warnings,
  };
}

/**
 * The lines of the plan's session `index`, planned one at a time in the file's order: each score
 * computed by Law 77, each line checked against its section's movement and against the lines
 * before it; a line that cannot be accepted goes to `plan.rejected` instead.
 */
export function* plannedLines(file: InterchangeEvent, plan: ImportPlan, index: number): Generator<PlannedResult> {
  const s = file.sessions[index];
  const find = contestantFinder(plan.contestants);
  const sectionNamed = new Map(plan.sessions[index].sections.map((x) => [x.letter, x]));
  const vulnerabilities = new Map(plan.sessions[index].boards.map((b) => [b.number, b.vulnerabilityOverride ?? boardInfo(b.number).vulnerability]));
  const taken = new Map<string, Map<PlannedContestant, Set<number>>>();
  for (const line of s.lines) {
    let result: PlannedResult;
    try {
      const section = sectionNamed.get(line.section);
      if (!section) throw new Error(`section ${line.section} is not in the file's sections`);
      result = planLine(line, find, vulnerabilities.get(line.board) ?? boardInfo(line.board).vulnerability);
      result.movementIssue = movementIssue(section.movement, result);
      claimSeats(taken, result, plan.kind === 'TEAMS');
    } catch (error) {
      plan.rejected.push({ source: line.source, reason: (error as Error).message });
      continue;
    }
    yield result;
  }
}

function plannedContestant(c: InterchangeContestant): PlannedContestant {
  const players = c.players.filter((p) => p.name.trim()).map((p) => ({ name: p.name.trim().slice(0, 200), memberNumber: p.memberNumber?.trim().slice(0, 50) || null }));
  const label = () => [c.section, c.direction, c.number].filter((x) => x !== null).join(' ');
  const name = (c.name?.trim() || players.map((p) => p.name).join(' & ') || `Pair ${label()}`).slice(0, 200);
  return { id: orderedUuid(), section: c.section, number: c.number, direction: c.direction, name, players, file: c };
}

/** The contestant a line names: numbered in its section (and direction) first, then across the event. */
function contestantFinder(contestants: PlannedContestant[]) {
  const lookup = contestantLookup(contestants);
  return (section: string, direction: Direction, number: number): PlannedContestant => {
    const found = lookup(section, direction, number);
    if (!found) throw new Error(`${direction} pair ${number} of section ${section} is not among the file's contestants`);
    return found;
  };
}

function planSection(section: InterchangeSection, lines: InterchangeLine[], contestants: PlannedContestant[], warnings: string[]): PlannedSection {
  const boards = new Set(lines.map((l) => l.board));
  const rows = section.movement ?? [];
  for (const r of rows) for (const b of r.boards) boards.add(b);
  const tables = section.tables ?? Math.max(1, ...rows.map((r) => r.table), ...lines.map((l) => l.table ?? 1));
  return { letter: section.letter, tables, boardNumbers: [...boards].sort((a, b) => a - b), movement: plannedMovement(section, contestants, warnings) };
}

/**
 * The file's movement, kept if it passes the same checks as any movement (DOMAIN §6.6); a
 * movement that seats a pair twice in a round or gives it a board twice is reported and its lines
 * are imported without one.
 */
function plannedMovement(section: InterchangeSection, contestants: PlannedContestant[], warnings: string[]): Movement | null {
  const rows = section.movement;
  if (!rows?.length) return null;
  const twoWinners = contestants.some((c) => c.direction !== null && (c.section === null || c.section === section.letter));
  const movement: Movement = {
    kind: 'CUSTOM',
    tables: Math.max(...rows.map((r) => r.table)),
    rounds: Math.max(...rows.map((r) => r.round)),
    boardsPerRound: Math.max(...rows.map((r) => r.boards.length)),
    numbering: twoWinners ? 'NS_EW' : 'ONE_FIELD',
    rows: rows.map((r) => ({ round: r.round, table: r.table, ns: r.ns, ew: r.ew, boards: [...r.boards] })),
  };
  const problems = checkMovement(movement);
  if (!problems.length) return movement;
  warnings.push(`Section ${section.letter}: the file's movement was not kept (round ${problems[0].round}: ${problems[0].message}${problems.length > 1 ? `, and ${problems.length - 1} more` : ''}); its lines are imported without one`);
  return null;
}

/** Boards of the session: the file's hand records, and any other board its lines name. Dealer and vulnerability are kept only where they differ from Law 2. */
function planBoards(fileBoards: InterchangeEvent['sessions'][number]['boards'], lines: InterchangeLine[]): PlannedBoard[] {
  const boards = new Map<number, PlannedBoard>();
  for (const b of fileBoards) {
    const law2 = boardInfo(b.number);
    boards.set(b.number, {
      number: b.number,
      deal: b.deal,
      dealerOverride: b.dealer && b.dealer !== law2.dealer ? b.dealer : null,
      vulnerabilityOverride: b.vulnerability && b.vulnerability !== law2.vulnerability ? b.vulnerability : null,
    });
  }
  for (const l of lines) if (!boards.has(l.board)) boards.set(l.board, { number: l.board, deal: null, dealerOverride: null, vulnerabilityOverride: null });
  return [...boards.values()].sort((a, b) => a.number - b.number);
}

function planLine(line: InterchangeLine, find: ReturnType<typeof contestantFinder>, vulnerability: Vulnerability): PlannedResult {
  const ns = find(line.section, 'NS', line.nsPair);
  const ew = find(line.section, 'EW', line.ewPair);
  if (ns.id === ew.id) throw new Error(`pair ${line.nsPair} cannot play against itself`);
  if (line.notPlayed) return plannedResult(line, ns, ew, { status: 'NOT_PLAYED', contract: null, declarer: null, tricks: null, nsScore: null, adjustment: null });
  if (line.artificial) {
    const adjustment = { kind: 'ARTIFICIAL' as const, ns: line.artificial.ns, ew: line.artificial.ew, law: '12C2', reason: 'Artificial adjusted score in the imported file' };
    return plannedResult(line, ns, ew, { status: 'ARTIFICIAL', contract: null, declarer: null, tricks: null, nsScore: null, adjustment });
  }
  const contract = parseContract(line.contract ?? '');
  if (contract === 'PASS') return plannedResult(line, ns, ew, { status: 'PASSED_OUT', contract: 'PASS', declarer: null, tricks: null, nsScore: 0, adjustment: null });
  if (!line.declarer) throw new Error(`no declarer for ${formatContract(contract)}`);
  if (line.tricks === null) throw new Error(`no tricks for ${formatContract(contract)}`);
  const tricks = parseResult(contract, line.tricks);
  const { nsScore } = contractScore(contract, line.declarer, tricks, vulnerability);
  return plannedResult(line, ns, ew, { status: 'PLAYED', contract: formatContract(contract), declarer: line.declarer, tricks, nsScore, adjustment: null });
}

type Outcome = Pick<PlannedResult, 'status' | 'contract' | 'declarer' | 'tricks' | 'nsScore' | 'adjustment'>;

/** One literal with every field in one order: a national file's 240,000 lines share one compact object shape (a spread of them did not). */
function plannedResult(line: InterchangeLine, ns: PlannedContestant, ew: PlannedContestant, o: Outcome): PlannedResult {
  return {
    id: orderedUuid(),
    sectionLetter: line.section,
    boardNumber: line.board,
    round: line.round,
    table: line.table,
    ns,
    ew,
    status: o.status,
    contract: o.contract,
    declarer: o.declarer,
    tricks: o.tricks,
    lead: line.lead,
    nsScore: o.nsScore,
    adjustment: o.adjustment,
    movementIssue: null,
    file: line,
  };
}

/**
 * DOMAIN §6.6 rule 4: a pair plays a board once (a team once per direction). `taken`: by section,
 * each contestant's boards, as numbers (twice the board, plus one for a team's EW seat): a
 * national file's 480,000 seats are held until its last line is planned.
 */
function claimSeats(taken: Map<string, Map<PlannedContestant, Set<number>>>, r: PlannedResult, teams: boolean): void {
  let section = taken.get(r.sectionLetter);
  if (!section) taken.set(r.sectionLetter, (section = new Map()));
  const ns = 2 * r.boardNumber;
  const ew = teams ? ns + 1 : ns;
  if (section.get(r.ns)?.has(ns) || section.get(r.ew)?.has(ew)) throw new Error(`a pair of this line already has a result on board ${r.boardNumber}; the second line is not imported`);
  claim(section, r.ns, ns);
  claim(section, r.ew, ew);
}

function claim(boards: Map<PlannedContestant, Set<number>>, contestant: PlannedContestant, seat: number): void {
  const claimed = boards.get(contestant);
  if (claimed) claimed.add(seat);
  else boards.set(contestant, new Set([seat]));
}

/** Law 15: a line that does not fit the movement is kept and flagged, as a director would keep it. */
function movementIssue(movement: Movement | null, r: PlannedResult): string | null {
  if (!movement) return null;
  const verdict = validateLine(movement, { round: r.round ?? undefined, table: r.table ?? undefined, board: r.boardNumber, ns: r.ns.number, ew: r.ew.number });
  return verdict.fits ? null : `${verdict.problem}: ${verdict.message}`;
}

/** The file's method when it says one that fits the kind of event; otherwise the usual one, said in a warning. */
function scoringOf(file: InterchangeEvent, warnings: string[]): ScoringMethod {
  const teams = file.kind === 'TEAMS';
  const fallback: ScoringMethod = teams ? 'TEAMS_IMPS' : 'MATCHPOINTS';
  if (!file.scoring) {
    warnings.push(`The file does not say how it is scored: scored as ${fallback}`);
    return fallback;
  }
  const fits = teams ? ['TEAMS_IMPS', 'TOTAL_POINTS'].includes(file.scoring) : file.scoring !== 'TEAMS_IMPS';
  if (fits) return file.scoring;
  warnings.push(`A ${file.kind.toLowerCase()} event cannot be scored ${file.scoring}: scored as ${fallback}`);
  return fallback;
}

/**
 * The file's matchpoint scale, read from its own figures: on a board of n results the two sides'
 * matchpoints of a line add up to the top, 2(n − 1) on the 2/1/0 scale and n − 1 on 1/½/0.
 */
function matchpointScaleOf(file: InterchangeEvent, warnings: string[]): 'TWO_POINT' | 'ONE_POINT' {
  let one = 0;
  let two = 0;
  const given = (l: InterchangeLine) => l.figures.nsMatchpoints !== undefined && l.figures.ewMatchpoints !== undefined;
  for (const s of file.sessions) {
    // A file without matchpoints of its own (a national CSV) need not group its lines by board.
    if (!s.lines.some(given)) continue;
    const boards = groupBy<string, InterchangeLine>(s.lines, (l) => `${l.section}:${l.board}`);
    for (const lines of boards.values()) {
      const n = lines.length;
      const line = lines.find((l) => !l.artificial && given(l));
      if (n < 2 || !line) continue;
      const total = line.figures.nsMatchpoints! + line.figures.ewMatchpoints!;
      if (Math.abs(total - (n - 1)) < 0.01) one++;
      else if (Math.abs(total - 2 * (n - 1)) < 0.01) two++;
    }
  }
  if (one <= two) return 'TWO_POINT';
  warnings.push('The file’s matchpoints are on the 1/½/0 scale: the event is scored on that scale');
  return 'ONE_POINT';
}
