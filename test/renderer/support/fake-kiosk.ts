/**
 * A fake `window.kiosk` for renderer tests: every operation a vi.fn with a sensible answer,
 * and `emit` to play a push event to whoever subscribed. The renderer tests' setup file
 * (renderer-setup.ts) mocks the api module once so that `kiosk` is `fake.current.api`; a test sets
 * `fake.current = createFakeKiosk()` (the component harness does it before each test).
 */
import { vi } from 'vitest';
import { person } from '../../support/cardholders';
import { feedEvent } from '../../support/events';
import type {
  Acknowledgement,
  BadgePrintEntry,
  BadgeSetup,
  AcknowledgementPage,
  AdminActionResult,
  EventPerson,
  HandoverLogEntry,
  HandoverReport,
  OperatorState,
  AdminLockState,
  CardholderFields,
  EnrolmentChoices,
  CardholderPage,
  CardholderRecord,
  CardholderUpdateOutcome,
  DuplicateCandidate,
  CardholderView,
  DeskActionResult,
  DeskActivity,
  DeskState,
  DirectoryState,
  DirectorySyncResult,
  EnrolmentLogEntry,
  EnrolmentWrite,
  ErrorCode,
  EventSearchResult,
  FeedEvent,
  HistoryEvent,
  FeedSnapshot,
  FeedState,
  KioskSettings,
  AcknowledgeResult,
  AlarmGroup,
  AlarmOrder,
  AlarmSummary,
  OpenAlarm,
  OpenAlarmPage,
  OutageAlarmState,
  OutboxItemView,
  OutboxState,
  PushEvents,
  PushName,
  Result,
  SiteCatalogue,
} from '../../../electron/contract/ipc';

export const SETTINGS: KioskSettings = {
  mode: 'demo',
  serviceLabel: '127.0.0.1:1',
  feed: { bufferSize: 500, autoScrollResumeMs: 1_000, alarmMergeWindowMs: 60_000 },
  alarms: { sound: true, muteMinutes: 5, escalateAfterMinutes: 10 },
  search: { defaultTenants: [0, 3] },
  photo: { width: 600, height: 800, maxBytes: 2_097_152, contentType: 'image/jpeg' },
  frontDesk: { idleResetSeconds: 120 },
  homeView: 'live-feed',
  theme: 'light',
  locale: 'en',
  site: {
    tenants: [
      { id: 0, name: 'Building (shared)' },
      { id: 2, name: 'Contoso Labs' },
    ],
    cardholderTypes: [
      { id: 1, name: 'Employee' },
      { id: 3, name: 'Visitor' },
    ],
    devices: [
      { id: 201, name: 'Main Entrance', type: 3 },
      { id: 301, name: 'Main Entrance Reader In', type: 4 },
    ],
    deviceTypes: [
      { id: 3, name: 'Door' },
      { id: 4, name: 'Reader' },
    ],
    eventCategories: [
      { id: 2, name: 'Access Denied' },
      { id: 3, name: 'Door Alarm' },
    ],
    eventTypes: [{ id: 301, name: 'Door forced open' }],
    subcodeCategories: [{ id: 3, name: 'Door state' }],
    subcodes: [{ id: 31, name: 'Door forced' }],
  },
};

export const LIVE_STATE: FeedState = {
  status: 'live',
  since: '2026-11-21T10:00:00.000Z',
  lastSuccessAt: '2026-11-21T10:00:05.000Z',
  lastDeliveredId: null,
  maxEventId: null,
  error: null,
};

let clock = Date.parse('2026-11-21T10:00:00.000Z');

/** A plain event; ids grow, time advances one second per event unless given. */
export function makeEvent(id: number, patch: Partial<FeedEvent> = {}): FeedEvent {
  clock += 1_000;
  return feedEvent(id, { created: new Date(clock).toISOString(), device_Name: `Reader ${id % 5}`, ...patch });
}

/** A history result: the event with the service's alarm flag (by default agreeing with the rules). */
export function historyEvent(event: FeedEvent, serviceAlarm: boolean | null = event.alarm !== null): HistoryEvent {
  return { ...event, serviceAlarm };
}

