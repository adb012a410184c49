/**
 * The site store away (issue 34), against a REAL PostgreSQL stopped and started by the test and
 * the simulator over real HTTP: each desk keeps its own saved directory and says since when the
 * store is away and how old its directory is; once the store has been away longer than
 * siteStore.directoryFallbackMinutes the desks download from the service themselves (a change on
 * the service reaches them); a desk started with no directory during the outage downloads at once
 * (the desk never has no directory); when the store is back, they follow the site copy again.
 */
import { describe, expect, it, vi } from 'vitest';
import { serviceClient, startSiteKiosk, useSiteRig, type SiteKiosk } from './support/site-kiosks';

const CARDHOLDERS = 200;
const FALLBACK_MS = 2_000;
const INTERVAL_MS = 1_500;
const rig = useSiteRig(CARDHOLDERS);
const { kiosks } = rig;

const origin = (kiosk: SiteKiosk) => kiosk.capability.sync.state().origin;

describe('the site store away', () => {
  it('keeps the saved directory, downloads from the service after the fallback time, and returns to the site copy', async () => {
    const db = await rig.server.createDatabase();
    const storeUrl = rig.server.url(db);
    for (const name of ['desk-1', 'desk-2']) kiosks.push(await startSiteKiosk({ name, simulatorUrl: rig.sim.url, storeUrl, intervalMs: INTERVAL_MS, fallbackMs: FALLBACK_MS }));
    await vi.waitFor(() => {
      for (const kiosk of kiosks) expect(origin(kiosk)).toMatchObject({ source: 'site', revision: expect.any(Number), storeLostSince: null });
    }, { timeout: 30_000, interval: 50 });
    const revisionBefore = origin(kiosks[1]!)!.revision;

    await rig.server.stop();
    // Away: each desk says since when, and keeps its saved directory (its records and their age).
    await vi.waitFor(() => {
      for (const kiosk of kiosks) expect(origin(kiosk)?.storeLostSince).toEqual(expect.any(String));
    }, { timeout: 30_000, interval: 50 });
    for (const kiosk of kiosks) {
      expect(kiosk.capability.sync.state().records).toBe(CARDHOLDERS);
      expect(kiosk.capability.sync.state().syncedAt).toEqual(expect.any(String));
    }

    // Past the fallback time: the desks download from the service themselves.
    await vi.waitFor(() => {
      for (const kiosk of kiosks) expect(origin(kiosk)?.source).toBe('service');
    }, { timeout: 30_000, interval: 50 });
    for (const kiosk of kiosks) {
      const fellBack = kiosk.lines.findIndex((line) => line.includes('downloads the directory from the service itself'));
      expect(fellBack, kiosk.lines.join('\n')).toBeGreaterThanOrEqual(0);
    }
    const service = serviceClient(rig.sim.url);
    await service.updateCardHolder({ id: 42, first_Name: 'Offline-Change' });
    for (const kiosk of kiosks) await vi.waitFor(async () => expect((await kiosk.capability.directory.get(42))?.first_Name).toBe('Offline-Change'), { timeout: 30_000, interval: 50 });

    // A desk started with no directory while the store is away does not wait for it.
    kiosks.push(await startSiteKiosk({ name: 'desk-new', simulatorUrl: rig.sim.url, storeUrl, intervalMs: INTERVAL_MS, fallbackMs: 60 * 60_000 }));
    await vi.waitFor(() => expect(kiosks[2]!.capability.sync.state().records).toBe(CARDHOLDERS), { timeout: 30_000, interval: 50 });

    // The store is back: the site copy again (loaded whole: the desks' own downloads are no revision of it).
    await rig.server.start();
    await vi.waitFor(() => {
      for (const kiosk of kiosks) expect(origin(kiosk)).toMatchObject({ source: 'site', storeLostSince: null, revision: expect.any(Number) });
    }, { timeout: 60_000, interval: 50 });
    // Each desk ends on a revision published after the store came back, which holds the change
    // (a desk may say 'site' a moment before it has read that revision: the wait covers both).
    await vi.waitFor(async () => {
      for (const kiosk of kiosks) {
        expect(origin(kiosk)!.revision).toBeGreaterThan(revisionBefore!);
        expect((await kiosk.capability.directory.get(42))?.first_Name).toBe('Offline-Change');
      }
    }, { timeout: 60_000, interval: 50 });
  }, 180_000);
});
