/**
 * The kiosk that downloads for the site killed in the middle of a download (issue 34): a child
 * process leads (it holds the store's lead lock on its own connection), the simulator stalls the
 * body of its next download, and it is killed with SIGKILL there. Its lock goes with its
 * connection: one of the other kiosks takes the lead at its next look, downloads, and publishes
 * the service's changes; every desk's lookup then holds them all. No revision is left half
 * written in the store, revisions have no gap, and a desk's lookup never shows part of one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { SimulatorControls } from '../../../electron/simulator/control-client';
import { bundleEntry, startChild } from '../cardholders/outbox/support/bundle';
import { startPostgres, type PostgresServer } from '../../support/postgres-server';
import { removeDirs, serviceClient, startSiteKiosk, type SiteKiosk } from './support/site-kiosks';

const CARDHOLDERS = 3_000;
const CHANGED = Array.from({ length: 20 }, (_, i) => 11 + i * 37);
const INTERVAL_MS = 3_000;
let server: PostgresServer;
let sim: RunningSimulator;
const kiosks: SiteKiosk[] = [];
let childDir = '';

beforeAll(async () => {
  server = await startPostgres();
  sim = await startSimulator({ fresh: true, cardholders: CARDHOLDERS, eventRate: 0, historyEvents: 10, testControls: true });
}, 120_000);
afterAll(async () => {
  await Promise.all(kiosks.map((kiosk) => kiosk.stop()));
  removeDirs(kiosks.splice(0));
  await sim?.close();
  await server?.destroy();
  if (childDir) rmSync(childDir, { recursive: true, force: true });
});

it('another kiosk takes over when the leader dies mid-download, and no desk sees half a revision', async () => {
  const db = await server.createDatabase();
  const storeUrl = server.url(db);
  childDir = mkdtempSync(path.join(tmpdir(), 'kiosk-site-leader-'));
  const child = startChild(bundleEntry(path.join(__dirname, 'support', 'leader-child.ts')), [childDir, sim.url, storeUrl, String(INTERVAL_MS)]);
  /** The child's line, or a failure that shows what it printed. */
  const said = (test: (line: string) => boolean, what: string) =>
    Promise.race([
      child.waitFor(test),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the leading child never said ${what}:\n${child.lines.slice(-20).join('\n')}\n${child.stderr.join('')}`)), 60_000)),
    ]);
  await said((line) => line === 'LEAD', 'LEAD');
  await said((line) => line.startsWith('REV '), 'REV');

  // The service changes 20 people; the leader's next download will stall half-way.
  const service = serviceClient(sim.url);
  for (const id of CHANGED) await service.updateCardHolder({ id, last_Name: `Moved-${id}` });
  await new SimulatorControls(sim.url).stallBodies({ afterBytes: 64 * 1024, count: 1, pathPrefix: '/api/CardHolders' });

  for (const name of ['desk-2', 'desk-3']) kiosks.push(await startSiteKiosk({ name, simulatorUrl: sim.url, storeUrl, intervalMs: INTERVAL_MS }));
  // A desk's lookup shows all of the change or none of it, at every look.
  const seen = new Set<number>();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      // One search is one look at the lookup (one engine call): the moved people it finds.
      for (const kiosk of kiosks) seen.add((await kiosk.capability.directory.search('Moved', 0, 100)).records.filter((record) => record.last_Name.startsWith('Moved-')).length);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();

  await said((line) => line.startsWith('MID '), 'MID');
  const killedAt = Date.now();
  child.process.kill('SIGKILL');
  expect(await child.ended).toBe('SIGKILL');
  await new SimulatorControls(sim.url).clearFaults();

  // Another kiosk leads, downloads and publishes; every desk's lookup follows.
  await vi.waitFor(
    async () => {
      for (const kiosk of kiosks) {
        for (const id of CHANGED) {
          const record = await kiosk.capability.directory.get(id);
          if (record?.last_Name !== `Moved-${id}`) throw new Error(`${kiosk.name} still shows ${record?.last_Name} for ${id}\n${kiosk.lines.slice(-8).join('\n')}`);
        }
      }
    },
    { timeout: 60_000, interval: 100 },
  );
  const tookOver = Date.now() - killedAt;
  watching = false;
  await watcher;
  const leaders = kiosks.filter((kiosk) => kiosk.lines.some((line) => line.includes('now downloads the directory for the site')));
  expect(leaders).toHaveLength(1);
  console.log(`the lead was taken over and the change reached both desks ${tookOver} ms after the kill (site interval ${INTERVAL_MS} ms)`);

  expect([...seen].filter((moved) => moved !== 0 && moved !== CHANGED.length), 'a desk showed part of a revision').toEqual([]);
  const revisions = (await server.sql('SELECT revision, complete FROM kiosk_desk.directory_revisions ORDER BY revision', db)).map((row) => ({ revision: Number(row.revision), complete: row.complete }));
  expect(revisions.every((row) => row.complete)).toBe(true);
  expect(revisions.map((row) => row.revision)).toEqual(revisions.map((_, i) => i + 1));
  expect((await server.sql('SELECT revision FROM kiosk_desk.directory_head', db))[0]?.revision).toBe(String(revisions.length));
}, 180_000);
