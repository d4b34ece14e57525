-- API keys and roles; the federation's view: event categories, merged players, award scales.

CREATE TYPE "ApiRole" AS ENUM ('SCORER', 'DIRECTOR', 'ADMIN');

-- A key is shown once; only its SHA-256 is kept. `prefix` finds it; the hash proves it.
-- organizationId null: a global admin key (the bootstrap key of a new installation).
CREATE TABLE "ApiKey" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "role" "ApiRole" NOT NULL,
    "organizationId" UUID,
    "eventId" UUID,
    "createdBy" TEXT,
    "expiresAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ApiKey_prefix_key" ON "ApiKey"("prefix");
CREATE INDEX "ApiKey_organizationId_idx" ON "ApiKey"("organizationId");
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Award scales are chosen by the event's category.
ALTER TABLE "Event" ADD COLUMN "category" TEXT;

-- A duplicate player merged into another is kept, pointing at the one that stays.
ALTER TABLE "Player" ADD COLUMN "mergedIntoId" UUID;
ALTER TABLE "Player" ADD CONSTRAINT "Player_mergedIntoId_fkey" FOREIGN KEY ("mergedIntoId") REFERENCES "Player"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The audit trail also holds changes outside any session (player merges, keys).
ALTER TABLE "AuditEntry" ALTER COLUMN "sessionId" DROP NOT NULL;
ALTER TABLE "AuditEntry" ADD COLUMN "organizationId" UUID;
CREATE INDEX "AuditEntry_organizationId_seq_idx" ON "AuditEntry"("organizationId", "seq");
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A federation's award scale (DOMAIN §7): points by place, by field size, for a category of event.
CREATE TABLE "AwardScale" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organizationId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "tiers" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AwardScale_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "AwardScale_organizationId_category_key" ON "AwardScale"("organizationId", "category");
ALTER TABLE "AwardScale" ADD CONSTRAINT "AwardScale_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
