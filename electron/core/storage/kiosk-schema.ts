/**
 * The schema of the kiosk's database (storage/kiosk-database.ts), one migration per version, never
 * edited once released: a workstation's file is migrated forward from whatever version wrote it.
 * Times are milliseconds since the epoch (UTC). Columns holding personal data (an event's text and
 * device, a note, a name) are BLOBs sealed by storage/seal.ts; what is in clear is only what the
 * kiosk must sort, count or find by (ids, times, priorities, states) and keyed marks of content.
 * Every record belongs to one service (`service`): state learnt from one service is never shown
 * for another.
 */
/** One step of the schema: run once, in order, inside a transaction. */
export interface Migration {
  version: number;
  /** What it adds, for the log. */
  what: string;
  sql: string;
}

const V1_GUARD_STATION = `
-- The services this kiosk has read from: 'demo' for its embedded simulator, else the service's address.
CREATE TABLE service (
  id INTEGER PRIMARY KEY,
  identity TEXT NOT NULL UNIQUE,
  first_seen_at INTEGER NOT NULL
);

-- Each start and stop of the kiosk: its own downtime is what lies between two runs.
CREATE TABLE kiosk_run (
  id INTEGER PRIMARY KEY,
  started_at INTEGER NOT NULL,
  alive_at INTEGER NOT NULL,
  stopped_at INTEGER
);

-- Where the live feed stands with a service: every id up to frontier was read or is in a gap.
-- numbering: +1 each time the service's ids restarted (a restore, a new database).
CREATE TABLE feed_position (
  service_id INTEGER PRIMARY KEY REFERENCES service(id),
  numbering INTEGER NOT NULL,
  frontier INTEGER NOT NULL,
  last_id INTEGER,
  last_mark TEXT,
  last_success_at INTEGER,
  updated_at INTEGER NOT NULL
);

-- Ranges of ids (from_id, to_id] still to read or read after the fact: while the kiosk was stopped,
-- or after the service's numbering restarted. next_id: read up to here. Beyond the catch-up bound
-- the oldest part is never read and said: (not_read_from, not_read_to].
CREATE TABLE feed_gap (
  id INTEGER PRIMARY KEY,
  service_id INTEGER NOT NULL REFERENCES service(id),
  numbering INTEGER NOT NULL,
  cause TEXT NOT NULL CHECK (cause IN ('stopped', 'renumbered')),
  from_id INTEGER NOT NULL,
  to_id INTEGER NOT NULL,
  next_id INTEGER NOT NULL,
  read_events INTEGER NOT NULL DEFAULT 0,
  alarms INTEGER NOT NULL DEFAULT 0,
  set_aside INTEGER NOT NULL DEFAULT 0,
  not_read_from INTEGER,
  not_read_to INTEGER,
  since_at INTEGER,
  until_at INTEGER NOT NULL,
  finished_at INTEGER,
  state TEXT NOT NULL CHECK (state IN ('reading', 'done', 'abandoned'))
);
CREATE INDEX feed_gap_open ON feed_gap (service_id, state);

-- Events the service sent that could not be read (no usable id, not an object, over the size
-- limit): kept, sealed, as they came, with why.
CREATE TABLE set_aside_event (
  id INTEGER PRIMARY KEY,
  service_id INTEGER NOT NULL REFERENCES service(id),
  numbering INTEGER NOT NULL,
  record_id INTEGER,
  reason TEXT NOT NULL,
  detail TEXT,
  seen_at INTEGER NOT NULL,
  raw BLOB,
  raw_mark TEXT NOT NULL,
  UNIQUE (service_id, numbering, record_id, raw_mark)
);
CREATE INDEX set_aside_event_seen ON set_aside_event (service_id, seen_at);

-- Every alarm the kiosk has seen. Its identity is the event's id with a mark of its content (time,
-- category, device, text), so a reused id is another alarm. state: 0 waiting, 1 acknowledged,
-- 2 set aside (waiting, beyond the list's bound). rank: 0 critical … 3 low (the rule's); shown_rank:
-- the rank shown, raised once per escalation period the alarm waited (kept by the escalation tick).
-- set_aside_seq: the order in which alarms were set aside (1, 2, …), so that a guard's "acknowledge
-- the group set aside" covers those set aside before it was shown, not older alarms set aside since.
CREATE TABLE alarm (
  id INTEGER PRIMARY KEY,
  service_id INTEGER NOT NULL REFERENCES service(id),
  numbering INTEGER NOT NULL,
  record_id INTEGER NOT NULL,
  mark TEXT NOT NULL,
  created_at INTEGER,
  received_at INTEGER NOT NULL,
  via TEXT NOT NULL CHECK (via IN ('live', 'catch-up', 'start')),
  rank INTEGER NOT NULL CHECK (rank BETWEEN 0 AND 3),
  shown_rank INTEGER NOT NULL CHECK (shown_rank BETWEEN 0 AND 3),
  rule TEXT NOT NULL,
  state INTEGER NOT NULL CHECK (state IN (0, 1, 2)),
  set_aside_at INTEGER,
  set_aside_seq INTEGER,
  acknowledged_at INTEGER,
  event BLOB NOT NULL,
  UNIQUE (service_id, record_id, mark)
);
CREATE INDEX alarm_waiting ON alarm (service_id, state, shown_rank, created_at, id);
CREATE INDEX alarm_waiting_time ON alarm (service_id, state, created_at, id);
CREATE INDEX alarm_unacknowledged_time ON alarm (service_id, created_at, id) WHERE state IN (0, 2);

-- The operator log: one entry per alarm acknowledged, the note and who, sealed in body.
CREATE TABLE acknowledgement (
  id INTEGER PRIMARY KEY,
  service_id INTEGER NOT NULL REFERENCES service(id),
  alarm_id INTEGER REFERENCES alarm(id),
  at INTEGER NOT NULL,
  rank INTEGER,
  body BLOB NOT NULL
);
CREATE INDEX acknowledgement_at ON acknowledgement (service_id, at, id);

-- Times the service was lost: from the start of the first request that did not succeed to the
-- first that did; the outage alarm raised for it and its acknowledgement.
CREATE TABLE outage (
  id INTEGER PRIMARY KEY,
  service_id INTEGER NOT NULL REFERENCES service(id),
  started_at INTEGER NOT NULL,
  ended_at INTEGER,
  end_cause TEXT CHECK (end_cause IN ('answered', 'kiosk-stopped')),
  raised_at INTEGER,
  acknowledged_at INTEGER,
  reason BLOB
);
CREATE INDEX outage_time ON outage (service_id, started_at);
`;

export const GUARD_MIGRATIONS: readonly Migration[] = [{ version: 1, what: 'the guard station: alarms, acknowledgements, the feed position, gaps, events set aside, outages', sql: V1_GUARD_STATION }];
