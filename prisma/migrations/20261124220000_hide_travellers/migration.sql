-- A director may hide travellers (and scorecards, hands) from the public until the session ends.
ALTER TABLE "Session" ADD COLUMN "hideTravellers" BOOLEAN NOT NULL DEFAULT false;
