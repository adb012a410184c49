/**
 * The events capability of the guard station, wired for the IPC gateway: the operation handlers
 * (feed snapshot, event detail, history search and export, alarm acknowledgements, the
 * unacknowledged alarms) and the factory that builds the feed, the history, the acknowledgement
 * store and the store of unacknowledged alarms (fed with what the feed delivers) from plain settings.
 * Besides assembling the three capability folders (feed/feed-engine, history/event-history,
 * alarms/alarm-rules and alarms/acknowledgements) it holds one piece of policy of its own: how an
 * acknowledgement describes its alarms (from the feed's buffer, else a few from the service) and
 * refuses one without the note a rule requires. kiosk-core.ts composes it with the other
 * capabilities behind one gateway.
 */
import type { Acknowledgement, FeedEvent, PushEvents } from '../contract/ipc';
import { KioskFailure } from './ipc/failure';
import { OpenAlarmStore } from './alarms/open-alarms';
import type { OperationHandlers } from './ipc/gateway';
import type { PushBus } from './ipc/push-bus';
import type { Logger } from './log/logger';
import type { AccessService } from './service/access-service';
import { AcknowledgementStore } from './alarms/acknowledgements';
import { createAlarmClassifier, type AlarmRule } from './alarms/alarm-rules';
import { EventHistory } from './history/event-history';
import type { PickSaveFile } from './ports/save-file';
import { EventFeed, type FeedConfig, type FeedTimers } from './feed/feed-engine';
import type { ServiceConnection } from './connection/service-connection';

export type EventHandlers = Pick<
  OperationHandlers,
  'getFeedSnapshot' | 'getEvent' | 'searchEvents' | 'searchEventsByCodes' | 'exportSearchCsv' | 'acknowledgeAlarms' | 'listAcknowledgements' | 'listAcknowledgementPage' | 'getOpenAlarms'
>;

export interface EventHandlerDeps {
  feed: Pick<EventFeed, 'snapshot' | 'findEvent' | 'classify'>;
  service: Pick<AccessService, 'getEvent'>;
  history: Pick<EventHistory, 'search' | 'searchByCodes' | 'exportCsv'>;
  acknowledgements: Pick<AcknowledgementStore, 'addAll' | 'list' | 'page'>;
  /** The unacknowledged alarms (acknowledged ones leave it); absent in older tests. */
  openAlarms?: Pick<OpenAlarmStore, 'get' | 'remove' | 'snapshot'>;
  /** The rules' ids whose alarms need a note to be acknowledged. */
  noteRequiredBy?: ReadonlySet<string>;
}

/** Events of a bulk acknowledgement that main no longer holds and asks the service about, at most. */
export const MAX_DESCRIBED_FROM_SERVICE = 20;

export function createEventHandlers({ feed, service, history, acknowledgements, openAlarms, noteRequiredBy }: EventHandlerDeps): EventHandlers {
  /** The event as the guard saw it: from main's buffer, else from the service (a few), else unknown. */
  const describeAll = async (ids: readonly number[]): Promise<Map<number, FeedEvent | null>> => {
    const described = new Map<number, FeedEvent | null>();
    let asked = 0;
    for (const id of ids) {
      const held = feed.findEvent(id) ?? openAlarms?.get(id)?.event;
      if (held || asked >= MAX_DESCRIBED_FROM_SERVICE) {
        described.set(id, held ?? null);
        continue;
      }
      asked += 1;
      try {
        described.set(id, feed.classify(await service.getEvent(id)));
      } catch {
        described.set(id, null);
      }
    }
    return described;
  };

  return {
    getFeedSnapshot: () => feed.snapshot(),
    getEvent: async ({ id }) => feed.classify(await service.getEvent(id)),
    searchEvents: (request) => history.search(request),
    searchEventsByCodes: (request) => history.searchByCodes(request),
    exportSearchCsv: (request) => history.exportCsv(request),
    acknowledgeAlarms: async ({ recordIds, note }): Promise<Acknowledgement[]> => {
      const ids = [...new Set(recordIds)].sort((a, b) => a - b);
      const events = await describeAll(ids);
      if (note.trim() === '' && noteRequiredBy && noteRequiredBy.size > 0) {
        const needing = ids.map((id) => events.get(id)).find((event) => event?.alarm && noteRequiredBy.has(event.alarm.rule));
        if (needing) {
          const alarm = String(needing.custom_Text || needing.alarm?.rule);
          const device = needing.device_Name ? String(needing.device_Name) : '';
          throw KioskFailure.keyed('invalid_request', device ? 'noteRequired' : 'noteRequiredNoDevice', device ? { alarm, device } : { alarm }, {
            field: 'note',
            detail: `rule ${needing.alarm?.rule} requires a note (event #${needing.record_ID})`,
          });
        }
      }
      const written = await acknowledgements.addAll(
        ids.map((id) => {
          const event = events.get(id);
          return {
            alarmKey: `event:${id}`,
            recordIds: [id],
            note,
            device: String(event?.device_Name ?? ''),
            text: String(event?.custom_Text ?? ''),
            eventCreated: event ? String(event.created) : null,
            priority: event?.alarm?.priority ?? null,
          };
        }),
      );
      openAlarms?.remove(ids);
      return written;
    },
    listAcknowledgements: () => acknowledgements.list(),
    listAcknowledgementPage: ({ offset, limit }) => acknowledgements.page(offset, limit),
    getOpenAlarms: () => {
      if (!openAlarms) throw KioskFailure.of('internal', 'The list of unacknowledged alarms is not available.');
      return openAlarms.snapshot();
    },
  };
}

