/**
 * A complete set of operation handlers with canned answers, for tests of the gateway, the
 * bridges and the preview server that are about the plumbing, not the capabilities.
 */
import { vi } from 'vitest';
import type { FeedEvent, FeedState, ServiceStatus } from '../../electron/contract/ipc';
import type { OperationHandlers } from '../../electron/core/ipc/gateway';

export const FEED_STATE: FeedState = { status: 'live', since: '2026-11-21T10:00:00.000Z', lastSuccessAt: null, lastDeliveredId: null, error: null };

export const EVENT: FeedEvent = {
  record_ID: 7,
  created: '2026-11-21T10:00:00Z',
  event_Category_Name: 'Access',
  device_Name: 'Front door',
  custom_Text: 'Access granted',
  origin_Name: null,
  additional_Info: null,
  cardnumber: null,
  facility_Code: null,
  alarm: null,
};

export const STATUS: ServiceStatus = {
  mode: 'demo',
  serviceLabel: '127.0.0.1:1',
  reachable: true,
  maxEventId: 42,
  checkedAt: '2026-11-21T10:00:00.000Z',
  error: null,
};

export function fakeHandlers(): OperationHandlers {
  return {
    getServiceStatus: vi.fn(async () => STATUS),
    getSettings: vi.fn(async () => ({
      mode: 'demo' as const,
      serviceLabel: '127.0.0.1:1',
      feed: { bufferSize: 100, autoScrollResumeMs: 1000, alarmMergeWindowMs: 1000 },
      alarms: { sound: false, muteMinutes: 5 },
      search: { defaultTenants: [0] },
    })),
    getFeedSnapshot: vi.fn(async () => ({ state: FEED_STATE, events: [EVENT] })),
    getEvent: vi.fn(async ({ id }: { id: number }) => ({ ...EVENT, record_ID: id })),
    searchEvents: vi.fn(async () => ({ resultId: 'r1', events: [EVENT] })),
    searchEventsByCodes: vi.fn(async () => ({ resultId: 'r2', events: [EVENT] })),
    exportSearchCsv: vi.fn(async () => ({ saved: true, path: '/tmp/x.csv', rows: 1 })),
    acknowledgeAlarm: vi.fn(async (r: { alarmKey: string; recordIds: number[]; note: string }) => ({
      ...r,
      acknowledgedAt: '2026-11-21T10:00:00.000Z',
      device: 'Front door',
      text: 'Door forced open',
    })),
    listAcknowledgements: vi.fn(async () => []),
    getAdminOverview: vi.fn(async () => ({
      mode: 'demo' as const,
      serviceLabel: '127.0.0.1:1',
      authScheme: 'none' as const,
      authDetail: null,
      customCertificateAuthority: false,
      pinnedCertificates: 0,
      credential: { stored: false, savedAt: null, storage: 'owner-only-file' as const, encrypted: false, location: '/tmp/c.json', warning: null },
    })),
  };
}
