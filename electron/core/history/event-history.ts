/**
 * EventHistory: the guard's searches in past events and their CSV export.
 * It maps the contract's requests onto the service's two search bodies (sending only what the guard
 * chose, tenants defaulting from configuration), classifies the answers with the same alarm rules
 * as the live feed and learns the service's own alarm flag for each result (asking again with
 * isAlarm when the guard did not), keeps the last few results in main under a result id (so the
 * renderer never sends a result back) and writes a chosen result to a CSV file the guard picks,
 * reporting progress.
 * Devices and categories the site catalogue does not number (names seen in events) cannot be sent
 * as ids: each is searched by its name as text, where the endpoint has text search, and only the
 * events whose device or category is exactly that name are kept.
 * A search whose answer may have been cut at the service's limit says so (SearchCut, decided in
 * search-parts.ts) and can be read on, a part at a time ("Read the next part": the same search, its
 * end moved back to where the answer stopped, only the queries that were cut, events already held
 * dropped by id), into the same result, up to what the kiosk keeps of one search. The CSV of a cut
 * result holds what was read and says so in its first line; its headings and fixed words are main's
 * (core/language/words.ts), in the language the page shows.
 * It must not: show dialogs itself (the save dialog is the `pickSaveFile` port), or import Electron.
 */
import { randomUUID } from 'node:crypto';
import {
  ALARM_PRIORITIES,
  type AlarmPriority,
  type DeskActivity,
  type EventCodeSearchRequest,
  type SearchCut,
  type EventSearchRequest,
  type EventSearchResult,
  type ExportResult,
  type FeedEvent,
  type HistoryCsvColumn,
  type HistoryEvent,
  type ParsedRequestOf,
} from '../../contract/ipc';
import type { AccessService, CallOptions, EventCodeSearch, EventSearch, SearchAnswer, SystemEvent } from '../service/access-service';
import { HISTORY_CSV_COLUMNS } from '../../contract/ipc';
import type { PushBus } from '../ipc/push-bus';
import type { Logger } from '../log/logger';
import { KioskFailure } from '../ipc/failure';
import { csvTimes, writeCsvFile } from './csv';
import { SAVE_ASKS, type PickSaveFile } from '../ports/save-file';
import { englishWords, type Words } from '../language/words';
import {
  afterAnswer,
  ASSUMED_SERVICE_LIMIT,
  canonicalRequest,
  flagsFromAlarmAnswers,
  idsFollowTime,
  keepWithin,
  MAX_RESULT_EVENTS,
  resultCut,
  ServiceAnswerLimit,
  type QueryState,
} from './search-parts';


export type ExportRequest = ParsedRequestOf<'exportSearchCsv'>;
export type SortColumn = NonNullable<ExportRequest['sort']>['column'];

/** After `created` (the service's value, as sent): the same time as the screen shows it (local, with its offset) and in UTC. */
const TIME_COLUMNS = ['created_Local_Time', 'created_UTC'] as const;
const ALARM_COLUMNS = ['alarm_Priority', 'alarm_Rule', 'service_Alarm_Flag'] as const;
const DESK_COLUMNS = ['alarm_Activity'] as const;
type SystemEventField = Exclude<HistoryCsvColumn, (typeof TIME_COLUMNS)[number] | (typeof ALARM_COLUMNS)[number] | (typeof DESK_COLUMNS)[number]>;
/** The SystemEvent fields of the spec, in its order: the contract's CSV columns without the kiosk's own. */
export const SYSTEM_EVENT_FIELDS: readonly SystemEventField[] = HISTORY_CSV_COLUMNS.filter(
  (column): column is SystemEventField =>
    !(TIME_COLUMNS as readonly string[]).includes(column) && !(ALARM_COLUMNS as readonly string[]).includes(column) && !(DESK_COLUMNS as readonly string[]).includes(column),
);

