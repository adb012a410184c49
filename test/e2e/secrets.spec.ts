/**
 * The credential stays in main: with a known secret stored in the vault and a service that
 * demands it, every operation of the contract is exercised through window.kiosk, and the secret
 * appears in no bridge message (requests, answers, push stream), no log line and no DOM.
 */
import { test, expect, launchPreview } from './fixtures';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { chooseVault, credentialDir } from '../../electron/core/credentials/choose-vault';
import { Secret } from '../../electron/core/credentials/secret';
import { listenerNameOf, OPERATION_NAMES, PUSH_NAMES } from '../../electron/contract/ipc';

const SECRET = 'TopSecret-Bearer-7f3a9c21e5';

let service: RunningSimulator;
test.beforeAll(async () => {
  service = await startSimulator({ auth: { scheme: 'bearer', token: SECRET }, eventRate: 0, cardholders: 50, historyEvents: 300 });
});
test.afterAll(async () => {
  await service.close();
});

for (const variant of ['the right secret', 'a wrong secret'] as const) {
  test(`with ${variant}, the secret reaches no IPC message, log line or DOM`, async ({ page }) => {
    const stored = variant === 'the right secret' ? SECRET : `${SECRET}-wrong`;
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-secret-'));
    await chooseVault(null, { dir: credentialDir(dataDir) }).write(new Secret(stored, null, new URL(service.url).origin));
    const kiosk = await launchPreview({
      dataDir,
      config: { argv: [`--service-url=${service.url}`, '--auth-scheme=bearer', '--retries=0'] },
    });
    const wire: string[] = [];
    page.on('request', (request) => {
      wire.push(request.url(), JSON.stringify(request.headers()), request.postData() ?? '');
    });
    page.on('response', async (response) => {
      if (!response.url().includes('/__kiosk/op/')) return;
      wire.push(JSON.stringify(response.headers()), await response.text().catch(() => ''));
    });
    try {
      await page.goto(kiosk.url);
      // Record everything the push stream carries, from inside the page.
      // Every push of the contract (onFeedEvents, onOpenAlarms, onOutageAlarm…).
      const listeners: string[] = PUSH_NAMES.map(listenerNameOf);
      const subscribed = await page.evaluate((names) => {
        const k = (window as unknown as { kiosk: Record<string, (l: (p: unknown) => void) => void> }).kiosk;
        const seen: string[] = [];
        (window as unknown as { __pushes: string[] }).__pushes = seen;
        let count = 0;
        for (const name of names) {
          if (typeof k[name] !== 'function') continue;
          k[name]((p) => seen.push(JSON.stringify(p)));
          count++;
        }
        return count;
      }, listeners);
      expect(subscribed).toBe(PUSH_NAMES.length);
      const answers = await page.evaluate(async () => {
        type Api = Record<string, (req?: unknown) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>>;
        const k = (window as unknown as { kiosk: Api }).kiosk;
        const day = 24 * 3600 * 1000;
        const range = { from: new Date(Date.now() - 7 * day).toISOString(), to: new Date(Date.now() + day).toISOString() };
        const out: Record<string, unknown> = {};
        out.getServiceStatus = await k.getServiceStatus!();
        out.getSettings = await k.getSettings!();
        out.getFeedSnapshot = await k.getFeedSnapshot!();
        out.getEvent = await k.getEvent!({ id: 1 });
        const search = await k.searchEvents!({ ...range, isAlarm: false });
        out.searchEvents = search;
        out.searchEventsByCodes = await k.searchEventsByCodes!({ ...range, tenants: [0], eventCategoryIDs: [1] });
        const resultId = search.ok ? (search.value as { resultId: string }).resultId : 'none';
        out.exportSearchCsv = await k.exportSearchCsv!({ resultId });
        out.acknowledgeAlarms = await k.acknowledgeAlarms!({ alarmIds: [1], note: 'secret check' });
        out.acknowledgeAlarmGroup = await k.acknowledgeAlarmGroup!({ group: 'preShift', asOf: { highestId: 1, lastSetAside: 0 }, expected: 1, note: 'secret check' });
        out.listOpenAlarms = await k.listOpenAlarms!({ group: 'all', order: 'newest', offset: 0, limit: 25 });
        out.getOutageAlarm = await k.getOutageAlarm!();
        out.openedGuardScreen = await k.openedGuardScreen!();
        out.acknowledgeOutage = await k.acknowledgeOutage!({ id: 1 });
        // The shared alarm desk (off here: no site store is configured).
        out.getDeskState = await k.getDeskState!();
        out.claimAlarm = await k.claimAlarm!({ alarmId: 1 });
        out.releaseAlarm = await k.releaseAlarm!({ alarmId: 1 });
        out.takeOverAlarm = await k.takeOverAlarm!({ alarmId: 1, reason: 'Secret check' });
        out.addAlarmNote = await k.addAlarmNote!({ alarmId: 1, note: 'Secret check' });
        out.getAlarmActivity = await k.getAlarmActivity!({ alarmId: 1 });
        out.setHandoverWords = await k.setHandoverWords!({ words: 'Secret check' });
        out.confirmSiteHandover = await k.confirmSiteHandover!({ handoverId: '0b7f6c1e-3a4d-4e8f-9a2b-1c3d5e7f9a0b' });
        out.dismissDeskNotice = await k.dismissDeskNotice!({ id: 'no-such-notice' });
        out.getSiteCatalogue = await k.getSiteCatalogue!();
        out.listAcknowledgements = await k.listAcknowledgements!();
        out.getOpenAlarms = await k.getOpenAlarms!();
        out.getAdminOverview = await k.getAdminOverview!();
        out.getDirectoryState = await k.getDirectoryState!();
        out.syncDirectory = await k.syncDirectory!({ taskId: 'secret-check' });
        out.searchCardholders = await k.searchCardholders!({ query: 'a', offset: 0, limit: 20 });
        out.getCardholder = await k.getCardholder!({ id: 1 });
        out.findDuplicateCardholders = await k.findDuplicateCardholders!({ first_Name: 'Marie', last_Name: 'Dupont' });
        const created = await k.createCardholder!({
          first_Name: 'Secret',
          last_Name: 'Check',
          middle_Name: '',
          employee_ID: '990001',
          email: '',
          sex: 'u',
          phone: '',
          address1: '',
          address2: '',
          city: '',
          state: '',
          zip: '',
          tenant: [0],
          card_Holder_Type_ID: 1,
        });
        out.createCardholder = created;
        const record = created.ok ? (created.value as { record: { id: number; updated: string } }).record : { id: 1, updated: '2026-01-01T00:00:00Z' };
        out.updateCardholder = await k.updateCardholder!({ id: record.id, changes: { city: 'Lyon' }, expectedUpdated: record.updated });
        const canvas = document.createElement('canvas');
        canvas.width = 600;
        canvas.height = 800;
        canvas.getContext('2d')?.fillRect(0, 0, 600, 800);
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
        const photo = new Uint8Array(await (blob as Blob).arrayBuffer());
        out.uploadCardholderPhoto = await k.uploadCardholderPhoto!({ id: record.id, photo, contentType: 'image/jpeg', overriddenHints: [] });
        out.getOutbox = await k.getOutbox!();
        out.retryOutbox = await k.retryOutbox!();
        out.discardOutboxItem = await k.discardOutboxItem!({ itemId: 'no-such-item' });
        out.resendOutboxItem = await k.resendOutboxItem!({ itemId: 'no-such-item' });
        out.listEnrolmentLog = await k.listEnrolmentLog!();
        out.removeDirectorySnapshot = await k.removeDirectorySnapshot!();
        out.getAdminLock = await k.getAdminLock!();
        out.unlockAdmin = await k.unlockAdmin!({ pin: '000000' });
        out.lockAdmin = await k.lockAdmin!();
        out.quitKiosk = await k.quitKiosk!();
        out.leaveKioskMode = await k.leaveKioskMode!();
        out.exportOperatorLog = await k.exportOperatorLog!({ part: 'enrolments' });
        out.getOperatorState = await k.getOperatorState!();
        out.showLanguage = await k.showLanguage!({ locale: 'de' });
        out.listAcknowledgementPage = await k.listAcknowledgementPage!({ offset: 0, limit: 50 });
        out.findEventPeople = await k.findEventPeople!({ text: 'Access denied Marie Dupont' });
        out.endShift = await k.endShift!();
        out.listHandoverReports = await k.listHandoverReports!();
        out.signInOperator = await k.signInOperator!({ unnamed: true });
        out.getEnrolmentChoices = await k.getEnrolmentChoices!();
        out.getBadgeSetup = await k.getBadgeSetup!();
        // Only the id: main reads who is on the badge from its directory.
        const badge = await k.previewBadge!({ cardholderId: record.id });
        out.previewBadge = badge;
        out.printBadge = await k.printBadge!({ previewId: badge.ok ? (badge.value as { previewId: string }).previewId : 'no-such-preview', destination: 'printer' });
        out.listBadgeLog = await k.listBadgeLog!();
        out.previewBadgeTemplate = await k.previewBadgeTemplate!({ templateId: 'employee' });
        out.getBadgeTemplateSource = await k.getBadgeTemplateSource!({ templateId: 'employee' });
        out.previewBadgeTemplateDraft = await k.previewBadgeTemplateDraft!({ templateId: 'employee', template: { name: 'Secret', orientation: 'portrait', front: { elements: [] } } });
        out.saveBadgeTemplate = await k.saveBadgeTemplate!({ templateId: 'employee', template: { name: 'Secret', orientation: 'portrait', front: { elements: [] } } });
        return out;
      });
      expect(Object.keys(answers).sort()).toEqual([...OPERATION_NAMES].sort());
      if (variant === 'the right secret') {
        expect(answers.getServiceStatus).toMatchObject({ ok: true, value: { reachable: true } });
        expect(answers.searchEvents).toMatchObject({ ok: true });
        expect(answers.syncDirectory).toMatchObject({ ok: true });
        expect(answers.getCardholder).toMatchObject({ ok: true, value: { refreshed: true, record: { id: 1 } } });
        expect(answers.createCardholder).toMatchObject({ ok: true, value: { record: { last_Name: 'Check' }, queued: null } });
        expect(answers.updateCardholder).toMatchObject({ ok: true, value: { outcome: 'saved', record: { city: 'Lyon' } } });
        expect(answers.uploadCardholderPhoto).toMatchObject({ ok: true, value: { record: { photo_Exists: true }, queued: null } });
        expect(answers.getOutbox).toMatchObject({ ok: true, value: { pending: 0, failed: 0 } });
        expect(answers.discardOutboxItem).toMatchObject({ ok: false, error: { code: 'not_found' } });
        expect(answers.endShift).toMatchObject({ ok: true, value: { operator: 'unnamed' } });
        expect(answers.getDeskState).toMatchObject({ ok: true, value: { status: 'off' } });
        expect(answers.claimAlarm).toMatchObject({ ok: false, error: { message: expect.stringContaining('This kiosk works alone') } });
        expect(answers.signInOperator).toMatchObject({ ok: true, value: { current: { name: 'unnamed' } } });
      } else {
        expect(answers.syncDirectory).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
        expect(answers.createCardholder).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
        expect(answers.getServiceStatus).toMatchObject({ ok: true, value: { reachable: false, error: { code: 'unauthorized' } } });
        expect(answers.getEvent).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
      }
      await page.waitForTimeout(1500); // let a few feed polls and pushes happen
      const pushes = await page.evaluate(() => (window as unknown as { __pushes: string[] }).__pushes);
      const dom = await page.content();
      const haystacks = {
        answers: JSON.stringify(answers),
        wire: wire.join('\n'),
        pushes: pushes.join('\n'),
        logs: kiosk.logLines.join('\n'),
        dom,
      };
      for (const [where, text] of Object.entries(haystacks)) {
        expect(text.includes(SECRET), `the secret appears in ${where}`).toBe(false);
        expect(text.includes(stored), `the stored secret appears in ${where}`).toBe(false);
      }
      expect(wire.length).toBeGreaterThan(10);
      expect(kiosk.logLines.length).toBeGreaterThan(0);
    } finally {
      await kiosk.close();
    }
  });
}
