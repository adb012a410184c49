/**
 * The events capability of the guard station, wired for the IPC gateway: the operation handlers
 * (feed snapshot, event detail, history search and export, acknowledging alarms one by one or a
 * whole group, the operator log, the unacknowledged alarms' counts and pages) and the factory that
 * builds, for the service the kiosk reads, the live feed (with its keeper in the kiosk's database:
 * feed/feed-record.ts), the alarm store (alarms/alarm-store.ts), the alarm tone's announcer and the
 * escalation tick, and the history, from plain settings.
 * Besides assembling its folders it holds one piece of policy of its own: an acknowledgement
 * refused without the note a rule requires. kiosk-core.ts composes it with the other capabilities.
 */
import { screenText, type AcknowledgeResult, type DeskActivity, type FeedEvent, type FeedSnapshot, type ScreenText } from '../contract/ipc';
import { KioskFailure } from './ipc/failure';
import type { OperationHandlers } from './ipc/gateway';
import type { PushBus } from './ipc/push-bus';
import type { Logger } from './log/logger';
import type { AccessService } from './service/access-service';
import { AlarmStore, type AlarmStoreOptions } from './alarms/alarm-store';
import { AlarmAnnouncer } from './alarms/alarm-announcer';
import { importLegacyAlarmFiles } from './alarms/legacy-alarm-files';
import { createAlarmClassifier, type AlarmRule } from './alarms/alarm-rules';
import type { AlarmPriority } from '../contract/ipc';
import { EventHistory } from './history/event-history';
import type { Words } from './language/words';
import type { PickSaveFile } from './ports/save-file';
import { EventFeed, type FeedConfig, type FeedTimers } from './feed/feed-engine';
import { DatabaseFeedKeeper } from './feed/feed-record';
import type { ServiceConnection } from './connection/service-connection';
import { realTimers } from './connection/service-connection';
import type { KioskDatabase } from './storage/kiosk-database';
import { serviceRecordId } from './connection/service-identity';

export type EventHandlers = Pick<
  OperationHandlers,
  | 'getFeedSnapshot'
  | 'getEvent'
  | 'searchEvents'
  | 'searchEventsByCodes'
  | 'exportSearchCsv'
  | 'acknowledgeAlarms'
  | 'acknowledgeAlarmGroup'
  | 'listAcknowledgements'
  | 'listAcknowledgementPage'
  | 'getOpenAlarms'
  | 'listOpenAlarms'
>;

/** Most entries `listAcknowledgements` returns (newest first); the operator log pages through all. */
export const ACKNOWLEDGEMENTS_LISTED = 1_000;
/** The escalation tick: alarms that waited one more period are shown higher and sound again. */
export const ESCALATION_TICK_MS = 15_000;

export interface EventHandlerDeps {
  feed: Pick<EventFeed, 'snapshot' | 'classify'>;
  service: Pick<AccessService, 'getEvent'>;
  history: Pick<EventHistory, 'search' | 'searchByCodes' | 'exportCsv'>;
  alarms: Pick<AlarmStore, 'marked' | 'describe' | 'acknowledge' | 'groupIds' | 'summary' | 'page' | 'states' | 'acknowledgementPage'>;
  /** The rules' ids whose alarms need a note to be acknowledged. */
  noteRequiredBy?: ReadonlySet<string>;
}

