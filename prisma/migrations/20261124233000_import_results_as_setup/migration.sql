-- An import writes whole new sessions: every cache reloads the event because its set-up moved, so
-- recording each imported result in "ResultChange" (240,000 rows for a national simultaneous, a
-- third of the import's time in the database) serves no reader. A transaction that sets
-- traveller.results_as_setup = 'on' (set_config(…, true): that transaction only) has its result
-- writes counted as a set-up change instead: both revisions move, and no ResultChange row is
-- written. Every other writer is unchanged.
CREATE OR REPLACE FUNCTION traveller_results_changed() RETURNS TRIGGER
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF current_setting('traveller.results_as_setup', true) = 'on' THEN
    PERFORM traveller_touch_events(
      ARRAY(SELECT DISTINCT s."eventId" FROM changed_rows c JOIN "Session" s ON s."id" = c."sessionId"),
      TRUE);
    RETURN NULL;
  END IF;
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
