-- Byes and forfeited matches of team events, valued by the event's rules (scoringOptions).
CREATE TABLE "MatchAward" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sessionId" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "contestantId" UUID NOT NULL,
    "opponentId" UUID,
    "reason" TEXT NOT NULL,
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MatchAward_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "MatchAward_sessionId_idx" ON "MatchAward"("sessionId");

ALTER TABLE "MatchAward" ADD CONSTRAINT "MatchAward_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "MatchAward" ADD CONSTRAINT "MatchAward_contestantId_fkey" FOREIGN KEY ("contestantId") REFERENCES "Contestant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "MatchAward" ADD CONSTRAINT "MatchAward_opponentId_fkey" FOREIGN KEY ("opponentId") REFERENCES "Contestant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An award changes the event's scoring as a set-up change does: caches reload the event.
CREATE TRIGGER "MatchAward_inserted" AFTER INSERT ON "MatchAward" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('setup');
CREATE TRIGGER "MatchAward_updated" AFTER UPDATE ON "MatchAward" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('setup');
CREATE TRIGGER "MatchAward_deleted" AFTER DELETE ON "MatchAward" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('setup');
