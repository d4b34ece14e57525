-- Pairs numbered per section; the Law 92B appeal period; revision counters for caches.

-- Contestants: a pair may be numbered within its section (A 1 and B 1 are different pairs).
ALTER TABLE "Contestant" ADD COLUMN "section" TEXT;
DROP INDEX "Contestant_eventId_number_direction_key";
CREATE UNIQUE INDEX "Contestant_eventId_section_number_direction_key" ON "Contestant"("eventId", "section", "number", "direction") NULLS NOT DISTINCT;

-- The audit trail in the order it was written (entries of one transaction share a timestamp).
ALTER TABLE "AuditEntry" ADD COLUMN "seq" BIGSERIAL NOT NULL;
CREATE INDEX "AuditEntry_sessionId_seq_idx" ON "AuditEntry"("sessionId", "seq");

-- Files imported (PBN, USEBIO, BWS, CSV): the same file into the same place again answers the
-- first import's event and report instead of importing twice.
CREATE TABLE "FileImport" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "format" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "targetId" UUID,
    "eventId" UUID NOT NULL,
    "report" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FileImport_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "FileImport_sha256_targetId_key" ON "FileImport"("sha256", "targetId") NULLS NOT DISTINCT;
CREATE INDEX "FileImport_eventId_idx" ON "FileImport"("eventId");
ALTER TABLE "FileImport" ADD CONSTRAINT "FileImport_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Law 92B: the right to appeal a ruling expires (by default) 30 minutes after publication.
ALTER TABLE "Event" ADD COLUMN "appealMinutes" INTEGER NOT NULL DEFAULT 30,
ADD COLUMN "revision" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN "setupRevision" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "Session" ADD COLUMN "appealDeadline" TIMESTAMPTZ(3);

-- Revisions. Every change to an event's data bumps Event.revision; a change to its set-up
-- (sessions, sections, boards, contestants, players) bumps Event.setupRevision too. Caches of
-- rankings and of validation contexts compare them, so every instance sees every change, whoever
-- wrote it. Triggers, not application code, so that no writer can forget. The functions pin their
-- search_path to the schema they were created in (tests give each file its own schema).

CREATE FUNCTION traveller_touch_events(event_ids UUID[], setup BOOLEAN) RETURNS VOID
LANGUAGE sql SET search_path FROM CURRENT AS $$
  UPDATE "Event"
  SET "revision" = "revision" + 1,
      "setupRevision" = "setupRevision" + CASE WHEN setup THEN 1 ELSE 0 END
  WHERE "id" = ANY(event_ids)
$$;

-- Which results changed at which revision, so a cache can read only what changed since it was
-- filled. The revision is taken under the Event row's lock, so revisions follow commit order.
CREATE TABLE "ResultChange" (
    "eventId" UUID NOT NULL,
    "revision" BIGINT NOT NULL,
    "resultId" UUID NOT NULL,
    CONSTRAINT "ResultChange_pkey" PRIMARY KEY ("eventId", "revision", "resultId")
);
ALTER TABLE "ResultChange" ADD CONSTRAINT "ResultChange_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION traveller_results_changed() RETURNS TRIGGER
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  WITH bumped AS (
    UPDATE "Event" e SET "revision" = e."revision" + 1
    WHERE e."id" IN (SELECT s."eventId" FROM changed_rows c JOIN "Session" s ON s."id" = c."sessionId")
    RETURNING e."id", e."revision"
  )
  INSERT INTO "ResultChange" ("eventId", "revision", "resultId")
  SELECT DISTINCT b."id", b."revision", c."id"
  FROM changed_rows c JOIN "Session" s ON s."id" = c."sessionId" JOIN bumped b ON b."id" = s."eventId";
  RETURN NULL;
END $$;

-- Rows that carry sessionId (Penalty: results; Section, Board: set-up). TG_ARGV[0] = 'setup' or 'results'.
CREATE FUNCTION traveller_touch_by_session() RETURNS TRIGGER
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM traveller_touch_events(
    ARRAY(SELECT DISTINCT s."eventId" FROM changed_rows c JOIN "Session" s ON s."id" = c."sessionId"),
    TG_ARGV[0] = 'setup');
  RETURN NULL;
