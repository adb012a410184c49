// The events capability assembled and reached through the gateway, as the kiosk core wires it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventsCapability } from '../../electron/core/events-capability';
import { DEFAULT_ALARM_RULES } from '../../electron/core/alarms/alarm-rules';
import type { AccessService } from '../../electron/core/service/access-service';
import { PushBus } from '../../electron/core/ipc/push-bus';
import { Gateway, type OperationHandlers } from '../../electron/core/ipc/gateway';
import { createLogger, silentSink } from '../../electron/core/log/logger';
import type { PushEvents, PushName } from '../../electron/contract/ipc';
import { FakeEventService, ManualClock } from './support/event-fakes';
import { openAccess } from '../support/open-access';
import { KioskDatabase } from '../../electron/core/storage/kiosk-database';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-events-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function setup(alarmRules = DEFAULT_ALARM_RULES) {
  const database = KioskDatabase.open(dataDir, { info: () => undefined, error: () => undefined }).database;
  const service = new FakeEventService();
  service.append(30);
  const clock = new ManualClock();
  const push = new PushBus();
  const pushed: Array<{ name: PushName; payload: PushEvents[PushName] }> = [];
  push.subscribe((name, payload) => pushed.push({ name, payload }));
  const log = createLogger(silentSink);
  const capability = createEventsCapability({
    service: service as unknown as AccessService,
    push,
    log,
    database,
    serviceIdentity: 'demo',
    dataDir,
    feedConfig: { pollIntervalMs: 500, initialEvents: 10, chunkSize: 50, bufferSize: 100, maxBackoffMs: 5_000 },
    alarmRules,
    defaultTenants: [0],
    pickSaveFile: async () => null,
    timers: clock,
    now: clock.now,
  });
  // The gateway validates payloads as the renderer would send them; the other handlers are not ours.
  const gateway = new Gateway(capability.handlers as OperationHandlers, log, openAccess);
  const call = (name: string, payload?: unknown) => gateway.handle(name, payload, { trusted: true, description: 'test' });
  const stop = async (): Promise<void> => {
    await capability.stop();
    database.close();
  };
  return { service, clock, capability, pushed, call, stop };
}

const alarmIdOf = (capability: ReturnType<typeof setup>['capability'], recordId: number): number =>
  capability.alarms.page('shift', 'newest', 0, 500).items.find((a) => a.event.record_ID === recordId)?.id ?? -1;

