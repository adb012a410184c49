/**
 * The shared alarm desk's schema in the site's PostgreSQL, as numbered migrations (the schema
 * `kiosk_desk`, version 1 now), and the SQL an administrator runs to create the role kiosks log in
 * with. The store's rules live here, in plpgsql functions every desk calls: `record_action` decides
 * each action's outcome with one conditional write on the alarm's row, so two desks claiming in
 * the same instant get exactly one winner, and a replayed action id is applied once. Kiosks log in
 * with a role that may only call these functions (no table privileges): history cannot be
 * rewritten from a desk. SQL text only: site-store.ts runs it; nothing here connects.
 */

/** The PostgreSQL schema that holds the desk's tables and functions. */
export const SITE_STORE_SCHEMA = 'kiosk_desk';
/** The LISTEN/NOTIFY channel: the payload is the new action's seq. */
export const SITE_STORE_CHANNEL = 'kiosk_desk';
/** The directory's doorbell: the payload is the new revision. */
export const SITE_DIRECTORY_CHANNEL = 'kiosk_desk_directory';
/** The role kiosks log in with (SITE_STORE_ROLE_SQL). */
export const SITE_STORE_ROLE = 'kiosk_desk_user';

/**
 * Advisory lock keys (pg_advisory_xact_lock): migrating (two desks starting at once migrate once)
 * and appending (one append at a time, so seq order is commit order and a reader that caught up to
 * a position never finds an older seq committed behind it later).
 */
export const MIGRATION_LOCK_KEY = 7_305_210_001;
export const APPEND_LOCK_KEY = 7_305_210_002;
/**
 * The site's directory (version 2): writing a revision (pg_advisory_xact_lock: revisions are
 * numbered in commit order) and leading (pg_try_advisory_lock, held by the session of the one
 * kiosk that downloads for the site; it goes with that kiosk's connection).
 */
export const DIRECTORY_WRITE_LOCK_KEY = 7_305_210_003;
export const DIRECTORY_LEAD_LOCK_KEY = 7_305_210_004;

/** Default claim lease when an action's body carries no leaseSeconds. */
export const DEFAULT_LEASE_SECONDS = 300;

export interface SiteStoreMigration {
  version: number;
  /** What it changes, for the administrator's output. */
  title: string;
  sql: string;
}

const KINDS = "'claim', 'release', 'takeOver', 'acknowledge', 'note', 'signIn', 'signOut', 'handover', 'handoverConfirm'";
const OUTCOMES = "'done', 'alreadyAcknowledged', 'claimHeld', 'notOwner'";

/** The functions kiosks may call (EXECUTE is granted on these alone). */
export const SITE_STORE_FUNCTIONS = [
  'kiosk_desk.record_action(uuid, text, text, text, text, timestamptz, jsonb)',
  'kiosk_desk.read_actions(bigint, integer)',
  'kiosk_desk.live_claims()',
  'kiosk_desk.heartbeat(text, text, timestamptz)',
  'kiosk_desk.schema_info()',
  'kiosk_desk.site_operators()',
  'kiosk_desk.directory_status(bigint)',
  'kiosk_desk.directory_begin(text, bigint)',
  'kiosk_desk.directory_put(bigint, bigint, jsonb)',
  'kiosk_desk.directory_drop(bigint, bigint, bigint[])',
  'kiosk_desk.directory_commit(bigint, timestamptz)',
  'kiosk_desk.directory_checked(text, timestamptz)',
  'kiosk_desk.directory_changes(bigint, bigint, bigint, integer)',
  'kiosk_desk.directory_copy(bigint, integer)',
  'kiosk_desk.directory_marks(bigint, integer)',
  'kiosk_desk.directory_write(text, jsonb)',
] as const;

