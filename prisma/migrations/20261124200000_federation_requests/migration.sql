-- A club's request to join a federation, waiting for the federation's admin to accept it (acceptMemberClub).
ALTER TABLE "Organization" ADD COLUMN "requestedFederationId" UUID;

ALTER TABLE "Organization" ADD CONSTRAINT "Organization_requestedFederationId_fkey" FOREIGN KEY ("requestedFederationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;
