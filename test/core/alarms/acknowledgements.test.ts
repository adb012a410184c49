// AcknowledgementStore: the operator log kept on disk, across restarts and unreadable lines.
import { mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACKNOWLEDGEMENTS_FILE, AcknowledgementStore } from '../../../electron/core/alarms/acknowledgements';
import { createLogger, memorySink } from '../../../electron/core/log/logger';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kiosk-acks-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function open(now = () => new Date('2026-03-01T10:00:00Z')) {
  const logged = memorySink();
  const store = new AcknowledgementStore({ dataDir, log: createLogger(logged.sink), now });
  return { store, logs: logged.lines };
}

const input = (alarmKey: string, note = '') => ({ alarmKey, recordIds: [12, 7, 12], note, device: 'Main door', text: 'Door forced open' });

describe('AcknowledgementStore', () => {
  it('survives a re-open and lists newest first', async () => {
    let t = Date.parse('2026-03-01T10:00:00Z');
    const { store } = open(() => new Date((t += 60_000)));
    const first = await store.add(input('door-a', '  checked, false alarm  '));
    await store.add(input('door-b', 'guard sent'));
    expect(first).toEqual({
      alarmKey: 'door-a',
      recordIds: [7, 12],
      note: 'checked, false alarm',
      acknowledgedAt: '2026-03-01T10:01:00.000Z',
      device: 'Main door',
      text: 'Door forced open',
      operator: null,
      eventCreated: null,
      priority: null,
    });

    const reopened = open().store;
    const listed = await reopened.list();
    expect(listed.map((a) => a.alarmKey)).toEqual(['door-b', 'door-a']);
    expect(listed[1]).toEqual(first);
  });

  it('skips corrupt lines with a warning and keeps appending on a new line', async () => {
    const { store } = open();
    await store.add(input('ok-1'));
    const file = path.join(dataDir, ACKNOWLEDGEMENTS_FILE);
    await appendFile(file, 'this is not json\n{"alarmKey":"x"}\n{"alarmKey":"torn","recordIds":[1');
    const reopened = open();
    expect((await reopened.store.list()).map((a) => a.alarmKey)).toEqual(['ok-1']);
    expect(reopened.logs.filter((l) => l.startsWith('warn') && l.includes('skipped unreadable line'))).toHaveLength(3);

    await reopened.store.add(input('ok-2'));
    const third = open();
    expect((await third.store.list()).map((a) => a.alarmKey)).toEqual(['ok-2', 'ok-1']);
    expect(third.logs.filter((l) => l.includes('skipped'))).toHaveLength(3); // the torn line did not swallow ok-2
  });

  it('starts empty when there is no file, and creates the data directory on the first write', async () => {
    await rm(dataDir, { recursive: true, force: true });
    const { store } = open();
    expect(await store.list()).toEqual([]);
    await store.add(input('first'));
    const text = await readFile(path.join(dataDir, ACKNOWLEDGEMENTS_FILE), 'utf8');
    expect(text.trim().split('\n')).toHaveLength(1);
  });

  it('keeps concurrent acknowledgements in call order, one line each', async () => {
    const { store } = open();
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.add(input(`alarm-${i}`))));
    const lines = (await readFile(path.join(dataDir, ACKNOWLEDGEMENTS_FILE), 'utf8')).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { alarmKey: string }).alarmKey)).toEqual(Array.from({ length: 20 }, (_, i) => `alarm-${i}`));
  });

  it('answers a typed failure when the file cannot be written, and keeps working after', async () => {
    const { store } = open();
    await store.load();
    // A directory where the file should be: every append fails.
    await rm(dataDir, { recursive: true, force: true });
    await writeFile(dataDir, 'not a directory');
    await expect(store.add(input('lost'))).rejects.toMatchObject({ error: { code: 'internal', key: 'errors.ackNotSaved' } });
    expect(await store.list()).toEqual([]);
    await rm(dataDir, { force: true });
    await store.add(input('saved'));
    expect((await store.list()).map((a) => a.alarmKey)).toEqual(['saved']);
  });
});
