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
/** The role kiosks log in with (SITE_STORE_ROLE_SQL). */
export const SITE_STORE_ROLE = 'kiosk_desk_user';

/**
 * Advisory lock keys (pg_advisory_xact_lock): migrating (two desks starting at once migrate once)
 * and appending (one append at a time, so seq order is commit order and a reader that caught up to
 * a position never finds an older seq committed behind it later).
 */
export const MIGRATION_LOCK_KEY = 7_305_210_001;
export const APPEND_LOCK_KEY = 7_305_210_002;

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

/** Every migration, oldest first. A kiosk refuses a store whose version is higher than the last here. */
export const SITE_STORE_MIGRATIONS: readonly SiteStoreMigration[] = [{ version: 1, title: 'the action log, the alarms, the desks and their functions', sql: VERSION_1 }];

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
