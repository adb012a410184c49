// Nothing acknowledged is lost after kill -9 during writes (issue 29): a child process acknowledges
// alarms and adds enrolment log entries to the kiosk's database as fast as it can and is killed
// with SIGKILL at random moments, 16 times over the same folder. After each kill the database
// opens (whole-file check: the run stopped short), every acknowledgement and entry the child said
// was done is there, once, and with the key nothing of them is on disk in clear.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { EnrolmentLog } from '../../../electron/core/cardholders/enrolment/enrolment-log';
import { serviceRecordId } from '../../../electron/core/connection/service-identity';
import { createLogger } from '../../../electron/core/log/logger';
import { DATABASE_FILE, KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { bundleEntry, startChild } from '../cardholders/outbox/support/bundle';

const KILLS = 16;
let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it(`acknowledgements and log entries survive SIGKILL at ${KILLS} random moments of writing`, async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-records-kill-'));
  const script = bundleEntry(path.join(__dirname, 'support', 'records-kill-child.ts'));
  const key = randomBytes(32);
  const quiet = createLogger(() => undefined);
  const problems: string[] = [];
  let next = 1;
  let acknowledged = 0;
  for (let k = 0; k < KILLS; k++) {
    const child = startChild(script, [dir, key.toString('hex'), String(next)]);
    await child.waitFor((line) => line === 'running');
    // Let it write for a while (the first acknowledgement, then a few more turns), then kill.
    await child.waitFor((line) => line.startsWith('ACK '));
    await new Promise((resolve) => setTimeout(resolve, (k * 37) % 120));
    child.process.kill('SIGKILL');
    expect(await child.ended).toBe('SIGKILL');
    const said = (kind: string): number[] => child.lines.filter((line) => line.startsWith(`${kind} `)).map((line) => Number(line.slice(kind.length + 1)));
    const acks = said('ACK');
    const logs = said('LOG');
    problems.push(...child.lines.filter((line) => line.startsWith('ERROR')));

    const { database, movedAside } = KioskDatabase.open(dir, { info: () => undefined, error: (message) => problems.push(message) });
    expect(movedAside).toBeNull();
    const store = new AlarmStore({ database, serviceId: serviceRecordId(database, 'kill-test', Date.now()), key, bound: 1_000_000, shiftHours: 12, escalateAfterMinutes: 0, log: quiet, onChange: () => undefined });
    const page = store.acknowledgementPage(0, 1_000_000);
    const notes = page.items.map((a) => a.note);
    expect(new Set(notes).size).toBe(notes.length);
    for (const n of acks) expect(notes).toContain(`note ${n}`);
    const entries = await new EnrolmentLog({ database, dataDir: dir, log: quiet, key }).all();
    const ids = entries.map((e) => e.cardholderId);
    for (const n of logs) expect(ids).toContain(n);
    expect(new Set(ids).size).toBe(ids.length);
    acknowledged = page.total;
    // The next run starts after what is there (an acknowledgement done but not yet said counts).
    next = Math.max(next, ...notes.map((note) => Number(note.slice(5)) + 1));
    database.close();
  }
  expect(problems).toEqual([]);
  expect(acknowledged).toBeGreaterThanOrEqual(KILLS);
  const bytes = [DATABASE_FILE, `${DATABASE_FILE}-wal`].map((name) => path.join(dir, name)).filter((file) => existsSync(file)).map((file) => readFileSync(file).toString('latin1')).join('');
  expect(bytes).not.toMatch(/Marie|Dupont/);
  console.log(`records kill test: ${KILLS} kills, ${acknowledged} acknowledgements kept`);
}, 180_000);
