-- Privacy: how an organisation's players' names show to the public (GDPR, PIPL).
CREATE TYPE "NamePolicy" AS ENUM ('FULL', 'INITIALS', 'HIDDEN');
ALTER TABLE "Organization" ADD COLUMN "namePolicy" "NamePolicy" NOT NULL DEFAULT 'FULL';

-- An event archived (out of lists and public pages, still the owner's) or deleted (soft: restorable
-- until it is purged).
ALTER TABLE "Event" ADD COLUMN "archivedAt" TIMESTAMPTZ(3);
ALTER TABLE "Event" ADD COLUMN "deletedAt" TIMESTAMPTZ(3);

-- Re-import: the file's identity (event name, date, session numbers) and the sessions the import
-- filled, so that a corrected file finds them again.
ALTER TABLE "FileImport" ADD COLUMN "identity" TEXT;
ALTER TABLE "FileImport" ADD COLUMN "sessionIds" UUID[];
CREATE INDEX "FileImport_identity_idx" ON "FileImport"("identity");
