-- Law 92B ruling requests (DOMAIN §8.2: stored with their timestamps). A session counts its pending
-- ones, as it counts its pending appeals, so its results stay OFFICIAL until each has its ruling.
ALTER TABLE "Session" ADD COLUMN "pendingRulings" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "RulingRequest" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sessionId" UUID NOT NULL,
    "contestantId" UUID NOT NULL,
    "boardNumber" INTEGER,
    "reason" TEXT NOT NULL,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ruling" TEXT,
    "law" TEXT,
    "ruledAt" TIMESTAMPTZ(3),
    CONSTRAINT "RulingRequest_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "RulingRequest_sessionId_idx" ON "RulingRequest"("sessionId");
ALTER TABLE "RulingRequest" ADD CONSTRAINT "RulingRequest_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "RulingRequest" ADD CONSTRAINT "RulingRequest_contestantId_fkey" FOREIGN KEY ("contestantId") REFERENCES "Contestant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
