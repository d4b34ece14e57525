/**
 * Law 79C (correction period) and Law 92B (appeal period), both running from publication
 * (DOMAIN §8.1, §8.2). Pure functions of a session's timestamps and the time now.
 */
export interface PublishedTimes {
  publishedAt: Date | null;
  correctionDeadline: Date | null;
  appealDeadline: Date | null;
  /** Law 92 appeals lodged and not yet decided (none when not given). */
  pendingAppeals?: number;
  /** Law 92B ruling requests not yet ruled on (none when not given). */
  pendingRulings?: number;
}

/** Appeals and ruling requests still waiting: while any does, the results cannot be FINAL. */
const waiting = (session: Pick<PublishedTimes, 'pendingAppeals' | 'pendingRulings'>) => (session.pendingAppeals ?? 0) + (session.pendingRulings ?? 0) > 0;

const MINUTE = 60_000;

/** The deadlines of a session published at `publishedAt`. */
export function deadlinesFrom(publishedAt: Date, periods: { correctionMinutes: number; appealMinutes: number }) {
  return {
    correctionDeadline: new Date(publishedAt.getTime() + periods.correctionMinutes * MINUTE),
    appealDeadline: new Date(publishedAt.getTime() + periods.appealMinutes * MINUTE),
  };
}

/**
 * Where results stand: PROVISIONAL until published; OFFICIAL while the correction or appeal
 * period runs, or an appeal waits for its decision or a ruling request for its ruling (DOMAIN
 * §8.2); FINAL once both periods are over and every appeal is decided and every request ruled on.
 */
export type ResultsStanding = 'PROVISIONAL' | 'OFFICIAL' | 'FINAL';

export function resultsStanding(session: PublishedTimes, now = new Date()): ResultsStanding {
  if (!session.publishedAt) return 'PROVISIONAL';
  const open = [session.correctionDeadline, session.appealDeadline].some((d) => d && now <= d);
  return open || waiting(session) ? 'OFFICIAL' : 'FINAL';
}

/** The moment the standing changes by itself (both periods over), if still ahead; never while an appeal or a ruling request waits (its answer changes it). */
export function nextStandingChange(session: Pick<PublishedTimes, 'correctionDeadline' | 'appealDeadline' | 'pendingAppeals' | 'pendingRulings'>, now = new Date()): Date | null {
  if (waiting(session)) return null;
  const later = [session.correctionDeadline, session.appealDeadline].filter((d): d is Date => !!d && d > now);
  return later.length ? new Date(Math.max(...later.map((d) => d.getTime()))) : null;
}

/** Whether a change to the results still falls in the Law 79C correction period (always, before publication). */
export function correctionPeriodOpen(session: Pick<PublishedTimes, 'publishedAt' | 'correctionDeadline'>, now = new Date()): boolean {
  return !session.publishedAt || !session.correctionDeadline || now <= session.correctionDeadline;
}

/**
 * A director may keep travellers, scorecards and hands from the public while play goes on (so
 * nobody reads a board before playing it); they show once the session is completed or published.
 */
export function travellersHidden(session: { hideTravellers: boolean; status: string; publishedAt: Date | null }): boolean {
  return session.hideTravellers && !session.publishedAt && (session.status === 'SCHEDULED' || session.status === 'IN_PROGRESS');
}

/** Whether an appeal may still be lodged (Law 92B): always before publication, then until the appeal deadline. */
export function appealPeriodOpen(session: Pick<PublishedTimes, 'publishedAt' | 'appealDeadline'>, now = new Date()): boolean {
  return !session.publishedAt || !session.appealDeadline || now <= session.appealDeadline;
}
