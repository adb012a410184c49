/**
 * Fills the operator log (table `acknowledgement` of the kiosk's database) with `count` entries as
 * the alarm store writes them — one row per acknowledged alarm, its body sealed by storage/seal.ts
 * for ("acknowledgement", its id) — without going through alarms one by one: a million entries in
 * seconds (without a key; sealed, a minute on a loaded machine), for the test and the benchmark of a
 * log that ran for years. Entry i (1-based) was made
 * at `from + i * stepMs`, names alarm record 10_000_000 + i and carries the note `note <i>`.
 */
import type { KioskDatabase } from '../../electron/core/storage/kiosk-database';
import { sealJson } from '../../electron/core/storage/seal';

export interface AcknowledgementFill {
  database: KioskDatabase;
  serviceId: number;
  key: Buffer | null;
  count: number;
  from: number;
  stepMs: number;
}

/** Rows per transaction while filling. */
const CHUNK = 20_000;

export function fillAcknowledgements(fill: AcknowledgementFill): void {
  const { database, serviceId, key } = fill;
  let first = Number(database.get<{ id: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM acknowledgement')?.id ?? 1);
  if (!key) {
    // No data key: the bodies are JSON in clear, made by SQLite in one statement (seconds for a million).
    database.transaction(() =>
      database.run(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)
         INSERT INTO acknowledgement (id, service_id, alarm_id, at, rank, body)
         SELECT :first + i - 1, :service, NULL, :from + i * :step, 1, CAST(json_object(
           'alarmKey', 'event:' || (10000000 + i), 'recordIds', json_array(10000000 + i), 'note', 'note ' || i,
           'device', 'Door ' || (i % 400), 'text', 'Door forced open', 'operator', 'Night Guard',
           'eventCreated', strftime('%Y-%m-%dT%H:%M:%fZ', (:from + i * :step - 30000) / 1000.0, 'unixepoch'), 'priority', 'high') AS BLOB)
         FROM n`,
        { count: fill.count, first, service: serviceId, from: fill.from, step: fill.stepMs },
      ),
    );
    return;
  }
  for (let done = 0; done < fill.count; ) {
    const n = Math.min(CHUNK, fill.count - done);
    database.transaction(() => {
      for (let j = 0; j < n; j++) {
        const i = done + j + 1;
        const id = first + j;
        const at = fill.from + i * fill.stepMs;
        const body = {
          alarmKey: `event:${10_000_000 + i}`,
          recordIds: [10_000_000 + i],
          note: `note ${i}`,
          device: `Door ${i % 400}`,
          text: 'Door forced open',
          operator: 'Night Guard',
          eventCreated: new Date(at - 30_000).toISOString(),
          priority: 'high',
        };
        database.run('INSERT INTO acknowledgement (id, service_id, alarm_id, at, rank, body) VALUES (?, ?, NULL, ?, 1, ?)', [id, serviceId, at, sealJson(key, { kind: 'acknowledgement', key: id }, body)]);
      }
    });
    first += n;
    done += n;
  }
}
