-- A simultaneous event: each section may be run by a host club (null: the event's own organisation),
-- whose keys write only that section; and each section says when its play ended, so a session's
-- travellers show only once every section, at every club, has finished.
ALTER TABLE "Section" ADD COLUMN "organizationId" UUID;
ALTER TABLE "Section" ADD COLUMN "finishedAt" TIMESTAMPTZ(3);
ALTER TABLE "Section" ADD CONSTRAINT "Section_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Section_organizationId_idx" ON "Section"("organizationId");
