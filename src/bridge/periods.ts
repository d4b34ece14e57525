/**
 * Law 79C (correction period) and Law 92B (appeal period), both running from publication
 * (DOMAIN §8.1, §8.2). Pure functions of a session's timestamps and the time now.
 */
export interface PublishedTimes {
  publishedAt: Date | null;
  correctionDeadline: Date | null;
  appealDeadline: Date | null;
}

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
 * period runs; FINAL once both are over.
 */
export type ResultsStanding = 'PROVISIONAL' | 'OFFICIAL' | 'FINAL';

export function resultsStanding(session: PublishedTimes, now = new Date()): ResultsStanding {
  if (!session.publishedAt) return 'PROVISIONAL';
  const open = [session.correctionDeadline, session.appealDeadline].some((d) => d && now <= d);
  return open ? 'OFFICIAL' : 'FINAL';
}

/** The moment the standing changes by itself (both periods over), if still ahead. */
export function nextStandingChange(session: Pick<PublishedTimes, 'correctionDeadline' | 'appealDeadline'>, now = new Date()): Date | null {
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
