-- A bulk load (src/database/bulk-load.ts) may run in session_replication_role = replica, so that
-- the database does not check each of a national file's rows against its foreign keys (the load
-- checks each key once, over all its rows). Replica mode skips every trigger that is not ENABLE
-- ALWAYS: the service's own triggers (revisions, the change log) must fire whatever the mode.
-- A later migration that adds a trigger calls this again (test/bulk-load.e2e-spec.ts checks them
-- all); so does a restore, after turning them off while its rows go back (database/backup.ts).
CREATE FUNCTION traveller_triggers_always() RETURNS VOID
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT tg.tgname, tg.tgrelid::regclass AS relation
    FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
    WHERE NOT tg.tgisinternal AND c.relnamespace = current_schema()::regnamespace
  LOOP
    EXECUTE format('ALTER TABLE %s ENABLE ALWAYS TRIGGER %I', t.relation, t.tgname);
  END LOOP;
END $$;

SELECT traveller_triggers_always();