const VERSION_1 = /* sql */ `
-- IF NOT EXISTS: an administrator may have made the (empty) schema for the role that migrates.
CREATE SCHEMA IF NOT EXISTS kiosk_desk;
REVOKE ALL ON SCHEMA kiosk_desk FROM PUBLIC;

-- One row: the schema's version and the store's identity (a desk never applies one store's
-- positions to another's).
CREATE TABLE kiosk_desk.meta (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  schema_version integer NOT NULL,
  site_id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
INSERT INTO kiosk_desk.meta (schema_version) VALUES (1);

-- The action log: append-only, in seq order. at: the desk's clock; recorded_at: the store's.
CREATE TABLE kiosk_desk.actions (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  action_id uuid NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN (${KINDS})),
  alarm_key text NULL CHECK (length(alarm_key) BETWEEN 1 AND 500),
  desk text NOT NULL CHECK (length(desk) BETWEEN 1 AND 200),
  operator text NULL CHECK (length(operator) <= 200),
  at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  body jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(body) = 'object'),
  outcome text NOT NULL CHECK (outcome IN (${OUTCOMES})),
  by_operator text NULL,
  by_desk text NULL,
  by_at timestamptz NULL,
  claim_operator text NULL,
  claim_desk text NULL,
  claim_since timestamptz NULL,
  claim_until timestamptz NULL
);
CREATE INDEX actions_alarm_key_seq ON kiosk_desk.actions (alarm_key, seq) WHERE alarm_key IS NOT NULL;
CREATE INDEX actions_kind_seq ON kiosk_desk.actions (kind, seq);

-- Each alarm's state: who holds it (the lease) and who acknowledged it first.
CREATE TABLE kiosk_desk.alarms (
  alarm_key text PRIMARY KEY,
  owner_desk text NULL,
  owner_operator text NULL,
  owner_since timestamptz NULL,
  lease_until timestamptz NULL,
  acknowledged_by text NULL,
  acknowledged_desk text NULL,
  acknowledged_at timestamptz NULL,
  acknowledged_seq bigint NULL
);
CREATE INDEX alarms_live_claims ON kiosk_desk.alarms (lease_until) WHERE owner_desk IS NOT NULL;

-- Each desk's operator and last heartbeat.
CREATE TABLE kiosk_desk.desks (
  desk text PRIMARY KEY CHECK (length(desk) BETWEEN 1 AND 200),
  operator text NULL,
  since timestamptz NOT NULL DEFAULT clock_timestamp(),
  heartbeat_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

REVOKE ALL ON ALL TABLES IN SCHEMA kiosk_desk FROM PUBLIC;

-- Appends one action, once per action id, deciding its outcome against the alarm's row.
CREATE FUNCTION kiosk_desk.record_action(p_action_id uuid, p_kind text, p_alarm_key text, p_desk text, p_operator text, p_at timestamptz, p_body jsonb)
RETURNS kiosk_desk.actions
LANGUAGE plpgsql SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
DECLARE
  existing kiosk_desk.actions;
  result kiosk_desk.actions;
  st kiosk_desk.alarms;
  v_body jsonb := COALESCE(p_body, '{}'::jsonb);
  lease_seconds numeric;
  v_note text;
  now_ts timestamptz;
  live boolean;
  mine boolean;
  v_outcome text := 'done';
  v_by_operator text;
  v_by_desk text;
  v_by_at timestamptz;
  v_claim_operator text;
  v_claim_desk text;
  v_claim_since timestamptz;
  v_claim_until timestamptz;
BEGIN
  IF p_action_id IS NULL OR p_kind IS NULL OR p_desk IS NULL OR p_at IS NULL THEN
    RAISE EXCEPTION 'an action needs its id, kind, desk and time' USING ERRCODE = '22023';
  END IF;
  IF jsonb_typeof(v_body) <> 'object' THEN
    RAISE EXCEPTION 'an action''s body is a JSON object' USING ERRCODE = '22023';
  END IF;
  -- A replay is answered before any lock: the first record, unchanged.
  SELECT * INTO existing FROM kiosk_desk.actions WHERE action_id = p_action_id;
  IF FOUND THEN RETURN existing; END IF;

  -- One append at a time: seq order is commit order (readers catch up from a position).
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});
  SELECT * INTO existing FROM kiosk_desk.actions WHERE action_id = p_action_id;
  IF FOUND THEN RETURN existing; END IF;

  IF p_kind IN ('claim', 'release', 'takeOver', 'acknowledge', 'note') AND p_alarm_key IS NULL THEN
    RAISE EXCEPTION 'a % needs the alarm it is about', p_kind USING ERRCODE = '22023';
  END IF;
  v_note := btrim(COALESCE(v_body->>'note', ''));
  IF p_kind = 'takeOver' AND v_note = '' THEN
    RAISE EXCEPTION 'a take-over needs a reason' USING ERRCODE = '22023';
  END IF;
  lease_seconds := ${DEFAULT_LEASE_SECONDS};
  IF jsonb_typeof(v_body->'leaseSeconds') = 'number' THEN
    lease_seconds := LEAST(GREATEST((v_body->>'leaseSeconds')::numeric, 1), 86400);
  END IF;

  IF p_kind IN ('claim', 'release', 'takeOver', 'acknowledge') THEN
    -- The alarm's row, locked: the one conditional write below decides the outcome.
    INSERT INTO kiosk_desk.alarms (alarm_key) VALUES (p_alarm_key) ON CONFLICT (alarm_key) DO NOTHING;
    SELECT * INTO st FROM kiosk_desk.alarms WHERE alarm_key = p_alarm_key FOR UPDATE;
    now_ts := clock_timestamp();
    live := st.owner_desk IS NOT NULL AND st.lease_until > now_ts;
    mine := st.owner_desk = p_desk AND st.owner_operator IS NOT DISTINCT FROM p_operator;

    IF p_kind IN ('claim', 'takeOver', 'acknowledge') AND st.acknowledged_at IS NOT NULL THEN
      v_outcome := 'alreadyAcknowledged';
      v_by_operator := st.acknowledged_by; v_by_desk := st.acknowledged_desk; v_by_at := st.acknowledged_at;
    ELSIF p_kind = 'claim' THEN
      IF live AND NOT mine THEN
        v_outcome := 'claimHeld';
        v_by_operator := st.owner_operator; v_by_desk := st.owner_desk; v_by_at := st.owner_since;
        v_claim_operator := st.owner_operator; v_claim_desk := st.owner_desk; v_claim_since := st.owner_since; v_claim_until := st.lease_until;
      ELSE
        v_claim_operator := p_operator; v_claim_desk := p_desk;
        -- A renewal keeps when the claim began.
        v_claim_since := CASE WHEN live AND mine THEN st.owner_since ELSE now_ts END;
        v_claim_until := now_ts + make_interval(secs => lease_seconds);
        UPDATE kiosk_desk.alarms SET owner_desk = v_claim_desk, owner_operator = v_claim_operator, owner_since = v_claim_since, lease_until = v_claim_until
          WHERE alarm_key = p_alarm_key;
      END IF;
    ELSIF p_kind = 'takeOver' THEN
      IF live THEN
        v_by_operator := st.owner_operator; v_by_desk := st.owner_desk; v_by_at := st.owner_since;
      END IF;
      v_claim_operator := p_operator; v_claim_desk := p_desk; v_claim_since := now_ts;
      v_claim_until := now_ts + make_interval(secs => lease_seconds);
      UPDATE kiosk_desk.alarms SET owner_desk = v_claim_desk, owner_operator = v_claim_operator, owner_since = v_claim_since, lease_until = v_claim_until
        WHERE alarm_key = p_alarm_key;
    ELSIF p_kind = 'release' THEN
      IF mine THEN
        UPDATE kiosk_desk.alarms SET owner_desk = NULL, owner_operator = NULL, owner_since = NULL, lease_until = NULL WHERE alarm_key = p_alarm_key;
      ELSE
        v_outcome := 'notOwner';
        IF live THEN
          v_claim_operator := st.owner_operator; v_claim_desk := st.owner_desk; v_claim_since := st.owner_since; v_claim_until := st.lease_until;
        END IF;
      END IF;
    ELSE -- acknowledge, not yet acknowledged
      IF live AND NOT mine THEN
        v_by_operator := st.owner_operator; v_by_desk := st.owner_desk; v_by_at := st.owner_since;
      END IF;
      UPDATE kiosk_desk.alarms SET owner_desk = NULL, owner_operator = NULL, owner_since = NULL, lease_until = NULL,
          acknowledged_by = p_operator, acknowledged_desk = p_desk, acknowledged_at = p_at
        WHERE alarm_key = p_alarm_key;
    END IF;
  ELSIF p_kind = 'signIn' THEN
    INSERT INTO kiosk_desk.desks AS d (desk, operator, since, heartbeat_at) VALUES (p_desk, p_operator, p_at, clock_timestamp())
      ON CONFLICT (desk) DO UPDATE SET operator = EXCLUDED.operator, since = EXCLUDED.since, heartbeat_at = EXCLUDED.heartbeat_at;
  ELSIF p_kind = 'signOut' THEN
    INSERT INTO kiosk_desk.desks AS d (desk, operator, since, heartbeat_at) VALUES (p_desk, NULL, p_at, clock_timestamp())
      ON CONFLICT (desk) DO UPDATE SET operator = NULL, since = EXCLUDED.since, heartbeat_at = EXCLUDED.heartbeat_at;
    UPDATE kiosk_desk.alarms SET owner_desk = NULL, owner_operator = NULL, owner_since = NULL, lease_until = NULL WHERE owner_desk = p_desk;
  END IF;
  -- note, handover, handoverConfirm: done, nothing else changes.

  INSERT INTO kiosk_desk.actions (action_id, kind, alarm_key, desk, operator, at, body, outcome,
      by_operator, by_desk, by_at, claim_operator, claim_desk, claim_since, claim_until)
    VALUES (p_action_id, p_kind, p_alarm_key, p_desk, p_operator, p_at, v_body, v_outcome,
      v_by_operator, v_by_desk, v_by_at, v_claim_operator, v_claim_desk, v_claim_since, v_claim_until)
    RETURNING * INTO result;
  IF p_kind = 'acknowledge' AND v_outcome = 'done' THEN
    UPDATE kiosk_desk.alarms SET acknowledged_seq = result.seq WHERE alarm_key = p_alarm_key;
  END IF;
  PERFORM pg_notify('${SITE_STORE_CHANNEL}', result.seq::text);
  RETURN result;
END
$fn$;

CREATE FUNCTION kiosk_desk.read_actions(p_after bigint, p_max integer)
RETURNS SETOF kiosk_desk.actions
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
  SELECT * FROM kiosk_desk.actions WHERE seq > COALESCE(p_after, 0) ORDER BY seq LIMIT LEAST(GREATEST(COALESCE(p_max, 500), 1), 10000);
$fn$;

CREATE FUNCTION kiosk_desk.live_claims()
RETURNS TABLE (alarm_key text, operator text, desk text, since timestamptz, lease_until timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
  SELECT a.alarm_key, a.owner_operator, a.owner_desk, a.owner_since, a.lease_until FROM kiosk_desk.alarms a
    WHERE a.owner_desk IS NOT NULL AND a.lease_until > clock_timestamp() ORDER BY a.owner_since, a.alarm_key;
$fn$;

CREATE FUNCTION kiosk_desk.heartbeat(p_desk text, p_operator text, p_since timestamptz)
RETURNS TABLE (desk text, operator text, since timestamptz, heartbeat_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
BEGIN
  INSERT INTO kiosk_desk.desks AS d (desk, operator, since, heartbeat_at)
    VALUES (p_desk, p_operator, COALESCE(p_since, clock_timestamp()), clock_timestamp())
    ON CONFLICT ON CONSTRAINT desks_pkey DO UPDATE SET
      operator = EXCLUDED.operator,
      -- Without a time: the operator's sign-in time is kept while the operator stays.
      since = COALESCE(p_since, CASE WHEN d.operator IS NOT DISTINCT FROM EXCLUDED.operator THEN d.since END, clock_timestamp()),
      heartbeat_at = EXCLUDED.heartbeat_at;
  RETURN QUERY SELECT d.desk, d.operator, d.since, d.heartbeat_at FROM kiosk_desk.desks d ORDER BY d.desk;
END
$fn$;

-- The site's operators, provisioned once (admin publish-operators, as the schema's owner): each a
-- name and the salted scrypt hash of a personal PIN, exactly as a kiosk's own list keeps it. Kiosks
-- read the list (and keep a copy so sign-in works while the store is down); they cannot write it.
CREATE TABLE kiosk_desk.operators (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 100),
  pin jsonb NOT NULL CHECK (jsonb_typeof(pin) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
REVOKE ALL ON kiosk_desk.operators FROM PUBLIC;

CREATE FUNCTION kiosk_desk.site_operators()
RETURNS TABLE (name text, pin jsonb)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
  SELECT o.name, o.pin FROM kiosk_desk.operators o ORDER BY o.name;
$fn$;

CREATE FUNCTION kiosk_desk.schema_info()
RETURNS TABLE (schema_version integer, site_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
  SELECT m.schema_version, m.site_id FROM kiosk_desk.meta m;
$fn$;
`;

