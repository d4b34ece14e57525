-- A pair name given by a key that could not read every player in full: shown as a chosen name even
-- when it equals the players' names, so that the answer never tells whether a guess was right.
ALTER TABLE "Contestant" ADD COLUMN "nameChosen" BOOLEAN NOT NULL DEFAULT false;