export interface EventHistoryOptions {
  service: Pick<AccessService, 'searchEvents' | 'searchEventsByCodes'>;
  classify: (event: SystemEvent) => FeedEvent;
  push: Pick<PushBus, 'emit'>;
  log: Logger;
  /** Tenants searched when the guard chose none. */
  defaultTenants: readonly number[];
  pickSaveFile: PickSaveFile;
  /** The CSV's words: the language the page shows (core/language/shown-language.ts); English when absent. */
  words?: () => Words;
  /** What guards did about an event's alarm (the shared alarm desk): the CSV gains the column alarm_Activity. Absent when the kiosk works alone. */
  activity?: (event: FeedEvent) => readonly DeskActivity[];
  /** How many results main keeps for export (least recently used dropped first). */
  keepResults?: number;
  /** Rows between two progress pushes during an export. */
  progressEvery?: number;
  /** The answer size the service is first taken to cut at (search-parts.ts): the simulator's 10,000. */
  serviceAnswerLimit?: number;
  /** The most events the kiosk keeps of one search, every part read. */
  maxResultEvents?: number;
  now?: () => Date;
}

const SCOPE = 'history';

/** One request to the service and which of its answers belong to the guard's search. */
interface PlannedQuery<Body> {
  body: Body;
  keep: (event: SystemEvent) => boolean;
}

/** One part read: the events new to the result, with the service's alarm flag of each. */
interface PartRead {
  found: SystemEvent[];
  flag: (event: SystemEvent) => boolean | null;
  /** Elements of the answers that could not be read as events. */
  unreadable: number;
}

/** A result main keeps: its events (every part, highest id first), and how to read its next part. */
interface KeptResult {
  /** The search it answers (canonicalRequest, without nextPartOf), to refuse another one's next part. */
  request: string;
  events: HistoryEvent[];
  ids: Set<number>;
  parts: number;
  cut: SearchCut | undefined;
  /** Elements the service sent that could not be read as events, every part so far. */
  unreadable: number;
  reader: PartReader;
  /** Parts of one result are read one after the other. */
  queue: Promise<unknown>;
}

/** Reads a search a part at a time; each planned query keeps where it stands. */
interface PartReader {
  readonly states: readonly QueryState[];
  readonly fromMs: number;
  read(): Promise<PartRead>;
}

export class EventHistory {
  private readonly results = new Map<string, KeptResult>();
  private readonly keepResults: number;
  private readonly progressEvery: number;
  private readonly maxResultEvents: number;
  private readonly limit: ServiceAnswerLimit;
  private readonly now: () => Date;

  constructor(private readonly options: EventHistoryOptions) {
    this.keepResults = Math.max(1, options.keepResults ?? 5);
    this.progressEvery = Math.max(1, options.progressEvery ?? 1_000);
    this.maxResultEvents = Math.max(1, options.maxResultEvents ?? MAX_RESULT_EVENTS);
    this.limit = new ServiceAnswerLimit(options.serviceAnswerLimit ?? ASSUMED_SERVICE_LIMIT);
    this.now = options.now ?? (() => new Date());
  }

  /** POST /api/SystemEvents/search; with nextPartOf, the next part of that result. */
  async search(request: EventSearchRequest, options?: CallOptions): Promise<EventSearchResult> {
    const { nextPartOf, ...search } = request;
    const key = canonicalRequest({ endpoint: 'search', search });
    if (nextPartOf !== undefined) return this.nextPart(nextPartOf, key);
    const queries = planSearch(search, this.options.defaultTenants);
    return this.first(key, this.reader(queries, search.isAlarm, (body) => this.options.service.searchEvents(body, options)));
  }

  /** POST /api/SystemEvents/searchbycodes; with nextPartOf, the next part of that result. */
  async searchByCodes(request: EventCodeSearchRequest, options?: CallOptions): Promise<EventSearchResult> {
    const { nextPartOf, ...search } = request;
    const key = canonicalRequest({ endpoint: 'searchbycodes', search });
    if (nextPartOf !== undefined) return this.nextPart(nextPartOf, key);
    const queries = planCodeSearch(search, this.options.defaultTenants);
    return this.first(key, this.reader(queries, search.isAlarm, (body) => this.options.service.searchEventsByCodes(body, options)));
  }

