import type { PrismaTx } from '../database/prisma.service.js';
import type { Prisma } from '../generated/prisma/client.js';

export type AuditAction =
  | 'RESULT_CREATED'
  | 'RESULT_CORRECTED'
  | 'SESSION_IMPORTED'
  | 'SCORE_ADJUSTED'
  | 'PENALTY_ADDED'
  | 'PENALTY_REVOKED'
  | 'SESSION_PUBLISHED'
  | 'SESSION_REPUBLISHED'
  | 'MATCH_AWARDED'
  | 'MATCH_AWARD_REVOKED'
  | 'APPEAL_LODGED'
  | 'APPEAL_DECIDED'
  | 'RULING_REQUESTED'
  | 'RULING_GIVEN'
  | 'SCORING_RULES_CHANGED'
  | 'SECTION_CHANGED'
  | 'AWARD_CATEGORY_CHANGED';

export interface AuditRecord {
  sessionId: string;
  action: AuditAction;
  entityId?: string;
  actor?: string | null;
  reason?: string | null;
  law?: string | null;
  before?: Prisma.InputJsonValue | null;
  after?: Prisma.InputJsonValue | null;
}

/** Written in the same transaction as the change it records: no change without its entry. */
export async function audit(tx: PrismaTx, record: AuditRecord): Promise<void> {
  await tx.auditEntry.create({
    data: {
      ...record,
      before: record.before ?? undefined,
      after: record.after ?? undefined,
    },
  });
}
