/**
 * A complete set of operation handlers with canned answers, for tests of the gateway, the
 * bridges and the preview server that are about the plumbing, not the capabilities.
 */
import { vi } from 'vitest';
import { person } from './cardholders';
import { feedEvent } from './events';
import { OPEN_ALARM_SUMMARY } from './alarm-summary';
import type { AdminLockState, DeskState, BadgePreview, BadgePrintEntry, CardholderRecord, DirectoryState, FeedEvent, FeedState, KioskLocale, OperatorState, OutboxState, ServiceStatus } from '../../electron/contract/ipc';
import type { OperationHandlers } from '../../electron/core/ipc/gateway';

export const FEED_STATE: FeedState = { status: 'live', since: '2026-11-21T10:00:00.000Z', lastSuccessAt: null, lastDeliveredId: null, maxEventId: null, error: null };

export const EVENT: FeedEvent = feedEvent(7, { created: '2026-11-21T10:00:00Z' });

export const STATUS: ServiceStatus = {
  mode: 'demo',
  serviceLabel: '127.0.0.1:1',
  reachable: true,
  maxEventId: 42,
  checkedAt: '2026-11-21T10:00:00.000Z',
  error: null,
};

export const CARDHOLDER: CardholderRecord = person({
  id: 12,
  first_Name: 'Marie',
  last_Name: 'Dupont',
  employee_ID: '100012',
  email: 'marie.dupont@northwind.example',
  sex: 'F',
  city: 'Lyon',
});

export const DIRECTORY: DirectoryState = {
  status: 'ready',
  records: 1,
  syncedAt: '2026-11-21T10:00:00.000Z',
  lastSync: null,
  syncing: null,
  lastFailure: null,
  held: null,
  snapshotProblem: null,
  intervalSeconds: 900,
};

export const OUTBOX: OutboxState = { pending: 0, failed: 0, paused: null, offline: false, items: [], damage: null, confirmed: [] };
export const ADMIN_LOCK: AdminLockState = { configured: true, unlocked: false, unlockedUntil: null, lockedUntil: null, attemptsLeft: 5, problem: null, setCommand: 'admin set-pin' };

export const OPERATORS: OperatorState = {
  signIn: 'required',
  allowUnnamed: true,
  names: [],
  current: { name: 'unnamed', unnamed: true, since: '2026-11-21T08:00:00.000Z' },
  problem: null,
  addCommand: 'admin add-operator',
};
export const BADGE_PREVIEW: BadgePreview = {
  previewId: 'p1',
  templateId: 'employee',
  templateName: 'Employee',
  orientation: 'portrait',
  sides: [{ side: 'front', widthMm: 53.98, heightMm: 85.6, background: '#ffffff', backgroundImage: null, boxes: [] }],
  photo: 'session',
  needsPhoto: false,
  printedBefore: 0,
  printer: 'Card printer',
};
export const BADGE_ENTRY: BadgePrintEntry = {
  at: '2026-11-21T10:00:00.000Z',
  workstation: 'desk-1',
  cardholderId: 1,
  name: 'Dupont, Marie',
  template: 'employee',
  printer: 'Card printer',
  outcome: 'printed',
  reason: '',
  detail: '',
};

export { OPEN_ALARM_SUMMARY } from './alarm-summary';

/** The shared alarm desk with no store configured (the kiosk works alone). */
export const DESK_OFF: DeskState = { status: 'off', desk: 'desk-1', storeLabel: null, since: null, problemText: null, waiting: 0, claims: [], onDuty: [], handover: null, leaseSeconds: 300, notices: [] };

