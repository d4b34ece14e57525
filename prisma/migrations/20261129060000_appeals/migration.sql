-- Law 92 appeals. A session counts its pending ones (kept in the same transaction as the appeal),
-- so every reader of a session row sees whether its results can be FINAL without another query.
ALTER TABLE "Session" ADD COLUMN "pendingAppeals" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "Appeal" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sessionId" UUID NOT NULL,
    "contestantId" UUID NOT NULL,
    "boardNumber" INTEGER,
    "reason" TEXT NOT NULL,
    "lodgedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT,
    "decision" TEXT,
    "withoutMerit" BOOLEAN NOT NULL DEFAULT false,
    "decidedAt" TIMESTAMPTZ(3),
    CONSTRAINT "Appeal_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Appeal_sessionId_idx" ON "Appeal"("sessionId");
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Appeal" ADD CONSTRAINT "Appeal_contestantId_fkey" FOREIGN KEY ("contestantId") REFERENCES "Contestant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
