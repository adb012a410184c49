/**
 * Five kiosks, one simulator (real HTTP), one REAL PostgreSQL (issue 34): the directory is
 * downloaded from the service once per site interval, not once per desk (counted in the
 * simulator's request log); a record changed on the service reaches every desk's lookup; a
 * person enrolled at desk 1 is found at desk 5 long before the next site download (written to
 * the site copy as soon as the service confirmed it). Without the site copy every desk downloads
 * on its own: five downloads per interval, and desk 5 finds the person only at its next sync.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CardholderFields } from '../../../electron/contract/ipc';
import { VALID } from '../../support/valid-requests';
import { serviceClient, startSiteKiosk, useSiteRig } from './support/site-kiosks';

const CARDHOLDERS = 300;
const rig = useSiteRig(CARDHOLDERS);
const { kiosks } = rig;

async function fiveDesks(intervalMs: number): Promise<{ storeUrl: string }> {
  const db = await rig.server.createDatabase();
  const storeUrl = rig.server.url(db);
  for (let i = 1; i <= 5; i++) kiosks.push(await startSiteKiosk({ name: `desk-${i}`, simulatorUrl: rig.sim.url, storeUrl, intervalMs }));
  // Every desk holds the site copy.
  await vi.waitFor(
    async () => {
      for (const kiosk of kiosks) {
        const state = kiosk.capability.sync.state();
        if (state.origin?.revision === null || state.origin?.revision === undefined || state.records < CARDHOLDERS) throw new Error(`${kiosk.name} does not hold the site copy yet: ${JSON.stringify(state.origin)} ${state.records} records\n${kiosk.lines.join("\n")}`);
      }
    },
    { timeout: 60_000, interval: 100 },
  );
  return { storeUrl };
}

const fields = (): CardholderFields => ({ ...VALID.createCardholder, first_Name: 'Ottilie', last_Name: 'Vanderkamp', employee_ID: '900501', email: 'ottilie.vanderkamp@contoso.example' });

describe('five desks, one site copy', () => {
  it('downloads once per site interval, not five times, and a change on the service reaches every desk', async () => {
    const intervalMs = 2_500;
    await fiveDesks(intervalMs);
    // The one desk that leads; the others follow.
    const leaders = kiosks.filter((kiosk) => kiosk.capability.sync.state().origin?.downloading || kiosk.lines.some((line) => line.includes('now downloads the directory for the site')));
    expect(leaders).toHaveLength(1);
    for (const kiosk of kiosks) expect(kiosk.capability.sync.state().origin?.source).toBe('site');

    // Three site intervals: each desk's lookup follows; the service is asked once per interval.
    const before = rig.downloads.count();
    const started = Date.now();
    const service = serviceClient(rig.sim.url);
    const target = (await service.getCardHolder(17)).updated;
    await service.updateCardHolder({ id: 17, last_Name: 'Changed-On-The-Service' });
    await vi.waitFor(
      async () => {
        for (const kiosk of kiosks) {
          const record = await kiosk.capability.directory.get(17);
          if (record?.last_Name !== 'Changed-On-The-Service') throw new Error(`${kiosk.name} still shows ${record?.last_Name} (updated ${record?.updated}, was ${target})`);
        }
      },
      { timeout: 30_000, interval: 100 },
    );
    await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
    const elapsed = Date.now() - started;
    const asked = rig.downloads.count() - before;
    // One download per site interval (and one at the edge of the window), where five desks on their own would make five each.
    const intervals = Math.ceil(elapsed / intervalMs);
    expect(asked, `${asked} downloads in ${elapsed} ms (${intervals} site intervals)`).toBeLessThanOrEqual(intervals + 1);
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThan(intervals * 5);
    // Every desk's lookup finds the changed record by name.
    for (const kiosk of kiosks) expect((await kiosk.capability.directory.search('Changed-On-The-Service', 0, 5)).total).toBe(1);
  }, 120_000);

  it('a person enrolled at desk 1 is found at desk 5 without waiting for the next site download', async () => {
    // A site interval of an hour: only the write-through can bring the person to desk 5 now.
    await fiveDesks(60 * 60_000);
    const before = rig.downloads.count();
    const { record } = await kiosks[0]!.capability.handlers.createCardholder(fields());
    expect(record.id).toBeGreaterThan(0);
    await vi.waitFor(
      async () => {
        const page = await kiosks[4]!.capability.directory.search('Ottilie Vanderkamp', 0, 5);
        if (page.total !== 1) throw new Error(`desk 5 does not find the person enrolled at desk 1 (revision ${kiosks[4]!.capability.sync.state().origin?.revision})`);
      },
      { timeout: 30_000, interval: 50 },
    );
    // Every desk, and the change of the person at desk 3 reaches desk 2.
    for (const kiosk of kiosks) await vi.waitFor(async () => expect((await kiosk.capability.directory.get(record.id))?.first_Name).toBe('Ottilie'), { timeout: 30_000, interval: 50 });
    const update = await kiosks[2]!.capability.handlers.updateCardholder({ id: record.id, changes: { city: 'Utrecht' }, expectedUpdated: record.updated });
    expect(update.outcome).toBe('saved');
    await vi.waitFor(async () => expect((await kiosks[1]!.capability.directory.get(record.id))?.city).toBe('Utrecht'), { timeout: 30_000, interval: 50 });
    expect(rig.downloads.count() - before).toBe(0);
  }, 120_000);
});
