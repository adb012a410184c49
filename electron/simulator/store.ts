// Persistence of the directory and the event log in the data directory. Cardholders: one snapshot
// file (header line + one JSON array per chunk of 1,000 records), rewritten atomically (temp file,
// fsync, rename) after changes settle. Events: an append-only journal, compacted atomically when it
// outgrows retention or after a restore; a malformed test event is kept as its attributes plus its
// kind (and length), and made again the same on load. Writes are serialized; close() flushes everything.
// Also owns the atomic file write that photos.ts reuses.

import { open, readFile, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CARDHOLDER_CHUNK_SIZE, type CardholderDirectory } from './cardholders';
import { isMalformedKind, type MalformedSpec } from './event-json';
import { storedEvent, type EventAttributes, type EventLog, type StoredEvent } from './events';

export const CARDHOLDERS_FILE = 'cardholders.ndjson';
export const EVENTS_FILE = 'events.ndjson';
const FORMAT_VERSION = 1;

/** Wait this long after the last change before saving, but never longer than MAX_DELAY_MS. */
const SAVE_DEBOUNCE_MS = 250;
const SAVE_MAX_DELAY_MS = 2000;

interface CardholderHeader {
  format: 'access-simulator/cardholders';
  version: number;
  chunkSize: number;
  count: number;
  nextId: number;
  seed: number;
}

interface EventsHeader {
  format: 'access-simulator/events';
  version: number;
  nextId: number;
}

/**
 * One journal line: [id, createdMs, categoryId, typeId, subcodeCategoryId, subcodeId, deviceId,
 * deviceType, tenant, isAlarm, categoryName, deviceName, customText], and for a malformed test event
 * its kind after them, then for an oversize one the length of its JSON (its padding is not stored).
 */
type EventTuple = [number, number, number, number, number, number, number, number, number, 0 | 1, string, string, string, string?, number?];

function eventToTuple(event: StoredEvent): EventTuple {
  const tuple: EventTuple = [
    event.id, event.createdMs, event.categoryId, event.typeId, event.subcodeCategoryId, event.subcodeId,
    event.deviceId, event.deviceType, event.tenant, event.isAlarm ? 1 : 0, event.categoryName, event.deviceName, event.customText,
  ];
  if (event.malformed !== undefined) {
    tuple.push(event.malformed.kind);
    if (event.malformed.bytes !== undefined) tuple.push(event.malformed.bytes);
  }
  return tuple;
}

function malformedOf(kind: unknown, bytes: unknown): MalformedSpec | undefined | false {
  if (kind === undefined) return undefined;
  if (!isMalformedKind(kind)) return false;
  if (bytes === undefined) return { kind };
  return typeof bytes === 'number' && kind === 'oversize' ? { kind, bytes } : false;
}

function tupleToEvent(tuple: unknown): StoredEvent | undefined {
  if (!Array.isArray(tuple) || tuple.length < 13 || tuple.length > 15) return undefined;
  const [id, createdMs, categoryId, typeId, subcodeCategoryId, subcodeId, deviceId, deviceType, tenant, isAlarm, categoryName, deviceName, customText, kind, bytes] =
    tuple as EventTuple;
  if (typeof id !== 'number' || typeof createdMs !== 'number' || typeof customText !== 'string') return undefined;
  const malformed = malformedOf(kind, bytes);
  if (malformed === false) return undefined;
  const attributes: EventAttributes = {
    createdMs, categoryId, typeId, subcodeCategoryId, subcodeId, deviceId, deviceType, tenant,
    isAlarm: isAlarm === 1, categoryName, deviceName, customText,
    ...(malformed === undefined ? {} : { malformed }),
  };
  try {
    return storedEvent(attributes, id);
  } catch {
    // An oversize length its event cannot have: the line is damaged.
    return undefined;
  }
}

/** Splits a file into lines without decoding it all into one string (500k records exceed that comfortably). */
function* lines(buffer: Buffer): Generator<Buffer> {
  let start = 0;
  while (start < buffer.length) {
    let end = buffer.indexOf(10, start);
    if (end === -1) end = buffer.length;
    if (end > start) yield buffer.subarray(start, end);
    start = end + 1;
  }
}

