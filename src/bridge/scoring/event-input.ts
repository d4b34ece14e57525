import { Fraction } from '../fraction.js';
import type { Artificial, SideScore } from '../matchpoints.js';
import type { Movement } from '../movements/movement.js';

/**
 * What an event's scoring is computed from: its stored rows, as plain values. The shapes are the
 * columns the scoring reads, so a service passes database rows as they are.
 */
export type EventKind = 'PAIRS' | 'TEAMS' | 'INDIVIDUAL';
export type ScoringMethod = 'MATCHPOINTS' | 'IMPS_ACROSS_FIELD' | 'BUTLER' | 'CROSS_IMPS' | 'TEAMS_IMPS' | 'TOTAL_POINTS';
export type LineStatus = 'PLAYED' | 'PASSED_OUT' | 'ARTIFICIAL' | 'ASSIGNED' | 'NOT_PLAYED';

export interface ContestantRow {
  id: string;
  number: number;
  direction: 'NS' | 'EW' | null;
  section: string | null;
}

export interface LineRow {
  id: string;
  sectionId: string;
  boardNumber: number;
  round: number | null;
  nsContestantId: string;
  ewContestantId: string;
  status: LineStatus;
  nsScore: number | null;
  boardForm: number;
  adjustment: unknown;
  version: number;
}

export interface SectionRow {
  id: string;
  letter: string;
  /** The session's boards this section plays. */
  boardNumbers: number[];
  movement: unknown;
}

export interface PenaltyRow {
  contestantId: string;
  /** MP, PERCENT_OF_TOP, IMP, VP or DISQUALIFIED. */
  unit: string;
  amount: string | null;
  boardNumber: number | null;
}

/** A bye, or a match one team forfeited to the other (teams). */
export interface MatchAwardRow {
  round: number;
  kind: 'BYE' | 'FORFEIT';
  /** BYE: the team with the bye. FORFEIT: the team that did not play. */
  contestantId: string;
  /** FORFEIT: the team that was ready to play. */
  opponentId: string | null;
}

export interface SessionInput<L extends LineRow = LineRow> {
  session: { id: string };
  sections: SectionRow[];
  results: L[];
  /** In force (revoked ones left out). */
  penalties: PenaltyRow[];
  awards?: MatchAwardRow[];
}

export interface EventInput<C extends ContestantRow = ContestantRow, L extends LineRow = LineRow> {
  event: { kind: EventKind; scoring: ScoringMethod; vpScale: string | null; scoringOptions: unknown };
  contestants: ReadonlyMap<string, C>;
  /** In playing order. */
  sessions: SessionInput<L>[];
}

/** How a director's adjusted line is stored (Result.adjustment, JSON). */
export type StoredAdjustment =
  | { kind: 'ARTIFICIAL'; ns: Artificial; ew: Artificial; law?: string; reason?: string }
  | { kind: 'ASSIGNED'; ns: StoredComponent[]; ew?: StoredComponent[]; law?: string; reason?: string }
  /** Law 86D / the 1999 Chinese rules: each side's figure given directly, in the unit named. */
  | { kind: 'DIRECT'; unit: DirectUnit; ns: string; ew: string; law?: string; reason?: string }
  /** One pair did not turn up: the present pair gets `presentPercentage`, the absent one 0 %; the line is out of N. */
  | { kind: 'ABSENT_PAIR'; absent: 'NS' | 'EW'; presentPercentage: string; law?: string; reason?: string }
  | { kind: 'NOT_PLAYED'; law?: string; reason?: string };

export type DirectUnit = 'MATCHPOINTS' | 'PERCENT' | 'IMPS';

export interface StoredComponent {
  nsScore: number;
  weight: string;
  contract?: string;
  declarer?: string | null;
  tricks?: number;
}

/** A line as the scoring reads it. */
export type LineKind =
  | { kind: 'NONE' }
  | { kind: 'SCORE'; ns: SideScore; ew?: SideScore; form: number }
  | { kind: 'ARTIFICIAL'; ns: Artificial; ew: Artificial }
  | { kind: 'DIRECT'; unit: DirectUnit; ns: Fraction; ew: Fraction }
  | { kind: 'ABSENT'; absent: 'NS' | 'EW'; present: Fraction };

/** Read once per line version and kept: a line's kind never changes without a new version. */
const kinds = new WeakMap<object, LineKind>();

/**
 * How the scoring reads a line. A line of play (no adjustment, nearly every line) shares its kind
 * with every other line of the same score and form instead of keeping one in a map of its own:
 * a national field has 240,000 lines and a few hundred different scores.
 */
export function lineKind(r: LineRow): LineKind {
  if (!r.adjustment && r.status !== 'NOT_PLAYED') return plainKind(r.nsScore ?? 0, r.boardForm);
  let kind = kinds.get(r);
  if (!kind) kinds.set(r, (kind = readKind(r)));
  return kind;
}

const plainKinds = new Map<number, Map<number, LineKind>>();

function plainKind(ns: number, form: number): LineKind {
  let byScore = plainKinds.get(form);
  if (!byScore) plainKinds.set(form, (byScore = new Map()));
  let kind = byScore.get(ns);
  if (!kind) byScore.set(ns, (kind = { kind: 'SCORE', ns, form }));
  return kind;
}

function readKind(r: LineRow): LineKind {
  if (r.status === 'NOT_PLAYED') return { kind: 'NONE' };
  const a = r.adjustment as StoredAdjustment | null;
  switch (a?.kind) {
    case 'ARTIFICIAL':
      return { kind: 'ARTIFICIAL', ns: a.ns, ew: a.ew };
    case 'ASSIGNED': {
      const side = (list: StoredComponent[]): SideScore => list.map((c) => ({ nsScore: c.nsScore, weight: Fraction.parse(c.weight) }));
      return { kind: 'SCORE', ns: side(a.ns), ew: a.ew ? side(a.ew) : undefined, form: r.boardForm };
    }
    case 'DIRECT':
      return { kind: 'DIRECT', unit: a.unit, ns: Fraction.parse(a.ns), ew: Fraction.parse(a.ew) };
    case 'ABSENT_PAIR':
      return { kind: 'ABSENT', absent: a.absent, present: Fraction.parse(a.presentPercentage) };
    case 'NOT_PLAYED':
      return { kind: 'NONE' };
    default:
      return { kind: 'SCORE', ns: r.nsScore ?? 0, form: r.boardForm };
  }
}

/** The stored movement of a section, when it has one. */
export const movementOf = (section: SectionRow): Movement | null => (section.movement ? (section.movement as Movement) : null);

/**
 * One winner or two: a section whose movement numbers everyone in one field, or switches arrows
 * (a one-winner Mitchell), ranks all its pairs together; a plain Mitchell ranks NS and EW apart.
 */
export function oneWinner(section: SectionRow): boolean {
  const m = movementOf(section);
  if (!m) return false;
  return m.numbering === 'ONE_FIELD' || m.rows.some((r) => r.arrowSwitch);
}