  /** Device and category names of the results kept, for the catalogue's "seen" names. */
  seenNames(): { devices: Set<string>; categories: Set<string> } {
    const devices = new Set<string>();
    const categories = new Set<string>();
    for (const { events } of this.results.values()) {
      for (const event of events) {
        if (typeof event.device_Name === 'string' && event.device_Name !== '') devices.add(event.device_Name);
        if (typeof event.event_Category_Name === 'string' && event.event_Category_Name !== '') categories.add(event.event_Category_Name);
      }
    }
    return { devices, categories };
  }

  /**
   * A reader of the planned queries. Each part sends the queries not yet read whole one after the
   * other (the first part every one, with the search's own end; later parts with their end moved
   * back) and keeps what belongs to the search; then learns the service's alarm flag: from the
   * request when the guard filtered by it, otherwise by asking the same queries again with
   * isAlarm: true (when that fails, the flag stays unknown).
   */
  private reader<Body extends EventSearch | EventCodeSearch>(
    queries: PlannedQuery<Body>[],
    isAlarm: boolean | undefined,
    send: (body: Body) => Promise<SearchAnswer>,
  ): PartReader {
    const log = this.options.log;
    const limit = this.limit;
    const fromMs = Date.parse(queries[0]?.body.from ?? '');
    // Before the first part nothing is read: each query is to be read up to its own end.
    const states: QueryState[] = queries.map((query) => {
      const end = Date.parse(query.body.to);
      return { kind: 'more', end, upTo: end };
    });
    const bodyAt = (query: PlannedQuery<Body>, end: number): Body => (end === Date.parse(query.body.to) ? query.body : { ...query.body, to: new Date(end).toISOString() });
    return {
      states,
      fromMs,
      async read(): Promise<PartRead> {
        const asked: Array<{ query: PlannedQuery<Body>; body: Body }> = [];
        const found = new Map<number, SystemEvent>();
        let unreadable = 0;
        // A part that fails leaves every query where it was: nothing read is skipped by a retry.
        const after = [...states];
        for (const [index, query] of queries.entries()) {
          const before = states[index];
          if (before?.kind !== 'more') continue;
          const end = before.end;
          const body = bodyAt(query, end);
          asked.push({ query, body });
          const answer = await send(body);
          const bad = answer.unreadable ?? [];
          unreadable += bad.length;
          for (const item of bad) log.warn(SCOPE, `a search answer held ${item.recordId === null ? 'an element' : `event #${item.recordId}`} that could not be read (${item.detail}): counted, not shown`);
          // An answer at the service's limit is cut whether or not all its elements could be read.
          const cut = limit.judge(answer.length + bad.length);
          const state = afterAnswer(answer, cut, end, Date.parse(body.from));
          after[index] = state;
          if (cut) {
            log.info(SCOPE, `a search answer held ${answer.length} events, the service's limit as seen (${limit.value}): ${state.kind === 'more' ? `older events can be read up to ${new Date(state.end).toISOString()}` : 'it reaches no further back'}`);
            if (!idsFollowTime(answer)) log.warn(SCOPE, "a cut search answer's ids do not rise with its times: the next part's end is an estimate");
          }
          for (const event of answer) if (query.keep(event) && !found.has(event.record_ID)) found.set(event.record_ID, event);
        }
        let flag: (event: SystemEvent) => boolean | null = () => null;
        if (isAlarm !== undefined) {
          flag = () => isAlarm;
        } else if (found.size > 0) {
          try {
            const answers: Array<{ events: SystemEvent[]; cut: boolean }> = [];
            for (const { body } of asked) {
              const events = await send({ ...body, isAlarm: true });
              answers.push({ events, cut: limit.judge(events.length) });
            }
            flag = flagsFromAlarmAnswers(answers);
          } catch (thrown) {
            log.warn(SCOPE, `the service's alarm flag could not be learnt for a search: ${String(thrown)}`);
          }
        }
        states.splice(0, states.length, ...after);
        return { found: [...found.values()], flag, unreadable };
      },
    };
  }

  /** The first part of a search: a new result. */
  private async first(search: string, reader: PartReader): Promise<EventSearchResult> {
    const kept: KeptResult = { request: search, events: [], ids: new Set(), parts: 0, cut: undefined, unreadable: 0, reader, queue: Promise.resolve() };
    const answer = await this.readPart(kept);
    const resultId = randomUUID();
    this.results.set(resultId, kept);
    while (this.results.size > this.keepResults) {
      const oldest = this.results.keys().next().value;
      if (oldest === undefined) break;
      this.results.delete(oldest);
    }
    return { resultId, ...answer };
  }

  /** "Read the next part" of a kept result: only the events it adds; nothing when it cannot be read further. */
  private async nextPart(resultId: string, request: string): Promise<EventSearchResult> {
    const kept = this.touch(resultId);
    if (!kept) throw KioskFailure.keyed('not_found', 'searchResultGone', {}, { detail: `unknown resultId ${resultId} (next part)` });
    if (kept.request !== request) {
      throw KioskFailure.keyed('invalid_request', 'invalidRequest', {}, { detail: `the next part of ${resultId} was asked with another search` });
    }
    const read = async (): Promise<EventSearchResult> => {
      const answer = kept.cut?.canReadNext ? await this.readPart(kept) : this.answerOf(kept, []);
      return { resultId, ...answer };
    };
    const turn = kept.queue.then(read, read);
    kept.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Reads one part into the kept result: classifies the new events, keeps what fits, says whether it is cut. */
  private async readPart(kept: KeptResult): Promise<Omit<EventSearchResult, 'resultId'>> {
    const { found, flag, unreadable } = await kept.reader.read();
    kept.unreadable += unreadable;
    const fresh: HistoryEvent[] = [];
    for (const event of found) {
      if (kept.ids.has(event.record_ID)) continue;
      fresh.push({ ...this.options.classify(event), serviceAlarm: flag(event) });
    }
    const { kept: added, droppedUpTo } = keepWithin(kept.events.length, fresh, this.maxResultEvents, kept.reader.fromMs);
    added.sort((a, b) => b.record_ID - a.record_ID);
    for (const event of added) kept.ids.add(event.record_ID);
    kept.events = kept.parts === 0 ? added : [...kept.events, ...added].sort((a, b) => b.record_ID - a.record_ID);
    kept.parts += 1;
    kept.cut = resultCut(kept.reader.states, this.limit.value, kept.events.length, droppedUpTo, this.maxResultEvents);
    if (droppedUpTo !== null) this.options.log.warn(SCOPE, `a search result reached the ${this.maxResultEvents} events the kiosk keeps: ${fresh.length - added.length} were left out`);
    return this.answerOf(kept, added);
  }

  private answerOf(kept: KeptResult, events: HistoryEvent[]): Omit<EventSearchResult, 'resultId'> {
    return { events, part: kept.parts, total: kept.events.length, ...(kept.cut ? { cut: { ...kept.cut } } : {}), ...(kept.unreadable > 0 ? { unreadable: kept.unreadable } : {}) };
  }

  private touch(resultId: string): KeptResult | undefined {
    const kept = this.results.get(resultId);
    if (kept) {
      // Mark as recently used.
      this.results.delete(resultId);
      this.results.set(resultId, kept);
    }
    return kept;
  }

  /** A kept result, highest record_ID first, every part read; undefined once it has been dropped. */
  result(resultId: string): readonly HistoryEvent[] | undefined {
    return this.touch(resultId)?.events;
  }

  /** Whether a kept result may lack older events of its search (and why); undefined when it is complete or gone. */
  resultCut(resultId: string): SearchCut | undefined {
    const cut = this.results.get(resultId)?.cut;
    return cut ? { ...cut } : undefined;
  }

  async exportCsv(request: ExportRequest): Promise<ExportResult> {
    const kept = this.touch(request.resultId);
    if (!kept) {
      throw KioskFailure.keyed('not_found', 'searchResultGone', {}, { detail: `unknown resultId ${request.resultId}` });
    }
    // What was read when the guard asked: a part read meanwhile is not in this file.
    const events = kept.events;
    const cut = kept.cut ? { ...kept.cut } : undefined;
    const file = await this.options.pickSaveFile(suggestedFileName(this.now()), SAVE_ASKS.searchResults);
    if (file === null) return { saved: false, path: null, rows: 0 };

    const rows = request.sort ? sortEvents(events, request.sort.column, request.sort.direction) : events;
    const extras = extraFields(rows);
    const words = (this.options.words ?? englishWords)();
    const activity = this.options.activity;
    const header = csvHeader(extras, words, activity !== undefined);
    const note = cut ? [cutNote(cut, words)] : [];
    const taskId = request.taskId ?? `export-${randomUUID()}`;
    const label = `Exporting ${rows.length.toLocaleString('en-US')} events to CSV`;
    const progress = (done: number, finished: boolean): void =>
      this.options.push.emit('taskProgress', { taskId, label, done, total: rows.length, finished });

    progress(0, false);
    let written: number;
    try {
      written = await writeCsvFile(file, header, csvRows(rows, extras, priorityWords(words), activity ? (event) => activityText(activity(event), words) : null), {
        sliceRows: this.progressEvery,
        onProgress: (done) => progress(done, false),
        before: note,
      });
    } catch (thrown) {
      progress(0, true);
      this.options.log.error(SCOPE, `export to ${file} failed: ${String(thrown)}`);
      throw KioskFailure.keyed('internal', 'exportNotSaved', {}, { detail: String(thrown) });
    }
    progress(written, true);
    this.options.log.info(SCOPE, `exported ${written} events to ${file}${cut ? `, only those read (${cut.by === 'kiosk' ? 'the kiosk keeps no more' : "cut at the service's limit"}, events up to ${cut.upTo} may be missing)` : ''}`);
    return { saved: true, path: file, rows: written };
  }
}

// ───────────── mapping the guard's request onto the service's bodies ─────────────

const sameName = (a: unknown, b: string): boolean => String(a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** Names the guard chose (trimmed, each once), or undefined for none. */
function chosenNames(names: readonly string[] | undefined): string[] | undefined {
  const unique = [...new Map((names ?? []).map((n) => [n.trim().toLowerCase(), n.trim()])).values()].filter((n) => n !== '');
  return unique.length > 0 ? unique : undefined;
}

/**
 * The device part of a search: numbered devices in one query, each named one in its own (a name
 * cannot be sent as an id); the category names are a filter on what comes back.
 */
interface DeviceAlternative {
  ids?: number[];
  name?: string;
}

function deviceAlternatives(ids: number[] | undefined, names: string[] | undefined): DeviceAlternative[] {
  if (!names) return [ids ? { ids } : {}];
  return [...(ids ? [{ ids }] : []), ...names.map((name) => ({ name }))];
}

function keeper(device: string | undefined, categories: string[] | undefined): (event: SystemEvent) => boolean {
  return (event) =>
    (device === undefined || sameName(event.device_Name, device)) && (categories === undefined || categories.some((c) => sameName(event.event_Category_Name, c)));
}

/** The queries of a /search: text narrows at the service; a name without an id is searched as text. */
export function planSearch(request: EventSearchRequest, defaultTenants: readonly number[]): PlannedQuery<EventSearch>[] {
  const base = toServiceSearch({ ...request, deviceIds: undefined, searchstring: undefined }, defaultTenants);
  const text = request.searchstring?.trim() || undefined;
  const categories = chosenNames(request.categoryNames);
  const queries: PlannedQuery<EventSearch>[] = [];
  for (const alternative of deviceAlternatives(chosen(request.deviceIds), chosenNames(request.deviceNames))) {
    const body: EventSearch = { ...base, ...(alternative.ids ? { DeviceIds: alternative.ids } : {}) };
    const keep = keeper(alternative.name, categories);
    const texts = text ? [text] : alternative.name ? [alternative.name] : (categories ?? [undefined]);
    for (const searchstring of texts) queries.push({ body: searchstring ? { ...body, searchstring } : body, keep });
  }
  return queries;
}

/** The queries of a /searchbycodes, which has no text search: names are a filter on what comes back. */
export function planCodeSearch(request: EventCodeSearchRequest, defaultTenants: readonly number[]): PlannedQuery<EventCodeSearch>[] {
  const base = toServiceCodeSearch({ ...request, deviceIds: undefined }, defaultTenants);
  const categories = chosenNames(request.categoryNames);
  return deviceAlternatives(chosen(request.deviceIds), chosenNames(request.deviceNames)).map((alternative) => ({
    body: { ...base, ...(alternative.ids ? { deviceIds: alternative.ids } : {}) },
    keep: keeper(alternative.name, categories),
  }));
}

/** The search body: only the fields the guard chose; the service's capitalised device fields. */
export function toServiceSearch(request: EventSearchRequest, defaultTenants: readonly number[]): EventSearch {
  const search: EventSearch = { from: toUtc(request.from), to: toUtc(request.to) };
  const tenants = chosen(request.tenants) ?? chosen(defaultTenants);
  if (tenants) search.tenants = tenants;
  const text = request.searchstring?.trim();
  if (text) search.searchstring = text;
  const devices = chosen(request.deviceIds);
  if (devices) search.DeviceIds = devices;
  if (request.deviceType !== undefined) search.DeviceType = request.deviceType;
  if (request.isAlarm !== undefined) search.isAlarm = request.isAlarm;
  return search;
}

/** The searchbycodes body: the required fields plus only the optional ones the guard chose. */
export function toServiceCodeSearch(request: EventCodeSearchRequest, defaultTenants: readonly number[]): EventCodeSearch {
  const search: EventCodeSearch = {
    from: toUtc(request.from),
    to: toUtc(request.to),
    tenants: chosen(request.tenants) ?? [...defaultTenants],
  };
  if (request.deviceType !== undefined) search.deviceType = request.deviceType;
  const devices = chosen(request.deviceIds);
  if (devices) search.deviceIds = devices;
  if (request.isAlarm !== undefined) search.isAlarm = request.isAlarm;
  const lists = ['eventCategoryIDs', 'eventTypeIDs', 'subcodeCategoryIDs', 'subcodeIDs'] as const;
  for (const key of lists) {
    const ids = chosen(request[key]);
    if (ids) search[key] = ids;
  }
  return search;
}

/** A list the guard actually filled in (an empty list means "no filter"), duplicates removed. */
function chosen(ids: readonly number[] | undefined): number[] | undefined {
  return ids && ids.length > 0 ? [...new Set(ids)] : undefined;
}

/** The spec's bodies take ISO 8601 UTC timestamps; the contract accepts any offset. */
function toUtc(timestamp: string): string {
  return new Date(timestamp).toISOString();
}

// ───────────── export helpers ─────────────

function sortEvents(events: readonly HistoryEvent[], column: SortColumn, direction: 'asc' | 'desc'): HistoryEvent[] {
  const sign = direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const compare = (a: HistoryEvent, b: HistoryEvent): number => {
    switch (column) {
      case 'record_ID':
        return a.record_ID - b.record_ID;
      case 'created':
        return timeOf(a.created) - timeOf(b.created) || collator.compare(String(a.created), String(b.created));
      default:
        return collator.compare(String(a[column] ?? ''), String(b[column] ?? ''));
    }
  };
  return [...events].sort((a, b) => sign * compare(a, b) || a.record_ID - b.record_ID);
}

function timeOf(value: unknown): number {
  const time = Date.parse(String(value));
  return Number.isNaN(time) ? 0 : time;
}

/** Fields the service sent beyond the spec's, in first-seen order. */
function extraFields(events: readonly FeedEvent[]): string[] {
  const known = new Set<string>([...SYSTEM_EVENT_FIELDS, 'alarm', 'serviceAlarm']);
  const extras = new Set<string>();
  for (const event of events) for (const key of Object.keys(event)) if (!known.has(key)) extras.add(key);
  return [...extras];
}

const CREATED_AT = SYSTEM_EVENT_FIELDS.indexOf('created') + 1;

/**
 * The header: each known column under its heading in the language shown (in English, its name);
 * fields beyond the spec's under their own names, which only the service knows.
 */
function csvHeader(extras: readonly string[], words: Words, withActivity: boolean): string[] {
  const heading = (column: HistoryCsvColumn): string => words.t(`documents.historyCsv.${column}`);
  const fields = SYSTEM_EVENT_FIELDS.map(heading);
  return [...fields.slice(0, CREATED_AT), ...TIME_COLUMNS.map(heading), ...fields.slice(CREATED_AT), ...extras, ...ALARM_COLUMNS.map(heading), ...(withActivity ? DESK_COLUMNS.map(heading) : [])];
}

/** An alarm's activity in one cell, oldest first: "2026-11-28 02:14:05 +01:00 Ada at Desk 1: claimed; … acknowledged — "Patrol sent"". */
function activityText(entries: readonly DeskActivity[], words: Words): string {
  const who = (person: { operator: string | null; desk: string }): string => `${person.operator ?? '—'} @ ${person.desk}`;
  return entries
    .map((entry) => {
      const what =
        entry.outcome === 'done' ? words.t(`documents.deskActivity.${entry.kind}`) : entry.outcome === 'waiting' ? `${words.t(`documents.deskActivity.${entry.kind}`)} (${words.t('documents.deskActivity.waiting')})` : `${words.t(`documents.deskActivity.${entry.kind}`)} (${words.t(`documents.deskActivity.${entry.outcome}`, { who: entry.by ? who(entry.by) : '—' })})`;
      return `${csvTimes(entry.at)[0]} ${who(entry)}: ${what}${entry.note ? ` — "${entry.note}"` : ''}`;
    })
    .join('; ');
}

/** The first line of a cut result's CSV: "# " and the line of its reason, the time as the local time column writes it. */
export function cutNote(cut: SearchCut, words: Words): string[] {
  return [`# ${words.t(`history.csvCut.${cut.by}`, { limit: String(cut.limit), upTo: csvTimes(cut.upTo)[0] })}`];
}

/** The alarm priorities as the CSV writes them, worded once per export. */
const priorityWords = (words: Words): Readonly<Record<AlarmPriority, string>> =>
  Object.fromEntries(ALARM_PRIORITIES.map((priority) => [priority, words.t(`documents.priorities.${priority}`)])) as Record<AlarmPriority, string>;

function* csvRows(events: readonly HistoryEvent[], extras: readonly string[], priorities: Readonly<Record<AlarmPriority, string>>, activity: ((event: FeedEvent) => string) | null): Generator<unknown[]> {
  for (const event of events) {
    const row: unknown[] = SYSTEM_EVENT_FIELDS.map((field) => event[field]);
    row.splice(CREATED_AT, 0, ...csvTimes(event.created));
    for (const field of extras) row.push(event[field]);
    const priority = event.alarm?.priority;
    row.push(priority ? priorities[priority] : '', event.alarm?.rule ?? '', event.serviceAlarm === null ? '' : String(event.serviceAlarm));
    if (activity) row.push(event.alarm ? activity(event) : '');
    yield row;
  }
}

/** Local date and time to the second: two exports in the same minute get two names (the save folder adds a number if needed). */
function suggestedFileName(at: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `system-events-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}_${pad(at.getHours())}-${pad(at.getMinutes())}-${pad(at.getSeconds())}.csv`;
}