END $$;

-- Rows that carry eventId (Session, Contestant).
CREATE FUNCTION traveller_touch_by_event() RETURNS TRIGGER
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM traveller_touch_events(ARRAY(SELECT DISTINCT c."eventId" FROM changed_rows c), TRUE);
  RETURN NULL;
END $$;

CREATE FUNCTION traveller_touch_by_contestant() RETURNS TRIGGER
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM traveller_touch_events(
    ARRAY(SELECT DISTINCT k."eventId" FROM changed_rows c JOIN "Contestant" k ON k."id" = c."contestantId"),
    TRUE);
  RETURN NULL;
END $$;

-- A player renamed changes every ranking the player appears in.
CREATE FUNCTION traveller_touch_by_player() RETURNS TRIGGER
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM traveller_touch_events(
    ARRAY(SELECT DISTINCT k."eventId" FROM changed_rows c
          JOIN "ContestantPlayer" cp ON cp."playerId" = c."id"
          JOIN "Contestant" k ON k."id" = cp."contestantId"),
    TRUE);
  RETURN NULL;
END $$;

-- An edit of the event itself (name, scoring, periods …); the counters' own bumps pass through.
CREATE FUNCTION traveller_event_edited() RETURNS TRIGGER
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF NEW."revision" = OLD."revision" THEN
    NEW."revision" := OLD."revision" + 1;
    NEW."setupRevision" := OLD."setupRevision" + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Result_inserted" AFTER INSERT ON "Result" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_results_changed();
CREATE TRIGGER "Result_updated" AFTER UPDATE ON "Result" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_results_changed();
CREATE TRIGGER "Result_deleted" AFTER DELETE ON "Result" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_results_changed();
CREATE TRIGGER "Penalty_inserted" AFTER INSERT ON "Penalty" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('results');
CREATE TRIGGER "Penalty_updated" AFTER UPDATE ON "Penalty" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('results');
CREATE TRIGGER "Penalty_deleted" AFTER DELETE ON "Penalty" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('results');
CREATE TRIGGER "Section_inserted" AFTER INSERT ON "Section" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('setup');
CREATE TRIGGER "Section_updated" AFTER UPDATE ON "Section" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('setup');
CREATE TRIGGER "Section_deleted" AFTER DELETE ON "Section" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('setup');
CREATE TRIGGER "Board_inserted" AFTER INSERT ON "Board" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('setup');
CREATE TRIGGER "Board_updated" AFTER UPDATE ON "Board" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('setup');
CREATE TRIGGER "Board_deleted" AFTER DELETE ON "Board" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_session('setup');
CREATE TRIGGER "Session_inserted" AFTER INSERT ON "Session" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_event();
CREATE TRIGGER "Session_updated" AFTER UPDATE ON "Session" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_event();
CREATE TRIGGER "Session_deleted" AFTER DELETE ON "Session" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_event();
CREATE TRIGGER "Contestant_inserted" AFTER INSERT ON "Contestant" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_event();
CREATE TRIGGER "Contestant_updated" AFTER UPDATE ON "Contestant" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_event();
CREATE TRIGGER "Contestant_deleted" AFTER DELETE ON "Contestant" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_event();
CREATE TRIGGER "ContestantPlayer_inserted" AFTER INSERT ON "ContestantPlayer" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_contestant();
CREATE TRIGGER "ContestantPlayer_updated" AFTER UPDATE ON "ContestantPlayer" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_contestant();
CREATE TRIGGER "ContestantPlayer_deleted" AFTER DELETE ON "ContestantPlayer" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_contestant();
CREATE TRIGGER "Player_updated" AFTER UPDATE ON "Player" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION traveller_touch_by_player();
CREATE TRIGGER "Event_edited" BEFORE UPDATE ON "Event" FOR EACH ROW EXECUTE FUNCTION traveller_event_edited();