export function makeAlarm(id: number, patch: Partial<FeedEvent> = {}): FeedEvent {
  return makeEvent(id, {
    event_Category_Name: 'Alarm',
    device_Name: 'Door 3',
    custom_Text: 'Door forced open',
    alarm: { priority: 'critical', rule: 'door-forced', id, state: 'waiting' },
    ...patch,
  });
}

/** A whole cardholder record from a few fields (ids given; names default to First<id> Last<id>). */
export function makeCardholder(id: number, patch: Partial<CardholderRecord> = {}): CardholderRecord {
  return person({ first_Name: `First${id}`, last_Name: `Last${id}`, sex: 'F', employee_ID: String(100000 + id), ...patch, id });
}

export const DIRECTORY_READY: DirectoryState = {
  status: 'ready',
  records: 3,
  syncedAt: '2026-11-21T10:00:00.000Z',
  lastSync: { outcome: 'updated', at: '2026-11-21T10:00:00.000Z', total: 3, added: 3, changed: 0, removed: 0, rejected: 0, problems: [] },
  syncing: null,
  lastFailure: null,
  held: null,
  snapshotProblem: null,
  intervalSeconds: 900,
};

export const OUTBOX_EMPTY: OutboxState = { pending: 0, failed: 0, paused: null, offline: false, items: [], damage: null, confirmed: [] };

/** An outbox item: a pending create of "Offline, Nora" (provisional id -1) unless patched. */
export function makeOutboxItem(id: string, patch: Partial<OutboxItemView> = {}): OutboxItemView {
  return {
    id,
    kind: 'create',
    cardholderId: -1,
    label: 'Offline, Nora',
    queuedAt: '2026-11-21T10:00:00.000Z',
    state: 'pending',
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    fields: null,
    photoBytes: null,
    ...patch,
  };
}

/** An outbox state holding `items` (the counts follow them). */
export function outboxWith(items: OutboxItemView[], patch: Partial<OutboxState> = {}): OutboxState {
  return { ...OUTBOX_EMPTY, pending: items.filter((i) => i.state !== 'failed').length, failed: items.filter((i) => i.state === 'failed').length, items, ...patch };
}

export const ADMIN_PIN = '246810';
export const ADMIN_LOCKED: AdminLockState = { configured: true, unlocked: false, unlockedUntil: null, lockedUntil: null, attemptsLeft: 5, problem: null, setCommand: 'admin set-pin' };
export const ADMIN_UNLOCKED: AdminLockState = { ...ADMIN_LOCKED, unlocked: true, unlockedUntil: '2030-01-01T00:00:00.000Z' };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

type Listener = (payload: unknown) => void;

/** The shared alarm desk with no store configured: the kiosk works alone (as test/support/fake-handlers.ts DESK_OFF). */
export const DESK_OFF: DeskState = { status: 'off', desk: 'desk-1', storeLabel: null, since: null, problemText: null, waiting: 0, claims: [], onDuty: [], handover: null, leaseSeconds: 300, notices: [] };
/** The shared alarm desk up, nobody on anything yet. */
export const DESK_UP: DeskState = { ...DESK_OFF, status: 'up', storeLabel: 'db.site:5432' };

/** An operator on shift (the renderer's screens show only once someone is). */
export const OPERATOR_ON_SHIFT: OperatorState = {
  signIn: 'required',
  allowUnnamed: true,
  names: ['Ada Guard'],
  current: { name: 'Ada Guard', unnamed: false, since: '2026-11-21T08:00:00.000Z' },
  problem: null,
  addCommand: 'admin add-operator',
};

