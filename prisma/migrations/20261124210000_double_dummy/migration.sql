-- Double-dummy tables of the boards' deals, solved in the background (src/double-dummy). A table of
-- its own rather than columns of Board: storing a solution is not a change to the event, so it must
-- not bump the event's revisions (Board's triggers) and reload every cache.
CREATE TABLE "BoardDoubleDummy" (
    "boardId" UUID NOT NULL,
    "deal" TEXT NOT NULL,
    "tricks" INTEGER[],
    "solveMs" INTEGER NOT NULL,
    "solvedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BoardDoubleDummy_pkey" PRIMARY KEY ("boardId")
);

ALTER TABLE "BoardDoubleDummy" ADD CONSTRAINT "BoardDoubleDummy_boardId_fkey" FOREIGN KEY ("boardId") REFERENCES "Board"("id") ON DELETE CASCADE ON UPDATE CASCADE;
