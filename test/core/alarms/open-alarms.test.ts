// OpenAlarmStore: unacknowledged alarms kept apart from the ring, bounded loudly, saved across restarts.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlarmPriority, FeedEvent, OpenAlarmsChange } from '../../../electron/contract/ipc';
import { OPEN_ALARMS_FILE, OpenAlarmStore } from '../../../electron/core/alarms/open-alarms';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { feedEvent } from '../../support/events';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-open-alarms-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const NOW = Date.parse('2026-03-02T20:00:00Z');

function event(id: number, priority: AlarmPriority | null, created = new Date(NOW - 60_000).toISOString()): FeedEvent {
  return feedEvent(id, { created, device_Name: `Door ${id}`, custom_Text: priority ? `alarm ${id}` : 'Granted', extraField: 'not kept', alarm: priority ? { priority, rule: `rule-${priority}` } : null });
}

function open(options: { key?: Buffer | null; bound?: number; acknowledged?: Set<number> } = {}) {
  const logged = memorySink();
  const changes: OpenAlarmsChange[] = [];
  const store = new OpenAlarmStore({
    dataDir,
    log: createLogger(logged.sink),
    key: options.key ?? null,
    bound: options.bound ?? 100,
    shiftHours: 12,
    now: () => NOW,
    saveDelayMs: 0,
    isAcknowledged: (id) => options.acknowledged?.has(id) ?? false,
    onChange: (change) => changes.push(change),
  });
  return { store, logs: logged.lines, changes };
}

describe('OpenAlarmStore', () => {
  it('keeps alarms only, until removed, whatever else arrives; each change is pushed with the next revision', () => {
    const { store, changes } = open();
    store.observe([event(1, 'critical'), event(2, null), event(3, 'low')]);
    for (let i = 0; i < 50; i++) store.observe(Array.from({ length: 1000 }, (_, k) => event(10 + i * 1000 + k, null)));
    expect(store.snapshot().alarms.map((a) => a.event.record_ID)).toEqual([1, 3]);
    store.remove([3]);
    expect(store.snapshot().alarms.map((a) => a.event.record_ID)).toEqual([1]);
    expect(changes.map((c) => c.revision)).toEqual([1, 2]);
    expect(changes[1]).toMatchObject({ added: [], removed: [3] });
    expect(store.get(1)?.event).not.toHaveProperty('extraField');
  });

  it('survives a restart, encrypted with the data key, in an owner-only file; acknowledged ones do not come back', async () => {
    const key = randomBytes(32);
    const first = open({ key });
    first.store.observe([event(1, 'critical'), event(2, 'high'), event(3, 'low')]);
    await first.store.flush();
    const file = path.join(dataDir, OPEN_ALARMS_FILE);
    const raw = await readFile(file);
    expect(raw.toString('utf8')).not.toContain('alarm 1');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = open({ key, acknowledged: new Set([2]) });
    await again.store.load();
    expect(again.store.snapshot().alarms.map((a) => a.event.record_ID)).toEqual([1, 3]);
  });

  it('a file it cannot read is kept aside and said, never a crash', async () => {
    await writeFile(path.join(dataDir, OPEN_ALARMS_FILE), 'not json', { mode: 0o600 });
    const { store, logs } = open();
    await store.load();
    expect(store.snapshot().loadProblem).toMatch(/could not be read; it was kept aside/);
    expect(store.snapshot().loadProblemText).toMatchObject({ key: 'alarms.fromMain.savedListKeptAside', params: { file: expect.stringMatching(/unreadable/) } });
    expect(logs.join('\n')).toMatch(/could not be read/);
  });

  it('at its bound sets aside the lowest priority, oldest first — loudly — and never a critical for a denial', () => {
    const { store, logs, changes } = open({ bound: 3 });
    store.observe([event(1, 'low'), event(2, 'critical'), event(3, 'low')]);
    store.observe([event(4, 'high')]);
    expect(store.snapshot().alarms.map((a) => a.event.record_ID)).toEqual([2, 3, 4]);
    store.observe([event(5, 'low')]); // only lows below it: the oldest low goes
    expect(store.snapshot().alarms.map((a) => a.event.record_ID)).toEqual([2, 4, 5]);
    store.observe([event(6, 'high'), event(7, 'high')]);
    store.observe([event(8, 'low')]); // lower than everything held: set aside itself
    expect(store.snapshot().alarms.map((a) => a.event.record_ID)).toEqual([2, 6, 7]);
    expect(store.size).toBe(3);
    const overflow = store.snapshot().overflow;
    expect(overflow?.dropped).toBe(5);
    expect(overflow?.message).toMatch(/is full \(3\): 5 of the lowest priority/);
    expect(overflow).toMatchObject({ key: 'alarms.fromMain.overflow', params: { bound: 3, count: 5 } });
    expect(changes.at(-1)?.overflow?.dropped).toBe(5);
    expect(logs.filter((l) => /error.*bound of 3/.test(l))).toHaveLength(4);
  });

  it('alarms older than the shift are marked as from before it', () => {
    const { store } = open();
    store.observe([event(1, 'low', new Date(NOW - 25 * 3_600_000).toISOString()), event(2, 'low')]);
    expect(store.get(1)?.preShift).toBe(true);
    expect(store.get(2)?.preShift).toBe(false);
  });

  it('never opens an alarm already in the operator log', () => {
    const { store } = open({ acknowledged: new Set([1]) });
    store.observe([event(1, 'critical')]);
    expect(store.size).toBe(0);
  });
});
