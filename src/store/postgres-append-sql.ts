/**
 * Migration 6: appends in one round trip, change notifications that carry the events, and rate-limit
 * takes of several tokens at once (the `granted` column, postgres-rate-limiter.ts).
 *
 * `turnkeeper_append` takes a batch of appends (one or several encounters, as they arrived together:
 * postgres-appender.ts) as parallel arrays, and for each, in the order given: locks the encounter's row,
 * checks its version, resolves the pending request it names, inserts its events, moves the version (and
 * the progress), and announces the change with its events. One statement, so one round trip and (called
 * on its own) one commit for the whole batch. An append that fails its checks changes nothing and is
 * answered with its outcome; the others go on. Outcomes: 0 appended (version: the new one), 1 no such
 * encounter, 2 version conflict (version: the store's), 3 the request is not pending.
 *
 * The notification carries `x`, the stored events as the port returns them ({seq, cmd, event}, each
 * event's JSON text as written), and `p`, the new progress, so another instance folds them without
 * reading them back; when that does not fit NOTIFY's 8000 bytes it goes without them (the listener
 * reads the store, as for every other change). The row trigger of migration 2 no longer announces a
 * version's move (the function has), only the row's other changes and its deletion.
 */
/** Payloads above this many bytes are sent without their events (NOTIFY's limit is 8000). */
export const NOTIFY_EVENTS_MAX = 7900;

/** Migration 6's name and SQL (postgres-migrations.ts lists it). */
export const APPEND_MIGRATION_NAME = 'append function, notifications with their events, rate tokens granted';
export const APPEND_MIGRATION_SQL = `
    CREATE FUNCTION turnkeeper_append(
      p_ids text[], p_expected bigint[], p_progress text[], p_requests bigint[], p_results text[], p_at text[],
      p_first int[], p_count int[], p_seq bigint[], p_cmd bigint[], p_type text[], p_data text[]
    ) RETURNS TABLE (r_index int, r_status int, r_version bigint)
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    DECLARE
      i int;
      cur bigint;
      moved bigint;
      announced text;
      payload text;
    BEGIN
      FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
        r_index := i;
        SELECT e.version INTO cur FROM encounters e WHERE e.id = p_ids[i] FOR NO KEY UPDATE;
        IF NOT FOUND THEN
          r_status := 1; r_version := NULL; RETURN NEXT; CONTINUE;
        END IF;
        IF cur <> p_expected[i] THEN
          r_status := 2; r_version := cur; RETURN NEXT; CONTINUE;
        END IF;
        IF p_requests[i] IS NOT NULL THEN
          UPDATE requests q SET status = 'accepted', result = p_results[i]::json, resolved_at = p_at[i]
            WHERE q.encounter_id = p_ids[i] AND q.id = p_requests[i] AND q.status = 'pending';
          IF NOT FOUND THEN
            r_status := 3; r_version := cur; RETURN NEXT; CONTINUE;
          END IF;
        END IF;
        INSERT INTO events (encounter_id, seq, cmd, type, data, recorded_at)
          SELECT p_ids[i], p_seq[k], p_cmd[k], p_type[k], p_data[k]::json, p_at[i]
          FROM generate_series(p_first[i], p_first[i] + p_count[i] - 1) AS k;
        moved := cur + p_count[i];
        UPDATE encounters e SET version = moved, progress = coalesce(p_progress[i]::json, e.progress) WHERE e.id = p_ids[i];
        IF octet_length(p_ids[i]) <= 1000 THEN
          announced := '{"s":' || to_json(current_schema())::text || ',"e":' || to_json(p_ids[i])::text || ',"v":' || moved
            || ',"a":' || to_json(current_setting('application_name'))::text
            || CASE WHEN p_progress[i] IS NULL THEN '' ELSE ',"p":' || p_progress[i] END;
          SELECT announced || ',"x":[' || string_agg('{"seq":' || p_seq[k] || ',"cmd":' || p_cmd[k] || ',"event":' || p_data[k] || '}', ',' ORDER BY k) || ']}'
            INTO payload FROM generate_series(p_first[i], p_first[i] + p_count[i] - 1) AS k;
          IF payload IS NULL OR octet_length(payload) > ${NOTIFY_EVENTS_MAX} THEN payload := announced || '}'; END IF;
          PERFORM pg_notify('turnkeeper_changes', payload);
        END IF;
        r_status := 0; r_version := moved; RETURN NEXT;
      END LOOP;
    END $$;

    -- Tokens the last take of a bucket granted: an instance takes several at once (postgres-rate-limiter.ts).
    ALTER TABLE rate_buckets ADD COLUMN granted double precision NOT NULL DEFAULT 0;

    -- The row's other changes (title, settings, keys, archive, campaign) and its deletion are still
    -- announced by the trigger; a version's move is announced by turnkeeper_append, with its events.
    DROP TRIGGER encounters_notify ON encounters;
    CREATE TRIGGER encounters_notify_update AFTER UPDATE ON encounters
      FOR EACH ROW WHEN (OLD.version = NEW.version) EXECUTE FUNCTION turnkeeper_notify_change();
    CREATE TRIGGER encounters_notify_delete AFTER DELETE ON encounters
      FOR EACH ROW EXECUTE FUNCTION turnkeeper_notify_change();
  `;