export function createEventHandlers({ feed, service, history, alarms, noteRequiredBy }: EventHandlerDeps): EventHandlers {
  /** Refuses an acknowledgement without a note when one of the alarms' rules requires one. */
  const checkNote = (alarmIds: readonly number[], note: string): void => {
    if (note.trim() !== '' || !noteRequiredBy || noteRequiredBy.size === 0) return;
    for (const alarm of alarms.describe(alarmIds).values()) {
      const event = alarm.event;
      if (alarm.state === 'acknowledged' || !event.alarm || !noteRequiredBy.has(event.alarm.rule)) continue;
      const text = String(event.custom_Text || event.alarm.rule);
      const device = event.device_Name ? String(event.device_Name) : '';
      throw KioskFailure.keyed('invalid_request', device ? 'noteRequired' : 'noteRequiredNoDevice', device ? { alarm: text, device } : { alarm: text }, {
        field: 'note',
        detail: `rule ${event.alarm.rule} requires a note (alarm ${alarm.id}, event #${event.record_ID})`,
      });
    }
  };

  return {
    /** The ring's events, their alarms marked with their state now (acknowledged since they arrived, here or elsewhere). */
    getFeedSnapshot: (): FeedSnapshot => {
      const snapshot = feed.snapshot();
      const ids = snapshot.events.flatMap((event) => (event.alarm?.id !== undefined ? [event.alarm.id] : []));
      if (ids.length === 0) return snapshot;
      const states = alarms.states(ids);
      return { ...snapshot, events: snapshot.events.map((event) => (event.alarm?.id !== undefined && states.has(event.alarm.id) ? { ...event, alarm: { ...event.alarm, state: states.get(event.alarm.id)! } } : event)) };
    },
    // The alarm keeps its number and state: the detail panel's actions (acknowledge, claim) refer to it.
    getEvent: async ({ id }) => alarms.marked(feed.classify(await service.getEvent(id))),
    searchEvents: (request) => history.search(request),
    searchEventsByCodes: (request) => history.searchByCodes(request),
    exportSearchCsv: (request) => history.exportCsv(request),
    acknowledgeAlarms: ({ alarmIds, note }): AcknowledgeResult => {
      checkNote(alarmIds, note);
      return alarms.acknowledge(alarmIds, note);
    },
    acknowledgeAlarmGroup: ({ group, asOf, expected, filter, note }): AcknowledgeResult => {
      const ids = alarms.groupIds(group, asOf, filter);
      if (ids.length > expected) {
        throw KioskFailure.keyed('rejected', 'groupChanged', { expected, found: ids.length }, { detail: `${group} as of alarm ${asOf.highestId} (set aside ${asOf.lastSetAside})${filter ? ' with a filter' : ''}: ${ids.length} now, ${expected} shown` });
      }
      checkNote(ids, note);
      const result = alarms.acknowledge(ids, note);
      // Those the guard saw that are no longer in the group were acknowledged meanwhile (another screen).
      return { ...result, alreadyAcknowledged: result.alreadyAcknowledged + (expected - ids.length) };
    },
    listAcknowledgements: () => alarms.acknowledgementPage(0, ACKNOWLEDGEMENTS_LISTED).items,
    listAcknowledgementPage: ({ offset, limit }) => alarms.acknowledgementPage(offset, limit),
    getOpenAlarms: () => alarms.summary(),
    listOpenAlarms: ({ group, order, offset, limit, filter }) => alarms.page(group, order, offset, limit, filter),
  };
}

export interface EventsCapabilityOptions {
  service: AccessService;
  push: PushBus;
  log: Logger;
  /** The kiosk's database: the alarms, the operator log and the feed's position live there. */
  database: KioskDatabase;
  /** Which service this is (connection/service-identity.ts): records are kept per service. */
  serviceIdentity: string;
  /** Where an earlier version's files are (moved into the database at the first start). */
  dataDir: string;
  /** The data key that seals texts and notes in the database, or null. */
  dataKey?: Buffer | null;
  feedConfig: Pick<FeedConfig, 'pollIntervalMs' | 'initialEvents' | 'chunkSize' | 'bufferSize' | 'maxBackoffMs'> & Partial<FeedConfig>;
  alarmRules: readonly AlarmRule[];
  alarms?: {
    /** Most alarms listed as waiting (alarms.maxOpen). */
    bound?: number;
    shiftHours?: number;
    escalateAfterMinutes?: number;
    soundFor?: readonly AlarmPriority[];
    soundIntervalSeconds?: number;
  };
  defaultTenants: readonly number[];
  pickSaveFile: PickSaveFile;
  /** The words of the History CSV: the language the page shows (English when absent). */
  words?: () => Words;
  /** Who is on shift (the operators capability): main stamps it on each acknowledgement. */
  operatorName?: () => string | null;
  /** The kiosk's records could not be read at start (the screen says so). */
  loadProblem?: ScreenText | null;
  /** The shared alarm desk's hooks on the alarm store (site-desk/desk-capability.ts); absent when the kiosk works alone. */
  sharedDesk?: Pick<AlarmStoreOptions, 'desk' | 'settledElsewhere' | 'onAcknowledged'>;
  /** The shared alarm desk's activity of an alarm (by this kiosk's number), for History's export; absent when the kiosk works alone. */
  deskActivity?: (alarmId: number) => readonly DeskActivity[];
  /** Tests only: replace the real timers and clock. */
  timers?: FeedTimers;
  now?: () => number;
}

