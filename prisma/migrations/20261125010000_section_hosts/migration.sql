-- A simultaneous event: each section may be run by a host club (null: the event's own organisation),
-- whose keys write only that section; and each section says when its play ended, so a session's
-- travellers show only once every section, at every club, has finished.
ALTER TABLE "Section" ADD COLUMN "organizationId" UUID;
ALTER TABLE "Section" ADD COLUMN "finishedAt" TIMESTAMPTZ(3);
ALTER TABLE "Section" ADD CONSTRAINT "Section_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Section_organizationId_idx" ON "Section"("organizationId");

-- A club outside the owning federation hosts only when invited by the organiser and the club accepts.
CREATE TABLE "HostInvitation" (
    "eventId" UUID NOT NULL,
    "organizationId" UUID NOT NULL,
    "invitedBy" TEXT NOT NULL,
    "acceptedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "HostInvitation_pkey" PRIMARY KEY ("eventId", "organizationId")
);
ALTER TABLE "HostInvitation" ADD CONSTRAINT "HostInvitation_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "HostInvitation" ADD CONSTRAINT "HostInvitation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
