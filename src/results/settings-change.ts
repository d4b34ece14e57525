import { isDeepStrictEqual } from 'node:util';
import { ConflictError } from '../common/errors.js';
import type { PrismaTx } from '../database/prisma.service.js';
import type { Prisma } from '../generated/prisma/client.js';
import { audit } from './audit.js';

/** A change to what results are scored by: an event's scoring rules, a section's movement or boards. */
export interface SettingsChange {
  action: 'SCORING_RULES_CHANGED' | 'SECTION_CHANGED' | 'AWARD_CATEGORY_CHANGED';
  /** What is changed, as a director names it: "the event", "section A". */
  subject: string;
  entityId: string;
  /** The settings that change, with their values before and after (empty: none that scores). */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  override?: boolean;
  actor?: string;
  /** What the change would change, as the refusal says it (default: the final results). */
  changes?: string;
}

/** The settings whose value differs between `before` and `after` (given in the same keys), each side's values. */
export function changedSettings(before: Record<string, unknown>, after: Record<string, unknown>): Pick<SettingsChange, 'before' | 'after'> {
  const keys = Object.keys(after).filter((key) => !isDeepStrictEqual(before[key], after[key]));
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

/**
 * Law 79C: a session's results are final once its correction period is over, and a change to the
 * rules or movement they are scored by changes them as surely as a corrected line. It then needs
 * the director's override (Law 79C2) and is audited in each such session's trail, as a board
 * marked again is. While the period runs, or before results are published, it is free.
 */
export async function checkSettingsChange(tx: PrismaTx, sessions: Prisma.SessionWhereInput, change: SettingsChange, now = new Date()): Promise<void> {
  const fields = Object.keys(change.after);
  if (!fields.length) return;
  // correctionDeadline is set on publication: a session past it has official results, final now.
  const final = await tx.session.findMany({
    where: { AND: [sessions, { correctionDeadline: { lt: now } }, { sections: { some: { results: { some: {} } } } }] },
    select: { id: true, number: true, correctionDeadline: true },
    orderBy: { number: 'asc' },
  });
  if (!final.length) return;
  if (!change.override) {
    const ended = final.map((s) => `session ${s.number} at ${s.correctionDeadline?.toISOString()}`).join(', ');
    throw new ConflictError(
      `The correction period (Law 79C) ended (${ended}): those results are final, and changing ${fields.join(', ')} of ${change.subject} would change ${change.changes ?? 'them'}. ` +
        'A director may still make the change with override: true (Law 79C2)',
      ['override'],
    );
  }
  for (const session of final) {
    await audit(tx, {
      sessionId: session.id,
      action: change.action,
      entityId: change.entityId,
      actor: change.actor,
      reason: `${fields.join(', ')} of ${change.subject} changed after the correction period`,
      law: '79C2',
      before: change.before as Prisma.InputJsonValue,
      after: change.after as Prisma.InputJsonValue,
    });
  }
}

/**
 * The sessions a settings change rescores: those the change reaches that hold results (an empty
 * session's ranking cannot move). None when no setting that scores changed.
 */
export async function rescoredSessions(tx: PrismaTx, sessions: Prisma.SessionWhereInput, change: Pick<SettingsChange, 'after'>): Promise<string[]> {
  if (!Object.keys(change.after).length) return [];
  const rows = await tx.session.findMany({ where: { AND: [sessions, { sections: { some: { results: { some: {} } } } }] }, select: { id: true } });
  return rows.map((r) => r.id);
}
