/**
 * A fake `window.kiosk` for renderer tests: every operation a vi.fn with a sensible answer,
 * and `emit` to play a push event to whoever subscribed. Used through `vi.mock` of the api module.
 */
import { vi } from 'vitest';
import type {
  Acknowledgement,
  ErrorCode,
  FeedEvent,
  FeedSnapshot,
  FeedState,
  KioskSettings,
  PushEvents,
  PushName,
  Result,
} from '../../../electron/contract/ipc';

export const SETTINGS: KioskSettings = {
  mode: 'demo',
  serviceLabel: '127.0.0.1:1',
  feed: { bufferSize: 500, autoScrollResumeMs: 1_000, alarmMergeWindowMs: 60_000 },
  alarms: { sound: true, muteMinutes: 5 },
  search: { defaultTenants: [0, 3] },
  photo: { width: 600, height: 800, maxBytes: 2_097_152, contentType: 'image/jpeg' },
  frontDesk: { idleResetSeconds: 120 },
};

export const LIVE_STATE: FeedState = {
  status: 'live',
  since: '2026-11-21T10:00:00.000Z',
  lastSuccessAt: '2026-11-21T10:00:05.000Z',
  lastDeliveredId: null,
  error: null,
};

let clock = Date.parse('2026-11-21T10:00:00.000Z');

/** A plain event; ids grow, time advances one second per event unless given. */
export function makeEvent(id: number, patch: Partial<FeedEvent> = {}): FeedEvent {
  clock += 1_000;
  return {
    record_ID: id,
    created: new Date(clock).toISOString(),
    event_Category_Name: 'Access',
    device_Name: `Reader ${id % 5}`,
    custom_Text: 'Access granted',
    origin_Name: null,
    additional_Info: null,
    cardnumber: null,
    facility_Code: null,
    alarm: null,
    ...patch,
  };
}

export function makeAlarm(id: number, patch: Partial<FeedEvent> = {}): FeedEvent {
  return makeEvent(id, {
    event_Category_Name: 'Alarm',
    device_Name: 'Door 3',
    custom_Text: 'Door forced open',
    alarm: { priority: 'critical', rule: 'door-forced' },
    ...patch,
  });
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

type Listener = (payload: unknown) => void;

export function createFakeKiosk() {
  const listeners = new Map<PushName, Set<Listener>>();
  const on = (name: PushName) =>
    vi.fn((listener: Listener) => {
      const set = listeners.get(name) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(name, set);
      return (): void => {
        set.delete(listener);
      };
    });
  const snapshot: FeedSnapshot = { state: LIVE_STATE, events: [] };
  const api = {
    getServiceStatus: vi.fn(async () => fail('unreachable', 'not used')),
    getSettings: vi.fn(async () => ok(SETTINGS) as Result<KioskSettings>),
    getFeedSnapshot: vi.fn(async () => ok(snapshot) as Result<FeedSnapshot>),
    getEvent: vi.fn(async (request: { id: number }) => ok(makeEvent(request.id)) as Result<FeedEvent>),
    searchEvents: vi.fn(async (_request: unknown) => ok({ resultId: 'r1', events: [makeEvent(1), makeEvent(2)] }) as Result<{ resultId: string; events: FeedEvent[] }>),
    searchEventsByCodes: vi.fn(async (_request: unknown) => ok({ resultId: 'r2', events: [makeEvent(3)] }) as Result<{ resultId: string; events: FeedEvent[] }>),
    exportSearchCsv: vi.fn(async (_request: unknown) => ok({ saved: true, path: '/tmp/events.csv', rows: 2 }) as Result<{ saved: boolean; path: string | null; rows: number }>),
    acknowledgeAlarm: vi.fn(
      async (request: { alarmKey: string; recordIds: number[]; note: string }) =>
        ok({ ...request, acknowledgedAt: new Date().toISOString(), device: 'Door 3', text: 'Door forced open' }) as Result<Acknowledgement>,
    ),
    listAcknowledgements: vi.fn(async () => ok([]) as Result<Acknowledgement[]>),
    getAdminOverview: vi.fn(async () => fail('unreachable', 'not used')),
    onFeedEvents: on('feedEvents'),
    onFeedState: on('feedState'),
    onFeedNotice: on('feedNotice'),
    onTaskProgress: on('taskProgress'),
    onDirectoryState: on('directoryState'),
  };
  return {
    api,
    emit<P extends PushName>(name: P, payload: PushEvents[P]): void {
      for (const l of listeners.get(name) ?? []) l(payload);
    },
    listenerCount: (name: PushName): number => listeners.get(name)?.size ?? 0,
    setSnapshot(events: FeedEvent[], state: FeedState = LIVE_STATE): void {
      snapshot.events = events;
      snapshot.state = state;
    },
  };
}

export type FakeKiosk = ReturnType<typeof createFakeKiosk>;