/**
 * Version 2: the site's copy of the cardholder directory (issue 34). One row per cardholder: the
 * record as the service answered it (jsonb; never a photo: the service's list holds none), a mark
 * (a hash of the whole record, made by the kiosk), the revision that last wrote it, and a
 * tombstone when the service no longer lists it. A revision is one transaction under
 * DIRECTORY_WRITE_LOCK_KEY: readers see all of it or none, in commit order. The head row says the
 * newest revision and when a desk last compared the copy with the service.
 */
const VERSION_2 = /* sql */ `
CREATE TABLE kiosk_desk.directory_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  revision bigint NOT NULL DEFAULT 0,
  checked_at timestamptz NULL,
  checked_by text NULL,
  records integer NOT NULL DEFAULT 0
);
INSERT INTO kiosk_desk.directory_head DEFAULT VALUES;

-- Each revision: who wrote it (kind sync: the desk downloading for the site; desk: one record a
-- service confirmed at a desk), what it changed. complete: committed with directory_commit.
CREATE TABLE kiosk_desk.directory_revisions (
  revision bigint PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sync', 'desk')),
  desk text NOT NULL CHECK (length(desk) BETWEEN 1 AND 200),
  basis bigint NOT NULL DEFAULT 0,
  written_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  checked_at timestamptz NULL,
  added integer NOT NULL DEFAULT 0,
  changed integer NOT NULL DEFAULT 0,
  removed integer NOT NULL DEFAULT 0,
  kept integer NOT NULL DEFAULT 0,
  records integer NOT NULL DEFAULT 0,
  complete boolean NOT NULL DEFAULT false
);

CREATE TABLE kiosk_desk.directory_records (
  id bigint PRIMARY KEY,
  -- The record's JSON text as the kiosk sent it (read back whole without a conversion).
  record text NULL CHECK (record IS NULL OR left(record, 1) = '{'),
  mark text NOT NULL CHECK (length(mark) BETWEEN 1 AND 100),
  updated_at timestamptz NULL,
  revision bigint NOT NULL,
  removed boolean NOT NULL DEFAULT false,
  CHECK (removed = (record IS NULL))
);
CREATE INDEX directory_records_revision ON kiosk_desk.directory_records (revision, id);
REVOKE ALL ON kiosk_desk.directory_head, kiosk_desk.directory_revisions, kiosk_desk.directory_records FROM PUBLIC;

-- The head, and how many records changed after a revision (a desk that far behind loads the copy whole).
CREATE FUNCTION kiosk_desk.directory_status(p_after bigint)
RETURNS TABLE (revision bigint, checked_at timestamptz, checked_by text, records integer, changed_since bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
  SELECT h.revision, h.checked_at, h.checked_by, h.records,
         (SELECT count(*) FROM kiosk_desk.directory_records r WHERE r.revision > COALESCE(p_after, 0))
    FROM kiosk_desk.directory_head h;
$fn$;

-- Starts a sync revision in the caller's transaction (the write lock is held until it commits).
-- p_basis: the revision the download began at (records written after it by a desk are kept).
CREATE FUNCTION kiosk_desk.directory_begin(p_desk text, p_basis bigint)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
DECLARE v_rev bigint;
BEGIN
  IF p_desk IS NULL THEN RAISE EXCEPTION 'a revision needs the desk that writes it' USING ERRCODE = '22023'; END IF;
  PERFORM pg_advisory_xact_lock(${DIRECTORY_WRITE_LOCK_KEY});
  SELECT h.revision + 1 INTO v_rev FROM kiosk_desk.directory_head h FOR UPDATE;
  INSERT INTO kiosk_desk.directory_revisions (revision, kind, desk, basis) VALUES (v_rev, 'sync', p_desk, COALESCE(p_basis, 0));
  UPDATE kiosk_desk.directory_head SET revision = v_rev;
  RETURN v_rev;
END
$fn$;

-- The revision begun in this transaction (not yet complete), or an error.
CREATE FUNCTION kiosk_desk.directory_open_revision(p_rev bigint)
RETURNS kiosk_desk.directory_revisions
LANGUAGE plpgsql SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
DECLARE r kiosk_desk.directory_revisions;
BEGIN
  SELECT * INTO r FROM kiosk_desk.directory_revisions WHERE revision = p_rev AND NOT complete AND kind = 'sync';
  IF NOT FOUND THEN RAISE EXCEPTION 'revision % is not being written', p_rev USING ERRCODE = '22023'; END IF;
  RETURN r;
END
$fn$;

-- Adds or changes records in the revision being written: p_records is a JSON array of
-- { id, record, mark, updated }. A record a desk wrote after the download began (revision >
-- basis) with a later 'updated' is kept. Returns how many were written.
CREATE FUNCTION kiosk_desk.directory_put(p_rev bigint, p_basis bigint, p_records jsonb)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
DECLARE
  r kiosk_desk.directory_revisions := kiosk_desk.directory_open_revision(p_rev);
  v_added integer;
  v_changed integer;
  v_total integer;
BEGIN
  IF jsonb_typeof(p_records) <> 'array' THEN RAISE EXCEPTION 'the records are a JSON array' USING ERRCODE = '22023'; END IF;
  WITH incoming AS (
    SELECT (e->>'id')::bigint AS id, (e->'record')::text AS record, e->>'mark' AS mark, (e->>'updated')::timestamptz AS updated_at
      FROM jsonb_array_elements(p_records) e
  ), written AS (
    INSERT INTO kiosk_desk.directory_records AS d (id, record, mark, updated_at, revision, removed)
      SELECT i.id, i.record, i.mark, i.updated_at, p_rev, false FROM incoming i
      ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record, mark = EXCLUDED.mark, updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision, removed = false
        WHERE NOT (d.revision > COALESCE(p_basis, 0) AND d.updated_at IS NOT NULL AND (EXCLUDED.updated_at IS NULL OR d.updated_at > EXCLUDED.updated_at))
          AND (d.removed OR d.mark <> EXCLUDED.mark)
      RETURNING (xmax = 0) AS inserted
  )
  SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted), (SELECT count(*) FROM incoming) INTO v_added, v_changed, v_total FROM written;
  UPDATE kiosk_desk.directory_revisions SET added = added + v_added, changed = changed + v_changed, kept = kept + (v_total - v_added - v_changed) WHERE revision = p_rev;
  RETURN v_added + v_changed;
END
$fn$;

-- Marks records the service no longer lists as removed, in the revision being written; one a desk
-- wrote after the download began is kept. Returns how many were removed.
CREATE FUNCTION kiosk_desk.directory_drop(p_rev bigint, p_basis bigint, p_ids bigint[])
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
DECLARE
  r kiosk_desk.directory_revisions := kiosk_desk.directory_open_revision(p_rev);
  v_removed integer;
BEGIN
  UPDATE kiosk_desk.directory_records d SET record = NULL, removed = true, mark = 'removed', revision = p_rev
    WHERE d.id = ANY (p_ids) AND NOT d.removed AND d.revision <= COALESCE(p_basis, 0);
  GET DIAGNOSTICS v_removed = ROW_COUNT;
  UPDATE kiosk_desk.directory_revisions SET removed = removed + v_removed, kept = kept + (cardinality(p_ids) - v_removed) WHERE revision = p_rev;
  RETURN v_removed;
END
$fn$;

-- Completes the revision being written (it becomes visible when the caller commits); p_checked_at:
-- when the download it compares began. Returns the revision's row.
CREATE FUNCTION kiosk_desk.directory_commit(p_rev bigint, p_checked_at timestamptz)
RETURNS kiosk_desk.directory_revisions
LANGUAGE plpgsql SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
DECLARE
  r kiosk_desk.directory_revisions := kiosk_desk.directory_open_revision(p_rev);
  v_records integer;
BEGIN
  SELECT count(*) INTO v_records FROM kiosk_desk.directory_records WHERE NOT removed;
  UPDATE kiosk_desk.directory_revisions SET complete = true, checked_at = p_checked_at, records = v_records, written_at = clock_timestamp()
    WHERE revision = p_rev RETURNING * INTO r;
  UPDATE kiosk_desk.directory_head SET checked_at = GREATEST(COALESCE(checked_at, p_checked_at), p_checked_at), checked_by = r.desk, records = v_records;
  PERFORM pg_notify('${SITE_DIRECTORY_CHANNEL}', p_rev::text);
  RETURN r;
END
$fn$;

-- A desk compared the copy with the service and found nothing to change.
CREATE FUNCTION kiosk_desk.directory_checked(p_desk text, p_checked_at timestamptz)
RETURNS timestamptz
LANGUAGE sql SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
  UPDATE kiosk_desk.directory_head SET checked_at = GREATEST(COALESCE(checked_at, p_checked_at), p_checked_at), checked_by = p_desk RETURNING checked_at;
$fn$;

-- Records written after a revision (the newest state of each; removed: a tombstone), ordered by
-- revision then id, from after (p_after, p_after_id) (no id: after the whole revision p_after), up
-- to p_upto.
CREATE FUNCTION kiosk_desk.directory_changes(p_after bigint, p_after_id bigint, p_upto bigint, p_max integer)
RETURNS TABLE (id bigint, record text, mark text, revision bigint, removed boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
  SELECT d.id, d.record, d.mark, d.revision, d.removed FROM kiosk_desk.directory_records d
    WHERE (d.revision, d.id) > (COALESCE(p_after, 0), COALESCE(p_after_id, 9223372036854775807)) AND d.revision <= p_upto
    ORDER BY d.revision, d.id LIMIT LEAST(GREATEST(COALESCE(p_max, 1000), 1), 50000);
$fn$;

-- The copy, live records only, ordered by id, from after p_after_id (read in one REPEATABLE READ
-- transaction with directory_status for one revision's whole copy).
CREATE FUNCTION kiosk_desk.directory_copy(p_after_id bigint, p_max integer)
RETURNS TABLE (id bigint, record text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
  SELECT d.id, d.record FROM kiosk_desk.directory_records d
    WHERE d.id > COALESCE(p_after_id, -9223372036854775808) AND NOT d.removed
    ORDER BY d.id LIMIT LEAST(GREATEST(COALESCE(p_max, 1000), 1), 50000);
$fn$;

-- Ids and marks of the live records (the downloading desk's comparison), ordered by id.
CREATE FUNCTION kiosk_desk.directory_marks(p_after_id bigint, p_max integer)
RETURNS TABLE (id bigint, mark text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
  SELECT d.id, d.mark FROM kiosk_desk.directory_records d
    WHERE d.id > COALESCE(p_after_id, -9223372036854775808) AND NOT d.removed
    ORDER BY d.id LIMIT LEAST(GREATEST(COALESCE(p_max, 1000), 1), 200000);
$fn$;

-- One record the service confirmed at a desk (created, changed, photographed): its own revision,
-- at once; nothing when the copy holds the same record (same mark) or a later one. p_entry:
-- { id, record, mark, updated }. Returns the new revision, or null when nothing was written.
CREATE FUNCTION kiosk_desk.directory_write(p_desk text, p_entry jsonb)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = kiosk_desk, pg_temp
AS $fn$
DECLARE
  v_id bigint := (p_entry->>'id')::bigint;
  v_mark text := p_entry->>'mark';
  v_updated timestamptz := (p_entry->>'updated')::timestamptz;
  held kiosk_desk.directory_records;
  v_existed boolean;
  v_rev bigint;
  v_records integer;
BEGIN
  IF p_desk IS NULL OR v_id IS NULL OR v_id < 0 OR v_mark IS NULL OR jsonb_typeof(p_entry->'record') <> 'object' THEN
    RAISE EXCEPTION 'a record needs its desk, id, mark and body' USING ERRCODE = '22023';
  END IF;
  PERFORM pg_advisory_xact_lock(${DIRECTORY_WRITE_LOCK_KEY});
  SELECT * INTO held FROM kiosk_desk.directory_records WHERE id = v_id;
  v_existed := FOUND AND NOT held.removed;
  IF v_existed AND (held.mark = v_mark OR (held.updated_at IS NOT NULL AND v_updated IS NOT NULL AND held.updated_at > v_updated)) THEN
    RETURN NULL;
  END IF;
  SELECT h.revision + 1 INTO v_rev FROM kiosk_desk.directory_head h FOR UPDATE;
  INSERT INTO kiosk_desk.directory_records (id, record, mark, updated_at, revision, removed)
    VALUES (v_id, (p_entry->'record')::text, v_mark, v_updated, v_rev, false)
    ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record, mark = EXCLUDED.mark, updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision, removed = false;
  SELECT count(*) INTO v_records FROM kiosk_desk.directory_records WHERE NOT removed;
  INSERT INTO kiosk_desk.directory_revisions (revision, kind, desk, added, changed, records, complete)
    VALUES (v_rev, 'desk', p_desk, CASE WHEN v_existed THEN 0 ELSE 1 END, CASE WHEN v_existed THEN 1 ELSE 0 END, v_records, true);
  UPDATE kiosk_desk.directory_head SET revision = v_rev, records = v_records;
  PERFORM pg_notify('${SITE_DIRECTORY_CHANNEL}', v_rev::text);
  RETURN v_rev;
END
$fn$;
`;