export interface EventsCapability {
  handlers: EventHandlers;
  feed: EventFeed;
  /** The kiosk's one account of whether the service answers (the feed reports its polls there). */
  connection: ServiceConnection;
  history: EventHistory;
  alarms: AlarmStore;
  keeper: DatabaseFeedKeeper;
  serviceId: number;
  /** Moves an earlier version's files in, then starts the live feed and the escalation tick. */
  start(): Promise<void>;
  /** Stops the feed (aborting its request in flight) and the tick; what was read is kept. */
  stop(): Promise<void>;
}

export function createEventsCapability(options: EventsCapabilityOptions): EventsCapability {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers;
  const classifier = createAlarmClassifier(options.alarmRules);
  const serviceId = serviceRecordId(options.database, options.serviceIdentity, now());
  const key = options.dataKey ?? null;
  const alarms = new AlarmStore({
    database: options.database,
    serviceId,
    key,
    bound: options.alarms?.bound ?? 100_000,
    shiftHours: options.alarms?.shiftHours ?? 12,
    escalateAfterMinutes: options.alarms?.escalateAfterMinutes ?? 0,
    log: options.log,
    ...(options.operatorName ? { operator: options.operatorName } : {}),
    onChange: (change) => options.push.emit('openAlarms', change),
    now,
    timers,
    pushDelayMs: 250,
    loadProblem: options.loadProblem ?? null,
    ...options.sharedDesk,
  });
  const announcer = new AlarmAnnouncer({
    push: options.push,
    intervalMs: (options.alarms?.soundIntervalSeconds ?? 30) * 1000,
    rules: options.alarmRules,
    soundFor: options.alarms?.soundFor ?? ['critical', 'high'],
    timers,
    now,
  });
  const keeper = new DatabaseFeedKeeper(options.database, serviceId, key, alarms, now);
  const feed = new EventFeed({
    service: options.service,
    push: options.push,
    log: options.log,
    classifier,
    config: options.feedConfig,
    keeper,
    timers,
    now,
    onRecorded: (events, via) => {
      if (via === 'live') announcer.arrived(events);
    },
    onCaughtUp: (gap) => {
      const found = keeper.gapAlarms(gap);
      const top = (['critical', 'high', 'medium', 'low'] as const).find((p) => found[p] > 0 && announcer.sounds({ rule: '', priority: p }));
      if (top) announcer.caughtUp(top, found.total);
    },
  });
  const history = new EventHistory({
    service: options.service,
    classify: (event) => feed.classify(event),
    push: options.push,
    log: options.log,
    defaultTenants: options.defaultTenants,
    pickSaveFile: options.pickSaveFile,
    ...(options.words ? { words: options.words } : {}),
    ...(options.deskActivity
      ? {
          activity: (event: FeedEvent) => {
            const id = alarms.marked(event).alarm?.id;
            return id === undefined ? [] : options.deskActivity!(id);
          },
        }
      : {}),
  });
  const noteRequiredBy = new Set(options.alarmRules.filter((rule) => rule.requireNote).map((rule) => rule.id));
  const handlers = createEventHandlers({ feed, service: options.service, history, alarms, noteRequiredBy });
  let escalation: unknown = null;
  const tick = (): void => {
    try {
      const raised = alarms.escalate();
      if (raised) announcer.escalated(raised);
    } catch (thrown) {
      options.log.error('alarms', `the escalation tick failed: ${String(thrown)}`);
    }
    escalation = timers.setTimeout(tick, ESCALATION_TICK_MS);
  };
  return {
    handlers,
    feed,
    connection: feed.connection,
    history,
    alarms,
    keeper,
    serviceId,
    async start() {
      const moved = await importLegacyAlarmFiles({ dataDir: options.dataDir, key, database: options.database, store: alarms, numbering: keeper.position()?.numbering ?? 0, log: options.log });
      if (moved.problems.length > 0) options.log.warn('alarms', `${moved.problems.length} file(s) of an earlier version were left where they are`);
      tick();
      feed.start();
    },
    async stop() {
      if (escalation !== null) timers.clearTimeout(escalation);
      escalation = null;
      announcer.stop();
      await feed.stop();
      keeper.flush();
      alarms.flush();
    },
  };
}

/** The screen words for a damaged database moved aside (kiosk-core passes it to the capability). */
export function recordsMovedAside(file: string, reason: string): ScreenText {
  return screenText('alarms.fromMain.recordsMovedAside', { file, reason });
}