/** The fake the mocked api module answers with; each test (or the component harness) sets it. */
export const fake = { current: null as unknown as FakeKiosk };

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
  // Main's unacknowledged alarms (by the alarm's number): those of the snapshot and of every feedEvents push, minus acknowledged ones.
  const open = new Map<number, OpenAlarm>();
  let openRevision = 0;
  let outage: OutageAlarmState = { current: null, sounds: true, afterSeconds: 10 };
  let desk: DeskState = DESK_OFF;
  const WAITING: DeskActionResult = { outcome: 'waiting', claim: null, by: null };
  const emitTo = (name: PushName, payload: unknown): void => {
    for (const l of listeners.get(name) ?? []) l(payload);
  };
  const RANK = { critical: 0, high: 1, medium: 2, low: 3 } as const;
  const summaryNow = (): AlarmSummary => {
    const waiting = { critical: 0, high: 0, medium: 0, low: 0 };
    for (const alarm of open.values()) waiting[alarm.event.alarm!.priority] += 1;
    const times = [...open.values()].map((a) => Date.parse(a.event.created)).filter(Number.isFinite);
    return {
      revision: openRevision,
      waiting,
      waitingTotal: open.size,
      preShift: 0,
      setAside: 0,
      unacknowledged: open.size,
      oldestAt: times.length > 0 ? new Date(Math.min(...times)).toISOString() : null,
      asOf: { highestId: Math.max(0, ...open.keys()), lastSetAside: 0 },
      bound: 100_000,
      shiftStartedAt: new Date(0).toISOString(),
      setAsideText: null,
      loadProblemText: null,
    };
  };
  /** Alarm numbers acknowledged: never opened again. */
  const done = new Set<number>();
  const openAlarms = (events: readonly FeedEvent[]): OpenAlarm[] => {
    const added: OpenAlarm[] = [];
    for (const event of events) {
      const id = event.alarm?.id;
      if (!event.alarm || id === undefined || event.alarm.state === 'acknowledged' || open.has(id) || done.has(id)) continue;
      const alarm: OpenAlarm = { id, event, preShift: false, setAside: false };
      open.set(id, alarm);
      added.push(alarm);
    }
    return added;
  };
  const change = (added: OpenAlarm[], acknowledged: number[]): void => {
    openRevision += 1;
    emitTo('openAlarms', { revision: openRevision, summary: summaryNow(), added, moreAdded: 0, acknowledged, moreAcknowledged: 0 });
  };
  const closeAlarms = (ids: readonly number[]): number[] => {
    for (const id of ids) done.add(id);
    const removed = ids.filter((id) => open.delete(id));
    if (removed.length > 0) change([], removed);
    return removed;
  };
  /** The fake directory: a query matches a record whose last name starts with it (case ignored). */
  const cardholders: CardholderRecord[] = [makeCardholder(1, { first_Name: 'Marie', last_Name: 'Dupont' }), makeCardholder(2, { first_Name: 'Paul', last_Name: 'Dupond' }), makeCardholder(3, { first_Name: 'Zoë', last_Name: 'Åberg' })];
  const api = {
    getServiceStatus: vi.fn(async () => fail('unreachable', 'not used')),
    getSettings: vi.fn(async () => ok(SETTINGS) as Result<KioskSettings>),
    getFeedSnapshot: vi.fn(async () => ok(snapshot) as Result<FeedSnapshot>),
    getEvent: vi.fn(async (request: { id: number }) => ok(makeEvent(request.id)) as Result<FeedEvent>),
    searchEvents: vi.fn(async (_request: unknown) => ok({ resultId: 'r1', events: [historyEvent(makeEvent(1)), historyEvent(makeEvent(2))] }) as Result<EventSearchResult>),
    searchEventsByCodes: vi.fn(async (_request: unknown) => ok({ resultId: 'r2', events: [historyEvent(makeEvent(3))] }) as Result<EventSearchResult>),
    exportSearchCsv: vi.fn(async (_request: unknown) => ok({ saved: true, path: '/tmp/events.csv', rows: 2 }) as Result<{ saved: boolean; path: string | null; rows: number }>),
    acknowledgeAlarms: vi.fn(
      // One acknowledgement time for the whole request, as main gives (a clock tick between entries would reorder them).
      async (request: { alarmIds: number[]; note: string }) => {
        const acknowledgedAt = new Date().toISOString();
        const done = closeAlarms(request.alarmIds);
        const entries: Acknowledgement[] = done.map((id) => ({ alarmKey: `alarm:${id}`, alarmId: id, recordIds: [id], note: request.note, acknowledgedAt, device: 'Door 3', text: 'Door forced open' }));
        return ok({ acknowledged: done.length, alreadyAcknowledged: request.alarmIds.length - done.length, unknown: 0, entries }) as Result<AcknowledgeResult>;
      },
    ),
    acknowledgeAlarmGroup: vi.fn(async (request: { group: string; asOf: { highestId: number; lastSetAside: number }; expected: number; note: string }) => {
      const done = closeAlarms([...open.keys()].filter((id) => id <= request.asOf.highestId));
      return ok({ acknowledged: done.length, alreadyAcknowledged: Math.max(0, request.expected - done.length), unknown: 0, entries: [] }) as Result<AcknowledgeResult>;
    }),
    listOpenAlarms: vi.fn(async (request: { group: AlarmGroup; order: AlarmOrder; offset: number; limit: number }) => {
      const all = [...open.values()].sort((a, b) =>
        request.order === 'priority'
          ? RANK[a.event.alarm!.priority] - RANK[b.event.alarm!.priority] || Date.parse(a.event.created) - Date.parse(b.event.created)
          : request.order === 'newest'
            ? Date.parse(b.event.created) - Date.parse(a.event.created) || b.id - a.id
            : Date.parse(a.event.created) - Date.parse(b.event.created) || a.id - b.id,
      );
      const inGroup = request.group === 'preShift' || request.group === 'setAside' ? [] : all;
      return ok({ revision: openRevision, group: request.group, order: request.order, total: inGroup.length, offset: request.offset, items: inGroup.slice(request.offset, request.offset + request.limit), asOf: { highestId: Math.max(0, ...open.keys()), lastSetAside: 0 } }) as Result<OpenAlarmPage>;
    }),
    getOutageAlarm: vi.fn(async () => ok(outage) as Result<OutageAlarmState>),
    openedGuardScreen: vi.fn(async () => ok(outage) as Result<OutageAlarmState>),
    acknowledgeOutage: vi.fn(async (request: { id: number }) => {
      if (outage.current?.id !== request.id) return fail('not_found', 'That outage is over and was already dealt with.') as Result<OutageAlarmState>;
      const acknowledgedAt = new Date().toISOString();
      outage = { ...outage, current: outage.current.endedAt ? null : { ...outage.current, acknowledgedAt, acknowledgedBy: 'Ada Guard' } };
      return ok(outage) as Result<OutageAlarmState>;
    }),
    showLanguage: vi.fn(async ({ locale }: { locale: KioskSettings['locale'] }) => ok({ locale })),
    getSiteCatalogue: vi.fn(async () => ok({ site: SETTINGS.site, seen: { tenants: [7], devices: ['Gate 7'], categories: ['Lift'] } }) as Result<SiteCatalogue>),
    listAcknowledgements: vi.fn(async () => ok([]) as Result<Acknowledgement[]>),
    getOpenAlarms: vi.fn(async () => {
      openAlarms(snapshot.events);
      return ok(summaryNow()) as Result<AlarmSummary>;
    }),
    getAdminOverview: vi.fn(async () => fail('unreachable', 'not used')),
    getDirectoryState: vi.fn(async () => ok(DIRECTORY_READY) as Result<DirectoryState>),
    syncDirectory: vi.fn(async (_request: unknown) => ok(DIRECTORY_READY.lastSync) as Result<DirectorySyncResult>),
    searchCardholders: vi.fn(async (request: { query: string; offset: number; limit: number }) => {
      const found = cardholders.filter((c) => c.last_Name.toLowerCase().startsWith(request.query.trim().toLowerCase()));
      return ok({ query: request.query, total: found.length, offset: request.offset, items: found.slice(request.offset, request.offset + request.limit) }) as Result<CardholderPage>;
    }),
    getCardholder: vi.fn(async (request: { id: number }) => {
      const record = cardholders.find((c) => c.id === request.id);
      return (record ? ok({ record, refreshed: true, warning: null, queued: [] }) : fail('not_found', 'This cardholder is not in the access-control service (any more). Search again.')) as Result<CardholderView>;
    }),
    findDuplicateCardholders: vi.fn(async (_request: { first_Name: string; last_Name: string; employee_ID?: string; email?: string; excludeId?: number }) => ok([]) as Result<DuplicateCandidate[]>),
    createCardholder: vi.fn(async (fields: CardholderFields) => {
      const record = makeCardholder(cardholders.length + 100, { ...fields, sex: (fields.sex ?? 'u').toUpperCase() });
      cardholders.push(record);
      return ok({ record, queued: null }) as Result<EnrolmentWrite>;
    }),
    updateCardholder: vi.fn(async (request: { id: number; changes: Partial<CardholderFields>; expectedUpdated: string }) => {
      const index = cardholders.findIndex((c) => c.id === request.id);
      const current = cardholders[index];
      if (!current) return fail('not_found', 'This cardholder is not in the access-control service (any more). Search again.') as Result<CardholderUpdateOutcome>;
      if (current.updated !== request.expectedUpdated) return ok({ outcome: 'conflict', current }) as Result<CardholderUpdateOutcome>;
      const record = { ...current, ...request.changes, sex: (request.changes.sex ?? current.sex).toUpperCase(), updated: new Date(Date.parse(current.updated) + 1000).toISOString() };
      cardholders[index] = record;
      return ok({ outcome: 'saved', record, sent: Object.keys(request.changes), warning: null }) as Result<CardholderUpdateOutcome>;
    }),
    uploadCardholderPhoto: vi.fn(async (request: { id: number; taskId?: string; photo: Uint8Array; contentType: string; overriddenHints: string[] }) => {
      const record = cardholders.find((c) => c.id === request.id);
      return (record ? ok({ record: { ...record, photo_Exists: true }, queued: null }) : fail('not_found', 'This cardholder is not in the access-control service (any more). Search again.')) as Result<EnrolmentWrite>;
    }),
    getOutbox: vi.fn(async () => ok(OUTBOX_EMPTY) as Result<OutboxState>),
    retryOutbox: vi.fn(async () => ok(OUTBOX_EMPTY) as Result<OutboxState>),
    discardOutboxItem: vi.fn(async (_request: { itemId: string }) => ok(OUTBOX_EMPTY) as Result<OutboxState>),
    resendOutboxItem: vi.fn(async (_request: { itemId: string; create?: CardholderFields; changes?: Partial<CardholderFields> }) => ok(OUTBOX_EMPTY) as Result<OutboxState>),
    listEnrolmentLog: vi.fn(async () => ok([]) as Result<EnrolmentLogEntry[]>),
    getEnrolmentChoices: vi.fn(async () =>
      ok({
        tenants: [{ id: 0, name: 'Building (shared)', named: true, count: 3 }, { id: 2, name: 'Contoso Labs', named: true, count: 1 }],
        cardholderTypes: [{ id: 1, name: 'Employee', named: true, count: 2 }, { id: 3, name: 'Visitor', named: true, count: 1 }],
        defaults: { tenants: [0], cardholderType: 1 },
        employeeIdPattern: null,
        records: 3,
      }) as Result<EnrolmentChoices>,
    ),
    removeDirectorySnapshot: vi.fn(async () => ok({ ...DIRECTORY_READY, status: 'empty', records: 0, syncedAt: null, lastSync: null }) as Result<DirectoryState>),
    getAdminLock: vi.fn(async () => ok(ADMIN_LOCKED) as Result<AdminLockState>),
    unlockAdmin: vi.fn(async (request: { pin: string }) =>
      (request.pin === ADMIN_PIN ? ok(ADMIN_UNLOCKED) : fail('forbidden', 'Wrong PIN. 4 tries left before the PIN is locked for a while.')) as Result<AdminLockState>,
    ),
    lockAdmin: vi.fn(async () => ok(ADMIN_LOCKED) as Result<AdminLockState>),
    quitKiosk: vi.fn(async () => ok({ done: true, message: 'The kiosk is quitting.' }) as Result<AdminActionResult>),
    leaveKioskMode: vi.fn(async () => ok({ done: true, message: 'Kiosk mode is off.' }) as Result<AdminActionResult>),
    exportOperatorLog: vi.fn(async (_request: { part: 'alarms' | 'enrolments' }) => ok({ saved: true, path: '/tmp/operator-log.csv', rows: 0 }) as Result<{ saved: boolean; path: string | null; rows: number }>),
    listAcknowledgementPage: vi.fn(async (request: { offset: number; limit: number }) => ok({ total: 0, offset: request.offset, items: [] }) as Result<AcknowledgementPage>),
    getOperatorState: vi.fn(async () => ok(OPERATOR_ON_SHIFT) as Result<OperatorState>),
    signInOperator: vi.fn(async (_request: { name: string; pin: string } | { unnamed: true }) => ok(OPERATOR_ON_SHIFT) as Result<OperatorState>),
    endShift: vi.fn(async () => fail('rejected', 'not used') as Result<HandoverReport>),
    listHandoverReports: vi.fn(async () => ok([]) as Result<HandoverLogEntry[]>),
    findEventPeople: vi.fn(async (_request: { text: string }) => ok([]) as Result<EventPerson[]>),
    getBadgeSetup: vi.fn(async () => ok({ templatesDir: null, builtIn: false, templates: [], printer: null, installedPrinters: [] }) as Result<BadgeSetup>),
    listBadgeLog: vi.fn(async () => ok([]) as Result<BadgePrintEntry[]>),
    getBadgeTemplateSource: vi.fn(async (_request: { templateId: string }) => fail('not_found', 'There is no badge template.') as Result<never>),
    onFeedEvents: on('feedEvents'),
    onFeedState: on('feedState'),
    onFeedNotice: on('feedNotice'),
    onFeedProgress: on('feedProgress'),
    onAlarmSignal: on('alarmSignal'),
    onOutageAlarm: on('outageAlarm'),
    onTaskProgress: on('taskProgress'),
    onDirectoryState: on('directoryState'),
    onOutboxState: on('outboxState'),
    onOpenAlarms: on('openAlarms'),
    getDeskState: vi.fn(async () => ok(desk) as Result<DeskState>),
    claimAlarm: vi.fn(async (_request: { alarmId: number }) => ok(WAITING) as Result<DeskActionResult>),
    releaseAlarm: vi.fn(async (_request: { alarmId: number }) => ok(WAITING) as Result<DeskActionResult>),
    takeOverAlarm: vi.fn(async (_request: { alarmId: number; reason: string }) => ok(WAITING) as Result<DeskActionResult>),
    addAlarmNote: vi.fn(async (_request: { alarmId: number; note: string }) => ok(WAITING) as Result<DeskActionResult>),
    getAlarmActivity: vi.fn(async (_request: { alarmId: number }) => ok([]) as Result<DeskActivity[]>),
    confirmSiteHandover: vi.fn(async (request: { handoverId: string }) => {
      if (desk.handover?.id !== request.handoverId) return fail('not_found', 'There is no such handover.') as Result<DeskState>;
      desk = { ...desk, handover: { ...desk.handover, confirmed: { operator: 'Ada Guard', desk: desk.desk, at: new Date().toISOString() } } };
      return ok(desk) as Result<DeskState>;
    }),
    setHandoverWords: vi.fn(async (_request: { words: string }) => ok(desk) as Result<DeskState>),
    dismissDeskNotice: vi.fn(async (request: { id: string }) => {
      desk = { ...desk, notices: desk.notices.filter((notice) => notice.id !== request.id) };
      return ok(desk) as Result<DeskState>;
    }),
    onDeskState: on('deskState'),
  };
  return {
    api,
    emit<P extends PushName>(name: P, payload: PushEvents[P]): void {
      emitTo(name, payload);
      if (name === 'feedEvents') {
        const added = openAlarms((payload as PushEvents['feedEvents']).events);
        if (added.length > 0) change(added, []);
      }
      if (name === 'outageAlarm') outage = payload as OutageAlarmState;
      if (name === 'deskState') desk = payload as DeskState;
    },
    /** The shared alarm desk main answers getDeskState with (before the view starts); `emit('deskState', …)` plays a push. */
    setDesk(state: DeskState): void {
      desk = state;
    },
    desk: (): DeskState => desk,
    /** Plays main's change of the unacknowledged alarms (the fake keeps its own list in step). */
    openAlarmsNow: (): OpenAlarm[] => [...open.values()],
    listenerCount: (name: PushName): number => listeners.get(name)?.size ?? 0,
    cardholders,
    setSnapshot(events: FeedEvent[], state: FeedState = LIVE_STATE): void {
      snapshot.events = events;
      snapshot.state = state;
    },
  };
}

export type FakeKiosk = ReturnType<typeof createFakeKiosk>;