async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

let tempCounter = 0;

/** Writes parts to a temp file, fsyncs it and renames it over `path` (readers see old or new, never half). */
export async function writeAtomically(path: string, parts: readonly Buffer[]): Promise<void> {
  const temp = `${path}.tmp-${process.pid}-${++tempCounter}`;
  const handle = await open(temp, 'w');
  try {
    for (let index = 0; index < parts.length; index += 256) {
      await handle.writev(parts.slice(index, index + 256));
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

export class StoreCorruptError extends Error {
  constructor(file: string, detail: string) {
    super(`The simulator data file ${file} cannot be read (${detail}). Start with --fresh to rebuild it.`);
    this.name = 'StoreCorruptError';
  }
}

export class SimulatorStore {
  private savedRevision = -1;
  private pendingEvents: StoredEvent[] = [];
  private eventsNeedRewrite = true;
  private journalLines = 0;
  private debounceTimer: NodeJS.Timeout | undefined;
  private firstChangeMs: number | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly directory: CardholderDirectory,
    private readonly events: EventLog,
    private readonly seed: number,
    private readonly log: (line: string) => void,
  ) {
    directory.onChange = () => this.schedule();
    events.onAppend = (event) => {
      this.pendingEvents.push(event);
      this.schedule();
    };
    events.onRewrite = () => {
      this.eventsNeedRewrite = true;
      this.pendingEvents = [];
      this.schedule();
    };
  }

  /** Removes the stored files (fresh start, reset). */
  async clear(): Promise<void> {
    await this.writing;
    await rm(join(this.dir, CARDHOLDERS_FILE), { force: true });
    await rm(join(this.dir, EVENTS_FILE), { force: true });
  }

  /** Loads both files; false when there is no stored cardholder snapshot (first start). */
  async load(): Promise<boolean> {
    // Temp files left by a crash in the middle of a save are never read: remove them.
    for (const name of await readdir(this.dir)) {
      if (/\.ndjson\.tmp-\d+-\d+$/.test(name)) await rm(join(this.dir, name), { force: true });
    }
    const cardholderFile = await readIfExists(join(this.dir, CARDHOLDERS_FILE));
    if (cardholderFile === undefined) return false;
    this.loadCardholders(cardholderFile);
    this.savedRevision = this.directory.revision;
    const eventFile = await readIfExists(join(this.dir, EVENTS_FILE));
    this.loadEvents(eventFile);
    return true;
  }

  /** Writes whatever changed since the last save, and waits for it. */
  async flush(): Promise<void> {
    this.cancelTimer();
    const run = this.writing.then(() => this.writeChanges());
    this.writing = run.catch(() => undefined);
    await run;
  }

  /** Flushes and stops saving. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    this.cancelTimer();
  }

  private schedule(): void {
    if (this.closed) return;
    const now = Date.now();
    this.firstChangeMs ??= now;
    this.cancelTimer();
    const delay = Math.max(0, Math.min(SAVE_DEBOUNCE_MS, this.firstChangeMs + SAVE_MAX_DELAY_MS - now));
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      this.flush().catch((error: unknown) => this.log(`Saving the simulator store failed: ${(error as Error).message}`));
    }, delay);
    this.debounceTimer.unref();
  }

  private cancelTimer(): void {
    if (this.debounceTimer !== undefined) clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
  }

  private async writeChanges(): Promise<void> {
    this.firstChangeMs = undefined;
    if (this.directory.revision !== this.savedRevision) {
      const revision = this.directory.revision;
      const header: CardholderHeader = {
        format: 'access-simulator/cardholders',
        version: FORMAT_VERSION,
        chunkSize: CARDHOLDER_CHUNK_SIZE,
        count: this.directory.size,
        nextId: this.directory.nextId,
        seed: this.seed,
      };
      const newline = Buffer.from('\n');
      const parts: Buffer[] = [Buffer.from(JSON.stringify(header)), newline];
      for (const chunk of this.directory.chunks()) parts.push(chunk, newline);
      await writeAtomically(join(this.dir, CARDHOLDERS_FILE), parts);
      this.savedRevision = revision;
    }
    // Counting what is about to be appended too: a bulk append rewrites once instead of growing the journal past retention.
    if (this.journalLines + this.pendingEvents.length > this.events.maxRetained + Math.max(1000, this.events.maxRetained >>> 2)) {
      this.eventsNeedRewrite = true;
    }
    if (this.eventsNeedRewrite) {
      this.eventsNeedRewrite = false;
      this.pendingEvents = [];
      const retained = this.events.all();
      const header: EventsHeader = { format: 'access-simulator/events', version: FORMAT_VERSION, nextId: this.events.maxId + 1 };
      const text = [JSON.stringify(header), ...retained.map((event) => JSON.stringify(eventToTuple(event)))].join('\n') + '\n';
      await writeAtomically(join(this.dir, EVENTS_FILE), [Buffer.from(text)]);
      this.journalLines = retained.length;
    } else if (this.pendingEvents.length > 0) {
      const batch = this.pendingEvents;
      this.pendingEvents = [];
      const text = batch.map((event) => JSON.stringify(eventToTuple(event))).join('\n') + '\n';
      const handle = await open(join(this.dir, EVENTS_FILE), 'a');
      try {
        await handle.write(text);
      } finally {
        await handle.close();
      }
      this.journalLines += batch.length;
    }
  }

  /** Chunk lines are kept as they are (no parsing): the directory parses a chunk when it is used. */
  private loadCardholders(file: Buffer): void {
    let header: CardholderHeader | undefined;
    const chunks: Buffer[] = [];
    for (const line of lines(file)) {
      if (header !== undefined) {
        if (line[0] !== 0x5b || line[line.length - 1] !== 0x5d) throw new StoreCorruptError(CARDHOLDERS_FILE, `line ${chunks.length + 2} is not a JSON array`);
        chunks.push(line);
        continue;
      }
      try {
        header = JSON.parse(line.toString('utf8')) as CardholderHeader;
      } catch {
        throw new StoreCorruptError(CARDHOLDERS_FILE, 'the header is not JSON');
      }
      if (header.format !== 'access-simulator/cardholders' || header.version !== FORMAT_VERSION || header.chunkSize !== CARDHOLDER_CHUNK_SIZE) {
        throw new StoreCorruptError(CARDHOLDERS_FILE, 'unknown format');
      }
    }
    if (header === undefined) throw new StoreCorruptError(CARDHOLDERS_FILE, 'the file is empty');
    if (header.nextId !== header.count + 1) throw new StoreCorruptError(CARDHOLDERS_FILE, `nextId ${header.nextId} for ${header.count} records`);
    try {
      this.directory.replaceWithChunks(header.count, chunks);
    } catch (error) {
      throw new StoreCorruptError(CARDHOLDERS_FILE, (error as Error).message);
    }
  }

  private loadEvents(file: Buffer | undefined): void {
    const loaded: StoredEvent[] = [];
    let nextId = 1;
    let intact = file !== undefined;
    let first = true;
    let count = 0;
    for (const line of file === undefined ? [] : lines(file)) {
      count++;
      let value: unknown;
      try {
        value = JSON.parse(line.toString('utf8'));
      } catch {
        // A torn last append (crash while writing): keep what came before it.
        intact = false;
        break;
      }
      if (first) {
        first = false;
        const header = value as EventsHeader;
        if (header.format !== 'access-simulator/events' || header.version !== FORMAT_VERSION) {
          throw new StoreCorruptError(EVENTS_FILE, 'unknown format');
        }
        nextId = header.nextId;
        continue;
      }
      const event = tupleToEvent(value);
      const previous = loaded[loaded.length - 1];
      if (event === undefined || (previous !== undefined && event.id <= previous.id)) {
        intact = false;
        break;
      }
      loaded.push(event);
    }
    if (file !== undefined && !intact) this.log(`${EVENTS_FILE}: ignored a damaged tail after ${loaded.length} events`);
    this.events.replaceAll(loaded, nextId);
    // replaceAll asked for a rewrite; an intact journal can simply be appended to.
    this.eventsNeedRewrite = !intact;
    this.journalLines = Math.max(0, count - 1);
  }
}