export function fakeHandlers(): OperationHandlers {
  return {
    getServiceStatus: vi.fn(async () => STATUS),
    getSettings: vi.fn(async () => ({
      mode: 'demo' as const,
      serviceLabel: '127.0.0.1:1',
      feed: { bufferSize: 100, autoScrollResumeMs: 1000, alarmMergeWindowMs: 1000 },
      alarms: { sound: false, muteMinutes: 5, escalateAfterMinutes: 10 },
      search: { defaultTenants: [0] },
      photo: { width: 600, height: 800, maxBytes: 2_097_152, contentType: 'image/jpeg' as const },
      frontDesk: { idleResetSeconds: 120 },
      homeView: 'front-desk',
      theme: 'light' as const,
      locale: 'en' as const,
      site: {
        tenants: [{ id: 0, name: 'Building (shared)' }],
        cardholderTypes: [{ id: 1, name: 'Employee' }],
        devices: [{ id: 301, name: 'Main Entrance Reader In', type: 4 }],
        deviceTypes: [{ id: 4, name: 'Reader' }],
        eventCategories: [{ id: 2, name: 'Access Denied' }],
        eventTypes: [{ id: 201, name: 'Invalid credential' }],
        subcodeCategories: [{ id: 1, name: 'Credential' }],
        subcodes: [{ id: 13, name: 'Unknown card' }],
      },
    })),
    getFeedSnapshot: vi.fn(async () => ({ state: FEED_STATE, events: [EVENT] })),
    getEvent: vi.fn(async ({ id }: { id: number }) => ({ ...EVENT, record_ID: id })),
    searchEvents: vi.fn(async () => ({ resultId: 'r1', events: [{ ...EVENT, serviceAlarm: false }] })),
    searchEventsByCodes: vi.fn(async () => ({ resultId: 'r2', events: [{ ...EVENT, serviceAlarm: null }] })),
    showLanguage: vi.fn(async ({ locale }: { locale: KioskLocale }) => ({ locale })),
    getSiteCatalogue: vi.fn(async () => ({
      site: { tenants: [], cardholderTypes: [], devices: [], deviceTypes: [], eventCategories: [], eventTypes: [], subcodeCategories: [], subcodes: [] },
      seen: { tenants: [0], devices: ['Front door'], categories: ['Access'] },
    })),
    exportSearchCsv: vi.fn(async () => ({ saved: true, path: '/tmp/x.csv', rows: 1 })),
    acknowledgeAlarms: vi.fn(async (r: { alarmIds: number[]; note: string }) => ({
      acknowledged: r.alarmIds.length,
      alreadyAcknowledged: 0,
      unknown: 0,
      entries: r.alarmIds.map((id) => ({ alarmKey: `alarm:${id}`, alarmId: id, recordIds: [id], note: r.note, acknowledgedAt: '2026-11-21T10:00:00.000Z', device: 'Front door', text: 'Door forced open' })),
    })),
    acknowledgeAlarmGroup: vi.fn(async (r: { expected: number }) => ({ acknowledged: r.expected, alreadyAcknowledged: 0, unknown: 0, entries: [] })),
    listAcknowledgements: vi.fn(async () => []),
    getOpenAlarms: vi.fn(async () => OPEN_ALARM_SUMMARY),
    listOpenAlarms: vi.fn(async (r: { group: 'shift' | 'preShift' | 'setAside' | 'all'; order: 'priority' | 'newest' | 'oldest'; offset: number }) => ({ revision: 0, group: r.group, order: r.order, total: 0, offset: r.offset, items: [], asOf: { highestId: 0, lastSetAside: 0 } })),
    getOutageAlarm: vi.fn(async () => ({ current: null, sounds: true, afterSeconds: 10 })),
    openedGuardScreen: vi.fn(async () => ({ current: null, sounds: true, afterSeconds: 10 })),
    acknowledgeOutage: vi.fn(async () => ({ current: null, sounds: true, afterSeconds: 10 })),
    getDeskState: vi.fn(async () => DESK_OFF),
    claimAlarm: vi.fn(async () => ({ outcome: 'waiting' as const, claim: null, by: null })),
    releaseAlarm: vi.fn(async () => ({ outcome: 'waiting' as const, claim: null, by: null })),
    takeOverAlarm: vi.fn(async () => ({ outcome: 'waiting' as const, claim: null, by: null })),
    addAlarmNote: vi.fn(async () => ({ outcome: 'waiting' as const, claim: null, by: null })),
    getAlarmActivity: vi.fn(async () => []),
    confirmSiteHandover: vi.fn(async () => DESK_OFF),
    dismissDeskNotice: vi.fn(async () => DESK_OFF),
    setHandoverWords: vi.fn(async () => DESK_OFF),
    getAdminOverview: vi.fn(async () => ({
      mode: 'demo' as const,
      serviceLabel: '127.0.0.1:1',
      authScheme: 'none' as const,
      authDetail: null,
      customCertificateAuthority: false,
      pinnedCertificates: 0,
      credential: { stored: false, savedAt: null, storage: 'owner-only-file' as const, encrypted: false, location: '/tmp/c.json', warning: null, boundTo: null },
      transportWarning: null,
      directory: { saved: false, location: '/tmp/directory.snapshot', bytes: null, records: 0, syncedAt: null, encrypted: false, warning: null },
    })),
    getDirectoryState: vi.fn(async () => DIRECTORY),
    syncDirectory: vi.fn(async () => ({ outcome: 'unchanged' as const, at: '2026-11-21T10:00:00.000Z', total: 1, added: 0, changed: 0, removed: 0, rejected: 0, problems: [] })),
    searchCardholders: vi.fn(async ({ query, offset }: { query: string; offset: number }) => ({ query, total: 1, offset, items: [CARDHOLDER] })),
    getCardholder: vi.fn(async ({ id }: { id: number }) => ({ record: { ...CARDHOLDER, id }, refreshed: true, warning: null, queued: [] })),
    removeDirectorySnapshot: vi.fn(async () => ({ ...DIRECTORY, status: 'empty' as const, records: 0 })),
    findDuplicateCardholders: vi.fn(async () => []),
    createCardholder: vi.fn(async () => ({ record: CARDHOLDER, queued: null })),
    updateCardholder: vi.fn(async () => ({ outcome: 'saved' as const, record: CARDHOLDER, sent: ['phone'], warning: null })),
    uploadCardholderPhoto: vi.fn(async () => ({ record: { ...CARDHOLDER, photo_Exists: true }, queued: null })),
    getOutbox: vi.fn(async () => OUTBOX),
    retryOutbox: vi.fn(async () => OUTBOX),
    discardOutboxItem: vi.fn(async () => OUTBOX),
    resendOutboxItem: vi.fn(async () => OUTBOX),
    listEnrolmentLog: vi.fn(async () => []),
    getEnrolmentChoices: vi.fn(async () => ({ tenants: [], cardholderTypes: [], defaults: { tenants: [], cardholderType: null }, employeeIdPattern: null, records: 0 })),
    getAdminLock: vi.fn(async () => ADMIN_LOCK),
    unlockAdmin: vi.fn(async () => ({ ...ADMIN_LOCK, unlocked: true, unlockedUntil: '2026-11-21T10:05:00.000Z' })),
    lockAdmin: vi.fn(async () => ADMIN_LOCK),
    quitKiosk: vi.fn(async () => ({ done: true, message: 'The kiosk is quitting.' })),
    leaveKioskMode: vi.fn(async () => ({ done: true, message: 'Kiosk mode is off.' })),
    exportOperatorLog: vi.fn(async () => ({ saved: true, path: '/tmp/log.csv', rows: 0 })),
    listAcknowledgementPage: vi.fn(async ({ offset }: { offset: number; limit: number }) => ({ total: 0, offset, items: [] })),
    getOperatorState: vi.fn(async () => OPERATORS),
    signInOperator: vi.fn(async () => OPERATORS),
    endShift: vi.fn(async () => ({
      operator: 'unnamed',
      from: '2026-11-21T08:00:00.000Z',
      to: '2026-11-21T10:00:00.000Z',
      alarms: [],
      acknowledgementsMade: 0,
      unacknowledged: { total: 0, waiting: 0, preShift: 0, setAside: 0, bound: 5000 },
      stillOpen: [],
      notes: [],
      outages: [],
      downtime: [],
      catchUps: [],
      setAsideEvents: 0,
      exports: [],
      pdfPath: '/tmp/handover.pdf',
      csvPath: '/tmp/handover.csv',
      warning: null,
    })),
    listHandoverReports: vi.fn(async () => []),
    findEventPeople: vi.fn(async () => []),
    getBadgeSetup: vi.fn(async () => ({ templatesDir: null, builtIn: false, templates: [], printer: null, installedPrinters: [] })),
    previewBadge: vi.fn(async () => BADGE_PREVIEW),
    printBadge: vi.fn(async () => ({ entry: BADGE_ENTRY, path: null })),
    listBadgeLog: vi.fn(async () => []),
    previewBadgeTemplate: vi.fn(async () => BADGE_PREVIEW),
    getBadgeTemplateSource: vi.fn(async () => ({ templateId: 'employee', file: 'employee.json', template: { name: 'Employee', orientation: 'portrait' as const, front: { elements: [] } }, problems: [] })),
    previewBadgeTemplateDraft: vi.fn(async () => ({ preview: BADGE_PREVIEW, problems: [] })),
    saveBadgeTemplate: vi.fn(async () => ({ templateId: 'employee', file: 'employee.json', backup: 'employee.json.bak' })),
  };
}
