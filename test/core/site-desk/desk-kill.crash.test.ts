// A desk killed while its actions wait, or while one is on its way to the site store, sends each
// once after it starts again (issue 30): a child desk acknowledges alarms as fast as it can (each
// acknowledgement queued for the site in its database, its sync sending the queue meanwhile) and
// is killed with SIGKILL at random moments, 10 times over the same folder, against a REAL
// PostgreSQL started by the test. Then one last desk starts on the folder and empties the queue:
// the site's log holds exactly one acknowledgement per alarm the child said it acknowledged, and
// no action twice.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { AlarmStore } from '../../../electron/core/alarms/alarm-store';
import { serviceRecordId } from '../../../electron/core/connection/service-identity';
import { createLogger } from '../../../electron/core/log/logger';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { DeskSync } from '../../../electron/core/site-desk/desk-sync';
import { createSiteStore } from '../../../electron/core/site-desk/site-store';
import { bundleEntry, startChild } from '../cardholders/outbox/support/bundle';
import { startPostgres, type PostgresServer } from '../../support/postgres-server';

const KILLS = 10;
let server: PostgresServer;
let dir = '';
beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => {
  await server?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it(`a desk killed ${KILLS} times while sending its queue sends each action once`, async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-desk-kill-'));
  const script = bundleEntry(path.join(__dirname, 'support', 'desk-kill-child.ts'));
  const key = randomBytes(32);
  const said = new Set<number>();
  const problems: string[] = [];
  for (let k = 0; k < KILLS; k++) {
    // Each run numbers its alarms apart (one acknowledged but not yet said must not share a note with the next run's).
    const child = startChild(script, [dir, key.toString('hex'), server.url(), String(k * 1_000_000 + 1)]);
    await child.waitFor((line) => line === 'running');
    await child.waitFor((line) => line.startsWith('ACK '));
    await new Promise((resolve) => setTimeout(resolve, 20 + ((k * 53) % 150)));
    child.process.kill('SIGKILL');
    expect(await child.ended).toBe('SIGKILL');
    problems.push(...child.lines.filter((line) => line.startsWith('ERROR')));
    for (const line of child.lines) if (line.startsWith('ACK ')) said.add(Number(line.slice(4)));
  }
  // The last start on the same folder: it sends what still waits, then stops.
  const { database } = KioskDatabase.open(dir, { info: () => undefined, error: (message) => problems.push(message) });
  const quiet = createLogger(() => undefined);
  let sync: DeskSync | null = null;
  const alarms = new AlarmStore({ database, serviceId: serviceRecordId(database, 'kill-test', Date.now()), key, bound: 1_000_000, shiftHours: 12, escalateAfterMinutes: 0, log: quiet, onChange: () => undefined, desk: 'desk-k', settledElsewhere: (k) => sync?.settledElsewhere(k) ?? null });
  const waitingAtStart = database.get<{ n: number }>('SELECT COUNT(*) AS n FROM desk_pending')!.n;
  sync = new DeskSync({ store: createSiteStore({ url: server.url(), password: null, log: quiet }), database, key, desk: 'desk-k', leaseSeconds: 300, alarms: () => alarms, operator: () => null, log: quiet, retryMs: 100 });
  sync.start();
  await vi.waitFor(() => expect(sync!.state()).toMatchObject({ status: 'up', waiting: 0 }), { timeout: 60_000, interval: 100 });
  await sync.stop();
  database.close();

  const rows = await server.sql("SELECT action_id, body->>'note' AS note FROM kiosk_desk.actions WHERE kind = 'acknowledge'");
  const notes = rows.map((row) => String(row['note']));
  // Once each: no action id twice, no alarm acknowledged twice.
  expect(new Set(rows.map((row) => String(row['action_id']))).size).toBe(rows.length);
  expect(new Set(notes).size).toBe(notes.length);
  // Every acknowledgement the child reported done reached the site.
  for (const n of said) expect(notes).toContain(`note ${n}`);
  expect(problems).toEqual([]);
  console.log(`desk kill test: ${KILLS} kills, ${said.size} acknowledgements said, ${rows.length} in the site log, ${waitingAtStart} still waiting at the last start`);
}, 240_000);
