/**
 * What earlier versions of the kiosk kept in files — the operator log (`acknowledgements.jsonl`,
 * JSON lines, sealed per line where a data key existed) and the unacknowledged alarms
 * (`open-alarms.json`, one file, "KOA1"-sealed where a data key existed) — read once at the first
 * start of this version and moved into the kiosk's database (alarms/alarm-store.ts), for the
 * service the kiosk reads now; the files are then removed (they hold personal data that must not
 * stay in two places). A file that cannot be read is kept as it was and said, never fatal.
 */
import { createDecipheriv } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ALARM_PRIORITIES, type Acknowledgement, type FeedEvent } from '../../contract/ipc';
import { JsonLinesFile } from '../storage/json-lines-file';
import { readOwnerOnly } from '../storage/owner-only-files';
import type { Logger } from '../log/logger';
import type { KioskDatabase } from '../storage/kiosk-database';
import type { AlarmStore } from './alarm-store';

export const LEGACY_ACKNOWLEDGEMENTS_FILE = 'acknowledgements.jsonl';
export const LEGACY_OPEN_ALARMS_FILE = 'open-alarms.json';
const SCOPE = 'alarms';

const StoredAcknowledgement = z.object({
  alarmKey: z.string().min(1),
  recordIds: z.array(z.number().int().positive()).min(1),
  note: z.string(),
  acknowledgedAt: z.iso.datetime({ offset: true }),
  device: z.string(),
  text: z.string(),
  operator: z.string().nullable().optional(),
  eventCreated: z.string().nullable().optional(),
  priority: z.enum(ALARM_PRIORITIES).nullable().optional(),
});

const StoredEvent = z.looseObject({
  record_ID: z.number().int().positive(),
  created: z.string(),
  alarm: z.object({ priority: z.enum(ALARM_PRIORITIES), rule: z.string() }),
});

export interface LegacyImport {
  acknowledgements: number;
  waiting: number;
  /** Files that could not be read (kept where they are). */
  problems: string[];
}

/** Moves an earlier version's files into the store; returns what it moved. Safe to call at every start. */
export async function importLegacyAlarmFiles(options: { dataDir: string; key: Buffer | null; database: KioskDatabase; store: AlarmStore; numbering: number; log: Logger }): Promise<LegacyImport> {
  const { dataDir, key, store, log } = options;
  const result: LegacyImport = { acknowledgements: 0, waiting: 0, problems: [] };
  const ackFile = path.join(dataDir, LEGACY_ACKNOWLEDGEMENTS_FILE);
  const lines = new JsonLinesFile<Acknowledgement>(ackFile, (value) => {
    const parsed = StoredAcknowledgement.safeParse(value);
    return parsed.success ? parsed.data : null;
  }, { key });
  let acks: Acknowledgement[] | null = null;
  try {
    acks = await lines.read((line, reason) => log.warn(SCOPE, `skipped ${reason} line ${line} of ${ackFile} while moving it into the database`));
  } catch (thrown) {
    result.problems.push(`${ackFile}: ${String(thrown)}`);
  }
  let waiting: FeedEvent[] | null = null;
  const openFile = path.join(dataDir, LEGACY_OPEN_ALARMS_FILE);
  try {
    const raw = await readOwnerOnly(openFile, true);
    if (raw !== null) {
      const stored = JSON.parse(openKoa1(raw, key).toString('utf8')) as { alarms?: unknown };
      waiting = (Array.isArray(stored.alarms) ? stored.alarms : []).flatMap((value) => (StoredEvent.safeParse(value).success ? [value as FeedEvent] : []));
    }
  } catch (thrown) {
    result.problems.push(`${openFile}: ${String(thrown)}`);
  }
  if ((acks === null || acks.length === 0) && (waiting === null || waiting.length === 0)) {
    for (const problem of result.problems) log.error(SCOPE, `an earlier version's file could not be moved into the database and was left as it is: ${problem}`);
    await removeEmpty(acks, ackFile, waiting, openFile);
    return result;
  }
  store.rememberLegacyAcknowledged((acks ?? []).flatMap((a) => a.recordIds.map((recordId) => ({ recordId, created: a.eventCreated ?? null, device: a.device, text: a.text }))));
  // All or nothing: a crash half-way leaves the files to be moved again at the next start, never twice.
  options.database.transaction(() => {
    for (const ack of acks ?? []) store.importLegacyAcknowledgement(ack);
    if (waiting && waiting.length > 0) {
      const marked = store.observe(waiting, 'start', options.numbering);
      result.waiting = marked.filter((event) => event.alarm?.state === 'waiting' || event.alarm?.state === 'setAside').length;
    }
  });
  result.acknowledgements = acks?.length ?? 0;
  if (acks !== null) await rm(ackFile, { force: true });
  if (waiting !== null) await rm(openFile, { force: true });
  log.info(SCOPE, `moved an earlier version's records into the database: ${result.acknowledgements} operator-log entries, ${result.waiting} unacknowledged alarms`);
  for (const problem of result.problems) log.error(SCOPE, `an earlier version's file could not be moved into the database and was left as it is: ${problem}`);
  return result;
}

async function removeEmpty(acks: Acknowledgement[] | null, ackFile: string, waiting: FeedEvent[] | null, openFile: string): Promise<void> {
  if (acks !== null && acks.length === 0) await rm(ackFile, { force: true });
  if (waiting !== null && waiting.length === 0) await rm(openFile, { force: true });
}

/** The earlier version's layout of open-alarms.json: "KOA1", IV (12), ciphertext, GCM tag (16); or plain JSON. */
function openKoa1(raw: Buffer, key: Buffer | null): Buffer {
  const magic = Buffer.from('KOA1');
  if (!raw.subarray(0, magic.length).equals(magic)) return raw;
  if (!key) throw new Error('the file is encrypted and there is no data key');
  const body = raw.subarray(magic.length);
  if (body.length < 28) throw new Error('the file is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, 12));
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(12, body.length - 16)), decipher.final()]);
}
