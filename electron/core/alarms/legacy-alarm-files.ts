/**
 * What earlier versions of the kiosk kept in files — the operator log (`acknowledgements.jsonl`,
 * JSON lines, sealed per line where a data key existed) and the unacknowledged alarms
 * (`open-alarms.json`, one file, "KOA1"-sealed where a data key existed) — read once at the first
 * start of this version (their seals opened by storage/legacy-seals.ts) and moved into the kiosk's
 * database (alarms/alarm-store.ts), for the service the kiosk reads now, in one transaction that
 * also notes the files moved (storage/legacy-logs.ts): the files are then removed (they hold
 * personal data that must not stay in two places), and a start that finds them again (stopped
 * before removing them) only removes them. A file that cannot be read, or whose sealed lines this
 * workstation has no key for now, is kept as it was and said, never fatal.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ALARM_PRIORITIES, type Acknowledgement, type FeedEvent } from '../../contract/ipc';
import { noteMoved, readLegacyFile, wasMoved, type LegacyFile } from '../storage/legacy-logs';
import { legacyKeyProblem, openLegacyJsonLines, openLegacyOpenAlarms } from '../storage/legacy-seals';
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
export async function importLegacyAlarmFiles(options: { dataDir: string; key: Buffer | null; database: KioskDatabase; store: AlarmStore; numbering: number; log: Logger; now?: () => number }): Promise<LegacyImport> {
  const { dataDir, key, store, log, database } = options;
  const result: LegacyImport = { acknowledgements: 0, waiting: 0, problems: [] };
  const ackFile = path.join(dataDir, LEGACY_ACKNOWLEDGEMENTS_FILE);
  const openFile = path.join(dataDir, LEGACY_OPEN_ALARMS_FILE);
  // Each file: null when absent (or already moved and now removed), else its bytes and what it holds.
  let acks: { found: LegacyFile; entries: Acknowledgement[] } | null = null;
  try {
    const found = await stillToMove(database, await readLegacyFile(ackFile));
    if (found) {
      const lines = openLegacyJsonLines(found.bytes.toString('utf8'), found.name, key);
      const keyProblem = legacyKeyProblem(lines, key);
      if (keyProblem !== null) throw new Error(keyProblem);
      const entries: Acknowledgement[] = [];
      for (const skip of lines.skipped) log.warn(SCOPE, `skipped unreadable line ${skip.line} of ${ackFile} while moving it into the database`);
      for (const { line, value } of lines.values) {
        const parsed = StoredAcknowledgement.safeParse(value);
        if (parsed.success) entries.push(parsed.data);
        else log.warn(SCOPE, `skipped unreadable line ${line} of ${ackFile} while moving it into the database`);
      }
      acks = { found, entries };
    }
  } catch (thrown) {
    result.problems.push(`${ackFile}: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
  }
  let waiting: { found: LegacyFile; events: FeedEvent[] } | null = null;
  try {
    const found = await stillToMove(database, await readLegacyFile(openFile));
    if (found) {
      const stored = JSON.parse(openLegacyOpenAlarms(found.bytes, key).toString('utf8')) as { alarms?: unknown };
      const events = (Array.isArray(stored.alarms) ? stored.alarms : []).flatMap((value) => (StoredEvent.safeParse(value).success ? [value as FeedEvent] : []));
      waiting = { found, events };
    }
  } catch (thrown) {
    result.problems.push(`${openFile}: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
  }
  if (acks || waiting) {
    store.rememberLegacyAcknowledged((acks?.entries ?? []).flatMap((a) => a.recordIds.map((recordId) => ({ recordId, created: a.eventCreated ?? null, device: a.device, text: a.text }))));
    const at = (options.now ?? Date.now)();
    // All or nothing, noted with the files: a crash half-way leaves them to be moved again at the next start, never twice.
    database.transaction(() => {
      if (acks) {
        for (const ack of acks.entries) store.importLegacyAcknowledgement(ack);
        noteMoved(database, acks.found, acks.entries.length, at);
      }
      if (waiting) {
        if (waiting.events.length > 0) {
          const marked = store.observe(waiting.events, 'start', options.numbering);
          result.waiting = marked.filter((event) => event.alarm?.state === 'waiting' || event.alarm?.state === 'setAside').length;
        }
        noteMoved(database, waiting.found, waiting.events.length, at);
      }
    });
    result.acknowledgements = acks?.entries.length ?? 0;
    if (acks) await rm(ackFile, { force: true });
    if (waiting) await rm(openFile, { force: true });
    if (result.acknowledgements > 0 || result.waiting > 0) log.info(SCOPE, `moved an earlier version's records into the database: ${result.acknowledgements} operator-log entries, ${result.waiting} unacknowledged alarms`);
  }
  for (const problem of result.problems) log.error(SCOPE, `an earlier version's file could not be moved into the database and was left as it is: ${problem}`);
  return result;
}

/** The file, unless there is none or it was moved already (then it is removed now). */
async function stillToMove(database: KioskDatabase, found: LegacyFile | null): Promise<LegacyFile | null> {
  if (!found) return null;
  if (!wasMoved(database, found)) return found;
  await rm(found.file, { force: true });
  return null;
}
