/**
 * Migration 7: appends announced after their commit, not inside it.
 *
 * A transaction that calls NOTIFY holds a lock on the whole database from its commit's start to its end,
 * so that notifications leave in commit order. `turnkeeper_append` (migration 6) notifies inside the
 * durable append, so every append waited for every other one's WAL flush in turn: under a steady load
 * PostgreSQL's own group commit could not share a flush between them, and one slow flush held up every
 * instance's appends (measured: a tenth of the client backends' time waiting on that lock, the paced
 * p99 three times the floor's).
 *
 * `turnkeeper_append_quiet` does what `turnkeeper_append` does (the same checks, rows and outcomes) and
 * returns each append's notification payload (`r_payload`) instead of sending it. The appender
 * (postgres-appender.ts) answers the appends once the statement commits and hands the payloads to the
 * announcer (postgres-announcer.ts), which sends them with `turnkeeper_announce`: a transaction that
 * writes nothing and commits without waiting for the disk (`synchronous_commit` off for it alone), so
 * the lock is held for microseconds. The events are durable before anyone hears of them, as before.
 *
 * `turnkeeper_append` stays, unchanged, for an instance of the previous release still running beside
 * this one (its appends still announce themselves).
 */
import { NOTIFY_EVENTS_MAX } from './postgres-append-sql.ts';

/** Migration 7's name and SQL (postgres-migrations.ts lists it). */
export const ANNOUNCE_MIGRATION_NAME = 'appends announced after their commit';
export const ANNOUNCE_MIGRATION_SQL = `
    CREATE FUNCTION turnkeeper_append_quiet(
      p_ids text[], p_expected bigint[], p_progress text[], p_requests bigint[], p_results text[], p_at text[],
      p_first int[], p_count int[], p_seq bigint[], p_cmd bigint[], p_type text[], p_data text[]
    ) RETURNS TABLE (r_index int, r_status int, r_version bigint, r_payload text)
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    DECLARE
      i int;
      cur bigint;
      moved bigint;
      announced text;
    BEGIN
      FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
        r_index := i;
        r_payload := NULL;
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
            INTO r_payload FROM generate_series(p_first[i], p_first[i] + p_count[i] - 1) AS k;
          IF r_payload IS NULL OR octet_length(r_payload) > ${NOTIFY_EVENTS_MAX} THEN r_payload := announced || '}'; END IF;
        END IF;
        r_status := 0; r_version := moved; RETURN NEXT;
      END LOOP;
    END $$;

    -- Sends the payloads in order, in a transaction that commits without waiting for the WAL flush: it
    -- writes nothing but the notifications, which need no durability (a listener that misses one reads
    -- the store), and it holds NOTIFY's database lock only while it commits.
    CREATE FUNCTION turnkeeper_announce(p_payloads text[]) RETURNS int
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    DECLARE
      payload text;
      n int := 0;
    BEGIN
      PERFORM set_config('synchronous_commit', 'off', true);
      FOREACH payload IN ARRAY coalesce(p_payloads, '{}') LOOP
        PERFORM pg_notify('turnkeeper_changes', payload);
        n := n + 1;
      END LOOP;
      RETURN n;
    END $$;
  `;
