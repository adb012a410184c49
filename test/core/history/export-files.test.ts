// Exports at rest: owner-only (0600 files in a 0700 folder), a second export in the same minute
// never replaces the first, and times are given both as the screen shows them and in UTC.
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SystemEvent } from '../../../electron/contract/ipc';
import { EventSearchRequest } from '../../../electron/contract/ipc';
import { createAlarmClassifier, DEFAULT_ALARM_RULES } from '../../../electron/core/alarms/alarm-rules';
import { csvTimes, writeCsvFile } from '../../../electron/core/history/csv';
import { EventHistory } from '../../../electron/core/history/event-history';
import { createLogger, silentSink } from '../../../electron/core/log/logger';
import { exportFolder, freeName } from '../../../electron/core/storage/export-folder';
import { SAVE_ASKS } from '../../../electron/core/ports/save-file';
import { FakeEventService, PushRecorder } from '../support/event-fakes';
import { systemEvent } from '../../support/events';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-exports-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const POSIX = process.platform !== 'win32';
const mode = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;
const classifier = createAlarmClassifier(DEFAULT_ALARM_RULES);
const event = (id: number): SystemEvent =>
  systemEvent(id, { created: new Date(Date.UTC(2026, 1, 1, 12, 0, id)).toISOString(), device_Name: `Door ${id}`, custom_Text: `Access granted to Marie Dupont ${id}` });
const window = { from: '2026-02-01T00:00:00.000Z', to: '2026-02-02T00:00:00.000Z' };

describe('exports at rest', () => {
  it('two exports in the same second get two files, both owner-only, in an owner-only folder', async () => {
    const previous = process.umask(0o022);
    try {
      const exportsDir = path.join(dir, 'exports');
      const service = new FakeEventService();
      service.searchAnswer = [event(1), event(2)];
      const history = new EventHistory({
        service,
        classify: (e) => ({ ...e, alarm: classifier.classify(e) }),
        push: new PushRecorder(),
        log: createLogger(silentSink),
        defaultTenants: [0],
        pickSaveFile: exportFolder(exportsDir),
        now: () => new Date(2026, 2, 4, 9, 7, 30),
      });
      const { resultId } = await history.search(EventSearchRequest.parse(window));
      const first = await history.exportCsv({ resultId });
      const second = await history.exportCsv({ resultId });
      expect(path.basename(first.path!)).toBe('system-events-2026-03-04_09-07-30.csv');
      expect(path.basename(second.path!)).toBe('system-events-2026-03-04_09-07-30-2.csv');
      expect((await readdir(exportsDir)).sort()).toEqual(['system-events-2026-03-04_09-07-30-2.csv', 'system-events-2026-03-04_09-07-30.csv']);
      for (const file of [first.path!, second.path!]) expect((await readFile(file, 'utf8')).split('\r\n')).toHaveLength(4);
      if (POSIX) {
        expect(await mode(exportsDir)).toBe(0o700);
        expect(await mode(first.path!)).toBe(0o600);
        expect(await mode(second.path!)).toBe(0o600);
      }
    } finally {
      process.umask(previous);
    }
  });

  it.runIf(POSIX)('a file the guard chose to replace becomes owner-only too; an existing folder left 0755 is narrowed', async () => {
    const file = path.join(dir, 'chosen.csv');
    await writeFile(file, 'old');
    await chmod(file, 0o644);
    await writeCsvFile(file, ['a'], [[1]]);
    expect(await mode(file)).toBe(0o600);
    await chmod(dir, 0o755);
    await exportFolder(dir)('x.csv', SAVE_ASKS.searchResults);
    expect(await mode(dir)).toBe(0o700);
  });

  it('freeName numbers a taken name before its extension', () => {
    const taken = new Set(['a.csv', 'a-2.csv']);
    expect(freeName('a.csv', (n) => taken.has(n))).toBe('a-3.csv');
    expect(freeName('b.csv', (n) => taken.has(n))).toBe('b.csv');
    expect(freeName('noext', (n) => n === 'noext')).toBe('noext-2');
  });

  it('times: local as on screen (24-hour, with the offset) and UTC; a value that is not a time is kept', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/New_York';
      expect(csvTimes('2026-07-01T12:00:05.000Z')).toEqual(['2026-07-01 08:00:05 -04:00', '2026-07-01 12:00:05 UTC']);
      process.env.TZ = 'Asia/Kolkata';
      expect(csvTimes('2026-07-01T12:00:05Z')).toEqual(['2026-07-01 17:30:05 +05:30', '2026-07-01 12:00:05 UTC']);
      expect(csvTimes('not a time')).toEqual(['not a time', '']);
      expect(csvTimes(null)).toEqual(['', '']);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