/** Every migration, oldest first. A kiosk refuses a store whose version is higher than the last here. */
export const SITE_STORE_MIGRATIONS: readonly SiteStoreMigration[] = [
  { version: 1, title: 'the action log, the alarms, the desks and their functions', sql: VERSION_1 },
  { version: 2, title: "the site's copy of the cardholder directory, its revisions and functions", sql: VERSION_2 },
];

/** The schema version this kiosk knows. */
export const SITE_STORE_VERSION = SITE_STORE_MIGRATIONS[SITE_STORE_MIGRATIONS.length - 1]?.version ?? 0;

/**
 * Run after every migration (same transaction): functions are callable by the kiosks' role alone
 * (PUBLIC may execute a new function by default), and that role keeps its grants when a later
 * version replaces a function.
 */
export const SITE_STORE_GRANTS_SQL = /* sql */ `
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA kiosk_desk FROM PUBLIC;
DO $grant$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${SITE_STORE_ROLE}') THEN
    GRANT USAGE ON SCHEMA kiosk_desk TO ${SITE_STORE_ROLE};
    ${SITE_STORE_FUNCTIONS.map((f) => `GRANT EXECUTE ON FUNCTION ${f} TO ${SITE_STORE_ROLE};`).join('\n    ')}
  END IF;
END
$grant$;
`;

/**
 * What an administrator runs (as the database's owner, after `migrate-site-store`) to create the
 * role the kiosks log in with: it may call the desk's functions and nothing else — no table
 * privileges, so a desk cannot rewrite or delete history. Its password is then set with psql's
 * `\password kiosk_desk_user` (never written in a file).
 */
export const SITE_STORE_ROLE_SQL = `CREATE ROLE ${SITE_STORE_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
REVOKE ALL ON ALL TABLES IN SCHEMA kiosk_desk FROM ${SITE_STORE_ROLE};
REVOKE ALL ON ALL SEQUENCES IN SCHEMA kiosk_desk FROM ${SITE_STORE_ROLE};
GRANT USAGE ON SCHEMA kiosk_desk TO ${SITE_STORE_ROLE};
${SITE_STORE_FUNCTIONS.map((f) => `GRANT EXECUTE ON FUNCTION ${f} TO ${SITE_STORE_ROLE};`).join('\n')}
`;
