-- Movements on sections; results, penalties and the audit trail; publication of sessions.

-- CreateEnum
CREATE TYPE "MovementKind" AS ENUM ('MITCHELL', 'HOWELL', 'ROUND_ROBIN', 'SWISS', 'INDIVIDUAL', 'CUSTOM');
CREATE TYPE "ResultStatus" AS ENUM ('PLAYED', 'PASSED_OUT', 'ARTIFICIAL', 'ASSIGNED', 'NOT_PLAYED');

-- AlterTable
ALTER TABLE "Event" ADD COLUMN "acceptOutOfMovement" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "scoringOptions" JSONB;

ALTER TABLE "Session" ADD COLUMN "publishedAt" TIMESTAMPTZ(3),
ADD COLUMN "correctionDeadline" TIMESTAMPTZ(3);

ALTER TABLE "Section" ADD COLUMN "movementKind" "MovementKind",
ADD COLUMN "movement" JSONB;

-- CreateTable
CREATE TABLE "Result" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sessionId" UUID NOT NULL,
    "sectionId" UUID NOT NULL,
    "boardNumber" INTEGER NOT NULL,
    "round" INTEGER,
    "table" INTEGER,
    "nsContestantId" UUID NOT NULL,
    "ewContestantId" UUID NOT NULL,
    "status" "ResultStatus" NOT NULL,
    "contract" TEXT,
    "declarer" "Seat",
    "tricks" INTEGER,
    "lead" TEXT,
    "nsScore" INTEGER,
    "boardForm" INTEGER NOT NULL DEFAULT 1,
    "adjustment" JSONB,
    "movementIssue" TEXT,
    "idempotencyKey" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Result_pkey" PRIMARY KEY ("id"),
    -- A pair never plays against itself, and a played board has 0–13 tricks.
    CONSTRAINT "Result_pairs_check" CHECK ("nsContestantId" <> "ewContestantId"),
    CONSTRAINT "Result_tricks_check" CHECK ("tricks" IS NULL OR "tricks" BETWEEN 0 AND 13)
);

CREATE TABLE "Penalty" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sessionId" UUID NOT NULL,
    "contestantId" UUID NOT NULL,
    "unit" TEXT NOT NULL,
    "amount" TEXT,
    "boardNumber" INTEGER,
    "reason" TEXT NOT NULL,
    "law" TEXT,
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Penalty_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "AuditEntry" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sessionId" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "entityId" UUID,
    "actor" TEXT,
    "reason" TEXT,
    "law" TEXT,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Result_sectionId_boardNumber_nsContestantId_key" ON "Result"("sectionId", "boardNumber", "nsContestantId");
CREATE UNIQUE INDEX "Result_sectionId_boardNumber_ewContestantId_key" ON "Result"("sectionId", "boardNumber", "ewContestantId");
CREATE UNIQUE INDEX "Result_sessionId_idempotencyKey_key" ON "Result"("sessionId", "idempotencyKey");
CREATE INDEX "Result_sessionId_boardNumber_idx" ON "Result"("sessionId", "boardNumber");
CREATE INDEX "Penalty_sessionId_idx" ON "Penalty"("sessionId");
CREATE INDEX "AuditEntry_sessionId_createdAt_idx" ON "AuditEntry"("sessionId", "createdAt");

-- AddForeignKey
ALTER TABLE "Result" ADD CONSTRAINT "Result_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Result" ADD CONSTRAINT "Result_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "Section"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Result" ADD CONSTRAINT "Result_nsContestantId_fkey" FOREIGN KEY ("nsContestantId") REFERENCES "Contestant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Result" ADD CONSTRAINT "Result_ewContestantId_fkey" FOREIGN KEY ("ewContestantId") REFERENCES "Contestant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Penalty" ADD CONSTRAINT "Penalty_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Penalty" ADD CONSTRAINT "Penalty_contestantId_fkey" FOREIGN KEY ("contestantId") REFERENCES "Contestant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
