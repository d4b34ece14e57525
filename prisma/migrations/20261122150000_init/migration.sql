-- Core model: organisations, players, events, sessions, sections, contestants, boards.
-- Written by hand in the shape `prisma migrate dev` would produce (names of keys and indexes included).

-- CreateEnum
CREATE TYPE "OrganizationKind" AS ENUM ('CLUB', 'FEDERATION');
CREATE TYPE "EventKind" AS ENUM ('PAIRS', 'TEAMS', 'INDIVIDUAL');
CREATE TYPE "ScoringMethod" AS ENUM ('MATCHPOINTS', 'IMPS_ACROSS_FIELD', 'BUTLER', 'CROSS_IMPS', 'TEAMS_IMPS', 'TOTAL_POINTS');
CREATE TYPE "EventStatus" AS ENUM ('PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED');
CREATE TYPE "SessionStatus" AS ENUM ('SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'OFFICIAL');
CREATE TYPE "Seat" AS ENUM ('N', 'E', 'S', 'W');
CREATE TYPE "Direction" AS ENUM ('NS', 'EW');
CREATE TYPE "Vulnerability" AS ENUM ('NONE', 'NS', 'EW', 'BOTH');

-- CreateTable
CREATE TABLE "Organization" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "code" TEXT,
    "kind" "OrganizationKind" NOT NULL DEFAULT 'CLUB',
    "federationId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Organization_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Player" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "memberNumber" TEXT,
    "organizationId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Event" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "kind" "EventKind" NOT NULL,
    "scoring" "ScoringMethod" NOT NULL,
    "status" "EventStatus" NOT NULL DEFAULT 'PLANNED',
    "startsOn" DATE,
    "venue" TEXT,
    "directorName" TEXT,
    "vpScale" TEXT,
    "correctionMinutes" INTEGER NOT NULL DEFAULT 30,
    "organizationId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Session" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "eventId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT,
    "startsAt" TIMESTAMPTZ(3),
    "status" "SessionStatus" NOT NULL DEFAULT 'SCHEDULED',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Section" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sessionId" UUID NOT NULL,
    "letter" TEXT NOT NULL,
    "tables" INTEGER NOT NULL,
    "boardNumbers" INTEGER[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Section_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "Contestant" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "eventId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "direction" "Direction",
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Contestant_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ContestantPlayer" (
    "contestantId" UUID NOT NULL,
    "playerId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "ContestantPlayer_pkey" PRIMARY KEY ("contestantId", "position")
);

CREATE TABLE "Board" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sessionId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "dealerOverride" "Seat",
    "vulnerabilityOverride" "Vulnerability",
    "deal" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Board_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Board_number_check" CHECK ("number" >= 1)
);

-- CreateIndex
CREATE UNIQUE INDEX "Organization_code_key" ON "Organization"("code");
CREATE INDEX "Organization_federationId_idx" ON "Organization"("federationId");
CREATE INDEX "Player_memberNumber_idx" ON "Player"("memberNumber");
CREATE UNIQUE INDEX "Player_organizationId_memberNumber_key" ON "Player"("organizationId", "memberNumber");
CREATE INDEX "Event_organizationId_startsOn_idx" ON "Event"("organizationId", "startsOn");
CREATE INDEX "Event_startsOn_idx" ON "Event"("startsOn");
CREATE UNIQUE INDEX "Session_eventId_number_key" ON "Session"("eventId", "number");
CREATE UNIQUE INDEX "Section_sessionId_letter_key" ON "Section"("sessionId", "letter");
-- NULLS NOT DISTINCT (PostgreSQL 15+): in a one-field event (direction NULL) pair 3 may exist only once.
CREATE UNIQUE INDEX "Contestant_eventId_number_direction_key" ON "Contestant"("eventId", "number", "direction") NULLS NOT DISTINCT;
CREATE INDEX "ContestantPlayer_playerId_idx" ON "ContestantPlayer"("playerId");
CREATE UNIQUE INDEX "Board_sessionId_number_key" ON "Board"("sessionId", "number");

-- AddForeignKey
ALTER TABLE "Organization" ADD CONSTRAINT "Organization_federationId_fkey" FOREIGN KEY ("federationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Player" ADD CONSTRAINT "Player_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Event" ADD CONSTRAINT "Event_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Session" ADD CONSTRAINT "Session_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Section" ADD CONSTRAINT "Section_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Contestant" ADD CONSTRAINT "Contestant_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ContestantPlayer" ADD CONSTRAINT "ContestantPlayer_contestantId_fkey" FOREIGN KEY ("contestantId") REFERENCES "Contestant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ContestantPlayer" ADD CONSTRAINT "ContestantPlayer_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Board" ADD CONSTRAINT "Board_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