describe('events capability through the gateway', () => {
  it('keeps an alarm apart from the ring until acknowledged; a rule that requires a note is refused without one', async () => {
    const rules = DEFAULT_ALARM_RULES.map((rule) => (rule.id === 'door-forced' ? { ...rule, instructions: ['Call 4410'], requireNote: true } : rule));
    const { service, clock, capability, call, pushed, stop } = setup(rules);
    await capability.start();
    await clock.runUntil(() => capability.feed.state().lastDeliveredId === 30);
    const forced = service.appendWithText('Door forced open');
    await clock.runUntil(() => capability.feed.state().lastDeliveredId === forced);
    for (let i = 0; i < 3; i++) service.append(100); // three times the ring of 100
    await clock.runUntil(() => capability.feed.state().lastDeliveredId === forced + 300);
    expect(capability.feed.findEvent(forced)).toBeUndefined();
    const page = await call('listOpenAlarms', { group: 'shift', order: 'priority', offset: 0, limit: 50 });
    const listed = (page as { value: { items: Array<{ id: number; event: { record_ID: number } }> } }).value.items.find((a) => a.event.record_ID === forced)!;
    expect(listed).toBeDefined();
    await clock.advance(300);
    expect(pushed.some((p) => p.name === 'openAlarms')).toBe(true);
    const refused = await call('acknowledgeAlarms', { alarmIds: [listed.id], note: ' ' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'note' } });
    expect((refused as { error: { message: string } }).error.message).toMatch(/A note is required/);
    expect(refused).toMatchObject({ error: { key: 'errors.noteRequired', params: { alarm: expect.any(String), device: expect.any(String) } } });
    expect(capability.alarms.states([listed.id]).get(listed.id)).toBe('waiting');
    expect(await call('acknowledgeAlarms', { alarmIds: [listed.id], note: 'Called 4410' })).toMatchObject({ ok: true, value: { acknowledged: 1, entries: [{ recordIds: [forced], text: 'Door forced open' }] } });
    expect(capability.alarms.states([listed.id]).get(listed.id)).toBe('acknowledged');
    await stop();
  });

  it('serves the feed snapshot, event detail, search and export', async () => {
    const { service, clock, capability, call, stop } = setup();
    await capability.start();
    await clock.runUntil(() => capability.feed.state().lastDeliveredId === 30);

    const snapshot = await call('getFeedSnapshot');
    expect(snapshot).toMatchObject({ ok: true, value: { state: { status: 'live', lastDeliveredId: 30 } } });
    expect((snapshot as { value: { events: unknown[] } }).value.events).toHaveLength(10);

    const forced = service.appendWithText('Door forced open');
    expect(await call('getEvent', { id: forced })).toMatchObject({ ok: true, value: { record_ID: forced, alarm: { priority: 'critical' } } });
    expect(await call('getEvent', { id: 999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });

    service.searchAnswer = service.allIds().slice(0, 3).map((id) => ({ record_ID: id, created: '2026-01-01T00:00:00Z', event_Category_Name: 'A', device_Name: 'D', custom_Text: 'T', origin_Name: null, additional_Info: null, cardnumber: null, facility_Code: null }));
    const found = await call('searchEvents', { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' });
    expect(found).toMatchObject({ ok: true, value: { events: [{ record_ID: 3 }, { record_ID: 2 }, { record_ID: 1 }] } });
    const resultId = (found as { value: { resultId: string } }).value.resultId;
    expect(await call('exportSearchCsv', { resultId })).toEqual({ ok: true, value: { saved: false, path: null, rows: 0 } });
    expect(await call('exportSearchCsv', { resultId: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    await stop();
  });

  it('acknowledges alarms with one note, one entry per alarm with its device and text, and lists them after a restart', async () => {
    const first = setup();
    const ids = [first.service.appendWithText('Door forced open'), first.service.appendWithText('Duress at desk'), first.service.appendWithText('Tamper')];
    await first.capability.start();
    await first.clock.runUntil(() => first.capability.feed.state().lastDeliveredId === ids[2]);
    const [a, b] = [alarmIdOf(first.capability, ids[0]!), alarmIdOf(first.capability, ids[1]!)];
    const acks = await first.call('acknowledgeAlarms', { alarmIds: [b, a, b], note: '  Checked on camera ' });
    expect(acks).toMatchObject({ ok: true, value: { acknowledged: 2, alreadyAcknowledged: 0 } });
    const entries = (acks as { value: { entries: Array<{ alarmKey: string; note: string; text: string }> } }).value.entries;
    expect(entries.map((e) => [e.note, e.text]).sort()).toEqual([['Checked on camera', 'Door forced open'], ['Checked on camera', 'Duress at desk']]);
    expect(await first.call('acknowledgeAlarms', { alarmIds: [a], note: '' })).toMatchObject({ ok: true, value: { acknowledged: 0, alreadyAcknowledged: 1 } });
    await first.stop();

    const second = setup();
    await second.capability.start();
    const listed = await second.call('listAcknowledgements');
    expect((listed as { value: Array<{ text: string; note: string }> }).value.map((e) => e.text).sort()).toEqual(['Door forced open', 'Duress at desk']);
    const summary = await second.call('getOpenAlarms');
    expect(summary).toMatchObject({ ok: true, value: { waitingTotal: 1, unacknowledged: 1 } });
    await second.stop();
  });
});