export interface EventsCapabilityOptions {
  service: AccessService;
  push: PushBus;
  log: Logger;
  /** Where the acknowledgement log lives. */
  dataDir: string;
  /** The data key that seals the acknowledgement log (notes can name people) and the saved unacknowledged alarms, or null. */
  dataKey?: Buffer | null;
  feedConfig: Pick<FeedConfig, 'pollIntervalMs' | 'initialEvents' | 'chunkSize' | 'bufferSize' | 'maxBackoffMs'> & Partial<FeedConfig>;
  alarmRules: readonly AlarmRule[];
  /** The unacknowledged alarms' bound and the shift's length (config alarms.maxOpen, alarms.shiftHours). */
  openAlarms?: { bound: number; shiftHours: number };
  defaultTenants: readonly number[];
  pickSaveFile: PickSaveFile;
  /** Who is on shift (the operators capability): main stamps it on each acknowledgement. */
  operatorName?: () => string | null;
  /** Tests only: replace the real timers and clock of the feed. */
  timers?: FeedTimers;
  now?: () => number;
}

export interface EventsCapability {
  handlers: EventHandlers;
  feed: EventFeed;
  /** The kiosk's one account of whether the service answers (the feed reports its polls there). */
  connection: ServiceConnection;
  history: EventHistory;
  acknowledgements: AcknowledgementStore;
  openAlarms: OpenAlarmStore;
  /** Reads the acknowledgement log and the saved unacknowledged alarms, then starts the live feed. */
  start(): Promise<void>;
  /** Stops the feed (aborting its request in flight) and waits for pending writes. */
  stop(): Promise<void>;
}

export function createEventsCapability(options: EventsCapabilityOptions): EventsCapability {
  const classifier = createAlarmClassifier(options.alarmRules);
  const acknowledgements = new AcknowledgementStore({
    dataDir: options.dataDir,
    log: options.log,
    dataKey: options.dataKey ?? null,
    ...(options.operatorName ? { operator: options.operatorName } : {}),
  });
  const openAlarms = new OpenAlarmStore({
    dataDir: options.dataDir,
    log: options.log,
    key: options.dataKey ?? null,
    bound: options.openAlarms?.bound ?? 5_000,
    shiftHours: options.openAlarms?.shiftHours ?? 12,
    isAcknowledged: (id) => acknowledgements.isAcknowledged(id),
    onChange: (change) => options.push.emit('openAlarms', change),
  });
  // Every event the feed delivers passes here first: the alarms among them are kept apart from its ring.
  const feedPush = {
    emit<P extends keyof PushEvents>(name: P, payload: PushEvents[P]): void {
      if (name === 'feedEvents') openAlarms.observe((payload as PushEvents['feedEvents']).events);
      options.push.emit(name, payload);
    },
  };
  const feed = new EventFeed({
    service: options.service,
    push: feedPush,
    log: options.log,
    classifier,
    config: options.feedConfig,
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const history = new EventHistory({
    service: options.service,
    classify: (event) => feed.classify(event),
    push: options.push,
    log: options.log,
    defaultTenants: options.defaultTenants,
    pickSaveFile: options.pickSaveFile,
  });
  const noteRequiredBy = new Set(options.alarmRules.filter((rule) => rule.requireNote).map((rule) => rule.id));
  const handlers = createEventHandlers({ feed, service: options.service, history, acknowledgements, openAlarms, noteRequiredBy });
  return {
    handlers,
    feed,
    connection: feed.connection,
    history,
    acknowledgements,
    openAlarms,
    async start() {
      try {
        await acknowledgements.load();
      } catch {
        // Logged by the store; the feed runs anyway and the next acknowledgement call retries the read.
      }
      await openAlarms.load();
      feed.start();
    },
    async stop() {
      await feed.stop();
      await acknowledgements.flush();
      await openAlarms.flush();
    },
  };
}
