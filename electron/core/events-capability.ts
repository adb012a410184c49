/**
 * The events capability of the guard station, wired for the IPC gateway: the operation handlers
 * (feed snapshot, event detail, history search and export, alarm acknowledgements) and the
 * factory that builds the feed, the history and the acknowledgement store from plain settings.
 * It only assembles the three capability folders; the behaviour lives in feed/feed-engine,
 * history/event-history, alarms/alarm-rules and alarms/acknowledgements. kiosk-core.ts composes
 * it with the other capabilities behind one gateway.
 */
import type { Acknowledgement, FeedEvent } from '../contract/ipc';
import type { OperationHandlers } from './ipc/gateway';
import type { PushBus } from './ipc/push-bus';
import type { Logger } from './log/logger';
import type { AccessService } from './service/access-service';
import { AcknowledgementStore } from './alarms/acknowledgements';
import { createAlarmClassifier, type AlarmRule } from './alarms/alarm-rules';
import { EventHistory, type PickSaveFile } from './history/event-history';
import { EventFeed, type FeedConfig, type FeedTimers } from './feed/feed-engine';

export type EventHandlers = Pick<
  OperationHandlers,
  'getFeedSnapshot' | 'getEvent' | 'searchEvents' | 'searchEventsByCodes' | 'exportSearchCsv' | 'acknowledgeAlarms' | 'listAcknowledgements' | 'listAcknowledgementPage'
>;

export interface EventHandlerDeps {
  feed: Pick<EventFeed, 'snapshot' | 'findEvent' | 'classify'>;
  service: Pick<AccessService, 'getEvent'>;
  history: Pick<EventHistory, 'search' | 'searchByCodes' | 'exportCsv'>;
  acknowledgements: Pick<AcknowledgementStore, 'addAll' | 'list' | 'page'>;
}

/** Events of a bulk acknowledgement that main no longer holds and asks the service about, at most. */
export const MAX_DESCRIBED_FROM_SERVICE = 20;

export function createEventHandlers({ feed, service, history, acknowledgements }: EventHandlerDeps): EventHandlers {
  /** The event as the guard saw it: from main's buffer, else from the service (a few), else unknown. */
  const describeAll = async (ids: readonly number[]): Promise<Map<number, FeedEvent | null>> => {
    const described = new Map<number, FeedEvent | null>();
    let asked = 0;
    for (const id of ids) {
      const held = feed.findEvent(id);
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
      return acknowledgements.addAll(
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
    },
    listAcknowledgements: () => acknowledgements.list(),
    listAcknowledgementPage: ({ offset, limit }) => acknowledgements.page(offset, limit),
  };
}

export interface EventsCapabilityOptions {
  service: AccessService;
  push: PushBus;
  log: Logger;
  /** Where the acknowledgement log lives. */
  dataDir: string;
  /** The data key that seals the acknowledgement log (notes can name people), or null. */
  dataKey?: Buffer | null;
  feedConfig: Pick<FeedConfig, 'pollIntervalMs' | 'initialEvents' | 'chunkSize' | 'bufferSize' | 'maxBackoffMs'> & Partial<FeedConfig>;
  alarmRules: readonly AlarmRule[];
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
  history: EventHistory;
  acknowledgements: AcknowledgementStore;
  /** Reads the acknowledgement log and starts the live feed. */
  start(): Promise<void>;
  /** Stops the feed (aborting its request in flight) and waits for pending writes. */
  stop(): Promise<void>;
}

export function createEventsCapability(options: EventsCapabilityOptions): EventsCapability {
  const classifier = createAlarmClassifier(options.alarmRules);
  const feed = new EventFeed({
    service: options.service,
    push: options.push,
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
  const acknowledgements = new AcknowledgementStore({
    dataDir: options.dataDir,
    log: options.log,
    dataKey: options.dataKey ?? null,
    ...(options.operatorName ? { operator: options.operatorName } : {}),
  });
  const handlers = createEventHandlers({ feed, service: options.service, history, acknowledgements });
  return {
    handlers,
    feed,
    history,
    acknowledgements,
    async start() {
      feed.start();
      try {
        await acknowledgements.load();
      } catch {
        // Logged by the store; the feed runs anyway and the next acknowledgement call retries the read.
      }
    },
    async stop() {
      await feed.stop();
      await acknowledgements.flush();
    },
  };
}
