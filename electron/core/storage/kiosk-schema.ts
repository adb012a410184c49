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

// Version 2: the kiosk's other logs move in (they were JSON-lines files read whole at start, see
// storage/legacy-logs.ts), and what retention (storage/retention.ts) needs to prune in batches
// without scanning a table.
const V2_LOGS_AND_RETENTION = `
-- The enrolment log, the badge log, the shift journal and the handover reports, one row per entry
-- (storage/record-log.ts), in the order they were written (id). kind: which log; at: when (ms);
-- until_at: the end of what the entry spans (an outage an earlier version journalled), else at —
-- spans are found and retention prunes by it; subject: a keyed mark of whom it is about (a
-- cardholder), so it can be counted without opening a body; tag: a code in clear (an outcome, a
-- kind of action); body: the entry, sealed (its kind and id bound in).
CREATE TABLE log_entry (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  at INTEGER NOT NULL,
  until_at INTEGER NOT NULL,
  subject TEXT,
  tag TEXT,
  body BLOB NOT NULL
);
CREATE INDEX log_entry_kind ON log_entry (kind);
CREATE INDEX log_entry_until ON log_entry (kind, until_at);
CREATE INDEX log_entry_subject ON log_entry (kind, subject) WHERE subject IS NOT NULL;

-- Files of earlier versions moved into the database (storage/legacy-logs.ts), recorded in the
-- transaction that moved their entries: a file found again (the kiosk stopped before removing it)
-- is recognised by its digest and removed, never moved twice.
CREATE TABLE moved_file (
  name TEXT NOT NULL,
  digest TEXT NOT NULL,
  moved_at INTEGER NOT NULL,
  entries INTEGER NOT NULL,
  PRIMARY KEY (name, digest)
);

-- Retention: an acknowledged alarm is pruned by when it was acknowledged, once no operator-log
-- entry names it (the foreign key's check, too, looks acknowledgements up by alarm).
CREATE INDEX alarm_acknowledged ON alarm (service_id, acknowledged_at) WHERE state = 1;
CREATE INDEX acknowledgement_alarm ON acknowledgement (alarm_id);

-- How many rows a log holds, kept by triggers as rows come and go: a page says "of 1,000,000"
-- without counting a million index entries. what: 'acknowledgement' (part: the service's number)
-- or a log_entry kind (part: 0).
CREATE TABLE row_count (
  what TEXT NOT NULL,
  part INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (what, part)
) WITHOUT ROWID;
INSERT INTO row_count (what, part, n) SELECT 'acknowledgement', service_id, COUNT(*) FROM acknowledgement GROUP BY service_id;
CREATE TRIGGER acknowledgement_counted AFTER INSERT ON acknowledgement BEGIN
  INSERT INTO row_count (what, part, n) VALUES ('acknowledgement', NEW.service_id, 1) ON CONFLICT (what, part) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER acknowledgement_uncounted AFTER DELETE ON acknowledgement BEGIN
  UPDATE row_count SET n = n - 1 WHERE what = 'acknowledgement' AND part = OLD.service_id;
END;
CREATE TRIGGER log_entry_counted AFTER INSERT ON log_entry BEGIN
  INSERT INTO row_count (what, part, n) VALUES (NEW.kind, 0, 1) ON CONFLICT (what, part) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER log_entry_uncounted AFTER DELETE ON log_entry BEGIN
  UPDATE row_count SET n = n - 1 WHERE what = OLD.kind AND part = 0;
END;
`;

// Version 3: the shared alarm desk (site-desk/): the site-wide identity of each alarm (the same on
// every desk: the event's id and a hash of its content), this desk's actions waiting to be sent to
// the site's store in order, the site's log as far as this desk applied it (its own actions once
// recorded, other desks' as read), and where it stands in that log per store. An acknowledgement
// made at another desk is in the operator log too, marked elsewhere = 1 (this desk's handover
// counts its own).
const V3_SHARED_DESK = `
ALTER TABLE alarm ADD COLUMN site_key TEXT;
CREATE INDEX alarm_site_key ON alarm (site_key) WHERE site_key IS NOT NULL;
ALTER TABLE acknowledgement ADD COLUMN elsewhere INTEGER NOT NULL DEFAULT 0;

CREATE TABLE desk_pending (
  id INTEGER PRIMARY KEY,
  action_id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  alarm_key TEXT,
  at INTEGER NOT NULL,
  body BLOB NOT NULL
);

CREATE TABLE desk_action (
  id INTEGER PRIMARY KEY,
  site_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  action_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  alarm_key TEXT,
  at INTEGER NOT NULL,
  recorded_at INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  mine INTEGER NOT NULL,
  body BLOB NOT NULL,
  UNIQUE (site_id, seq),
  UNIQUE (site_id, action_id)
);
CREATE INDEX desk_action_alarm ON desk_action (site_id, alarm_key, seq) WHERE alarm_key IS NOT NULL;
CREATE INDEX desk_action_kind ON desk_action (site_id, kind, recorded_at);
CREATE INDEX desk_action_recorded ON desk_action (recorded_at);

CREATE TABLE desk_position (
  site_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
`;

export const KIOSK_MIGRATIONS: readonly Migration[] = [
  { version: 1, what: 'the guard station: alarms, acknowledgements, the feed position, gaps, events set aside, outages', sql: V1_GUARD_STATION },
  { version: 2, what: 'the enrolment log, the badge log, the shift journal and the handover reports; files moved in; indexes for retention', sql: V2_LOGS_AND_RETENTION },
  { version: 3, what: 'the shared alarm desk: site-wide alarm keys, actions waiting to be sent, the site log applied', sql: V3_SHARED_DESK },
];
