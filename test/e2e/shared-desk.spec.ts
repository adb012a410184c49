/**
 * Several guard workstations, one alarm desk (issue 30): two kiosks (the real core, each with its
 * own data folder) on one simulator and one REAL PostgreSQL started by the test, each in its own
 * browser context of Debian's Chromium. A claim on A is shown on B; an acknowledgement on A leaves
 * B's waiting list and silences it, and B's operator log says who and where; both guards claim the
 * same alarm in the same instant and exactly one holds it; with the store stopped both acknowledge
 * the same alarm and B claims another, and once it is back each action is applied once and each
 * guard reads what happened; the site's handover written at End shift on A lists both desks' work
 * and is confirmed by the guard at B. Times "within a second" are printed as measured; what is
 * asserted is what the guard sees.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, launchPreview, accessibilityViolations } from './fixtures';
import { cutTexts, horizontalOverflow } from './support/read-whole';
import { alarmsWith, bar, countBeeps, openLiveFeed, rowsWith, tag } from './support/guard-page';
import { SimulatorControls } from '../../electron/simulator/control-client';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { startPostgres, type PostgresServer } from '../support/postgres-server';

test.describe.configure({ mode: 'serial' });

let service: RunningSimulator;
let controls: SimulatorControls;
let pg: PostgresServer;
type Kiosk = Awaited<ReturnType<typeof launchPreview>>;
let kioskA: Kiosk;
let kioskB: Kiosk;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  service = await startSimulator({ port: 0, eventRate: 0, historyEvents: 0, cardholders: 20, testControls: true, fresh: true });
  controls = new SimulatorControls(service.url);
  pg = await startPostgres();
  const argv = (desk: string): string[] => [`--service-url=${service.url}`, '--retries=0', '--poll-interval-ms=300', `--site-store-url=${pg.url()}`, `--site-store-desk=${desk}`, '--alarm-sound-interval-seconds=1'];
  kioskA = await launchPreview({ config: { argv: argv('Desk A') } });
  kioskB = await launchPreview({ config: { argv: argv('Desk B') } });
});
test.afterAll(async () => {
  await kioskA?.close();
  await kioskB?.close();
  await service?.close();
  await pg?.destroy();
});

async function twoDesks(browser: Browser): Promise<{ a: Page; b: Page; contexts: BrowserContext[]; beepsB: () => Promise<number> }> {
  const contexts = [await browser.newContext({ viewport: { width: 1280, height: 900 } }), await browser.newContext({ viewport: { width: 1280, height: 900 } })];
  const a = await contexts[0]!.newPage();
  const b = await contexts[1]!.newPage();
  const beepsB = await countBeeps(b);
  await openLiveFeed(a, kioskA.url);
  await openLiveFeed(b, kioskB.url);
  await expect(a.getByTestId('on-duty')).toBeVisible();
  await expect(b.getByTestId('on-duty')).toBeVisible();
  return { a, b, contexts, beepsB };
}

/** Opens the alarm's details from the alarm list beside the feed. */
async function openDetails(page: Page, device: string): Promise<void> {
  await alarmsWith(page, device).locator('.open-alarm-open').click();
  await expect(page.getByTestId('event-detail')).toBeVisible();
}

async function forcedOpen(device: string): Promise<void> {
  await controls.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'FORCED OPEN' });
}

/** Searches History for the events of a device in the last hour and exports them; returns the CSV's text. */
async function exportHistory(page: Page, device: string): Promise<string> {
  await page.getByRole('tab', { name: 'History' }).click();
  const pad = (n: number): string => String(n).padStart(2, '0');
  const date = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const from = new Date(Date.now() - 3_600_000);
  const to = new Date(Date.now() + 3_600_000);
  await page.getByLabel('From', { exact: true }).fill(date(from));
  await page.getByLabel('From Time', { exact: true }).fill(time(from));
  await page.getByLabel('To', { exact: true }).fill(date(to));
  await page.getByLabel('To Time', { exact: true }).fill(time(to));
  await page.getByLabel('Text', { exact: true }).fill(device);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-count')).toHaveText('1 event');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByTestId('export-result')).toContainText(/Saved 1 rows? to .+\.csv/);
  const saved = /to (.+\.csv)/.exec((await page.getByTestId('export-result').textContent({ timeout: 10_000 })) ?? '');
  expect(saved).not.toBeNull();
  return readFileSync(saved![1]!, 'utf8');
}

const storeCount = async (kind: string): Promise<number> => Number((await pg.sql(`SELECT COUNT(*) AS n FROM kiosk_desk.actions WHERE kind = '${kind}'`))[0]!['n']);

test('a claim on A is shown on B; an acknowledgement on A leaves B\'s waiting list, stops its tone, and B\'s operator log says who and where', async ({ browser }) => {
  test.setTimeout(120_000);
  const { a, b, contexts, beepsB } = await twoDesks(browser);
  try {
    // Each desk sees the other on duty (the list opens from its summary in the feed's head).
    await expect(a.getByTestId('on-duty')).toContainText('On duty: 2 desks', { timeout: 15_000 });
    await a.getByTestId('on-duty').locator('summary').click();
    await b.getByTestId('on-duty').locator('summary').click();
    await expect(a.getByTestId('on-duty-item').filter({ hasText: 'Desk B' })).toBeVisible({ timeout: 15_000 });
    await expect(b.getByTestId('on-duty-item').filter({ hasText: 'Desk A' })).toBeVisible({ timeout: 15_000 });
    const device = tag('Vault door');
    await forcedOpen(device);
    await expect(alarmsWith(a, device)).toHaveCount(1);
    await expect(alarmsWith(b, device)).toHaveCount(1);

    await openDetails(a, device);
    const claimedAt = Date.now();
    await a.getByTestId('alarm-claim').click();
    await expect(alarmsWith(b, device).getByTestId('row-owner')).toContainText('Desk A', { timeout: 10_000 });
    console.log(`shared desk: a claim on A was shown on B ${Date.now() - claimedAt} ms after the click (the issue's bound: 1,000 ms)`);
    await expect(a.getByTestId('alarm-release')).toBeVisible();
    await openDetails(b, device);
    await expect(b.getByTestId('alarm-holder')).toContainText('Desk A');

    // A acknowledges: B's list loses it, its count falls, its tone stops.
    const row = alarmsWith(a, device);
    await row.getByRole('button', { name: /Acknowledge/ }).click();
    const dialog = a.getByRole('dialog', { name: 'Acknowledge alarm' });
    await dialog.getByLabel(/Note/).fill('Patrol sent, door closed');
    const acknowledgedAt = Date.now();
    await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(alarmsWith(b, device)).toHaveCount(0, { timeout: 10_000 });
    console.log(`shared desk: an acknowledgement on A left B's waiting list ${Date.now() - acknowledgedAt} ms after the click (the issue's bound: 1,000 ms)`);
    await expect(bar(b).getByTestId('status-unacknowledged')).toHaveCount(0);
    const beeps = await beepsB();
    await b.waitForTimeout(2_500);
    expect(await beepsB()).toBe(beeps);
    // B's record: who, where and the note.
    await b.getByRole('tab', { name: 'Operator log' }).click();
    const entry = b.getByTestId('operator-log-row').filter({ hasText: device });
    await expect(entry).toContainText('Desk A');
    await expect(entry).toContainText('Patrol sent, door closed');
    expect(await storeCount('acknowledge')).toBe(1);
    // History's export carries the alarm's activity from both desks.
    const csv = await exportHistory(b, device);
    expect(csv.split('\n')[0]).toContain('alarm_Activity');
    expect(csv).toMatch(/unnamed @ Desk A: claimed; [^;]*unnamed @ Desk A: acknowledged — ""Patrol sent, door closed""/);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('both guards claim the same alarm in the same instant: exactly one holds it, the other reads who', async ({ browser }) => {
  test.setTimeout(120_000);
  const { a, b, contexts } = await twoDesks(browser);
  try {
    const device = tag('Loading bay');
    await forcedOpen(device);
    await openDetails(a, device);
    await openDetails(b, device);
    await Promise.all([a.getByTestId('alarm-claim').click(), b.getByTestId('alarm-claim').click()]);
    // One holds it (Release), the other is told who does.
    await expect.poll(async () => (await a.getByTestId('alarm-release').count()) + (await b.getByTestId('alarm-release').count()), { timeout: 10_000 }).toBe(1);
    const loser = (await a.getByTestId('alarm-release').count()) === 1 ? b : a;
    const winner = loser === a ? 'Desk B' : 'Desk A';
    await expect(loser.getByTestId('alarm-holder')).toContainText(winner);
    const alarmKeyOwners = await pg.sql("SELECT owner_desk FROM kiosk_desk.alarms WHERE owner_desk IS NOT NULL AND lease_until > now()");
    expect(alarmKeyOwners.map((row) => row['owner_desk'])).toContain(winner);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('the store stopped: both acknowledge the same alarm and B claims another; back, each action is applied once and each guard reads what happened', async ({ browser }) => {
  test.setTimeout(150_000);
  const { a, b, contexts } = await twoDesks(browser);
  try {
    const both = tag('Server room');
    const other = tag('Roof hatch');
    await forcedOpen(both);
    await forcedOpen(other);
    await expect(alarmsWith(a, both)).toHaveCount(1);
    await expect(alarmsWith(b, other)).toHaveCount(1);
    const acknowledgedBefore = await storeCount('acknowledge');
    const claimsBefore = await storeCount('claim');
    await pg.stop();
    // The banner says what it means for the guard; alarms keep coming from the service.
    await expect(a.getByTestId('desk-banner')).toContainText('Shared alarm desk unreachable since', { timeout: 15_000 });
    await expect(b.getByTestId('desk-banner')).toContainText("other desks' actions are not visible; yours will be shared when it returns");
    const meanwhile = tag('Dock door');
    await forcedOpen(meanwhile);
    await expect(alarmsWith(b, meanwhile)).toHaveCount(1);
    for (const [page, note] of [[a, 'A: false alarm'], [b, 'B: checked the door']] as const) {
      await alarmsWith(page, both).getByRole('button', { name: /Acknowledge/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
      await dialog.getByLabel(/Note/).fill(note);
      await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
      await expect(alarmsWith(page, both)).toHaveCount(0);
    }
    await openDetails(b, other);
    await b.getByTestId('alarm-claim').click();
    await expect(b.getByTestId('alarm-claim-outcome')).toContainText('Will be shared when the alarm desk returns.');
    await expect(b.getByTestId('desk-banner')).toContainText('2 of your actions wait to be sent');

    await pg.start();
    await expect(a.getByTestId('desk-banner')).toHaveCount(0, { timeout: 20_000 });
    await expect(b.getByTestId('desk-banner')).toHaveCount(0, { timeout: 20_000 });
    // Each action once in the store.
    await expect.poll(() => storeCount('acknowledge'), { timeout: 10_000 }).toBe(acknowledgedBefore + 2);
    expect(await storeCount('claim')).toBe(claimsBefore + 1);
    // One of them was second: that guard reads who was first; A sees B's claim.
    const already = async (): Promise<number> => {
      let n = 0;
      for (const page of [a, b]) n += await page.getByTestId('desk-notice').filter({ hasText: 'was already acknowledged by' }).count();
      return n;
    };
    await expect.poll(already, { timeout: 10_000 }).toBe(1);
    await expect(alarmsWith(a, other).getByTestId('row-owner')).toContainText('Desk B', { timeout: 10_000 });
    // The second acknowledgement is in the alarm's activity on both desks, not lost and not counted twice.
    for (const page of [a, b]) {
      await rowsWith(page, both).locator('.row-open').click();
      const acks = page.getByTestId('alarm-activity-item').and(page.locator('[data-kind="acknowledge"]'));
      await expect(acks).toHaveCount(2);
      await expect(acks.and(page.locator('[data-outcome="alreadyAcknowledged"]'))).toHaveCount(1);
    }
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('End shift on A writes the site\'s handover with both desks\' work; the guard at B reads it and confirms', async ({ browser }) => {
  test.setTimeout(120_000);
  const { a, b, contexts } = await twoDesks(browser);
  try {
    const device = tag('Gate 4');
    await forcedOpen(device);
    await openDetails(b, device);
    await b.getByTestId('alarm-note-input').fill('Camera 7 shows nobody');
    await b.getByTestId('alarm-note-add').click();
    await expect(b.getByTestId('alarm-activity-item').filter({ hasText: 'Camera 7 shows nobody' })).toBeVisible();
    await expect(a.getByTestId('alarm-activity-item')).toHaveCount(0);
    await a.getByTestId('end-shift').click();
    const dialog = a.getByTestId('end-shift-dialog');
    await dialog.getByLabel('Words for the next guard (every desk of the site reads them)').fill('Gate 4 sticks; Ben is on it.');
    await dialog.getByTestId('end-shift-confirm').click();
    await expect(dialog).toBeHidden();
    const panel = b.getByTestId('site-handover');
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel).toContainText('Desk A');
    await expect(panel).toContainText('Desk B');
    await expect(panel).toContainText('Camera 7 shows nobody');
    await expect(panel).toContainText('Gate 4 sticks; Ben is on it.');
    await panel.getByTestId('site-handover-confirm').click();
    await expect(panel).toHaveCount(0);
    await expect.poll(() => storeCount('handoverConfirm'), { timeout: 10_000 }).toBe(1);
  } finally {
    for (const context of contexts) await context.close();
  }
});

/** The longest desk name the setting takes (60 characters). */
const LONG_DESK = 'Gatehouse east, ground floor, security desk number twelve...';

test('the desk\'s screens at 1024×768 and 1920×1080, with the longest desk name: nothing cut or wider than the window, axe-core clean', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  expect(LONG_DESK).toHaveLength(60);
  const argv = [`--service-url=${service.url}`, '--retries=0', '--poll-interval-ms=300', `--site-store-url=${pg.url()}`, `--site-store-desk=${LONG_DESK}`];
  const kioskC = await launchPreview({ config: { argv } });
  const contexts: BrowserContext[] = [];
  try {
    const context = await browser.newContext();
    contexts.push(context);
    const c = await context.newPage();
    const b = await (await browser.newContext()).newPage();
    contexts.push(b.context());
    await openLiveFeed(c, kioskC.url);
    await openLiveFeed(b, kioskB.url);
    const device = tag('North stairwell emergency exit door, level minus two');
    await forcedOpen(device);
    await openDetails(c, device);
    await c.getByTestId('alarm-claim').click();
    await c.getByTestId('alarm-note-input').fill('Patrol on the way; camera 14 shows the door ajar and no one near it.');
    await c.getByTestId('alarm-note-add').click();
    await expect(alarmsWith(b, device).getByTestId('row-owner')).toContainText('Gatehouse east', { timeout: 10_000 });
    await openDetails(b, device);
    await expect(b.getByTestId('alarm-holder')).toContainText(LONG_DESK);
    await expect(b.getByTestId('alarm-activity-item')).toHaveCount(2);
    await b.getByTestId('on-duty').locator('summary').click();
    const check = async (name: string): Promise<void> => {
      for (const viewport of [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
        await b.setViewportSize(viewport);
        await b.screenshot({ path: testInfo.outputPath(`shared-desk-${name}-${viewport.width}x${viewport.height}.png`) });
        expect((await horizontalOverflow(b)).fits, `${name} at ${viewport.width}`).toBe(true);
        expect(await cutTexts(b), `${name} at ${viewport.width}`).toEqual([]);
        expect(await accessibilityViolations(b), `${name} at ${viewport.width}`).toEqual([]);
      }
    };
    await check('claimed-elsewhere');
    // The store down: the banner, the waiting count.
    await pg.stop();
    await expect(b.getByTestId('desk-banner')).toBeVisible({ timeout: 15_000 });
    await b.getByTestId('alarm-note-input').fill('Written while the alarm desk is down.');
    await b.getByTestId('alarm-note-add').click();
    await expect(b.getByTestId('alarm-activity-not-sent')).toHaveCount(1);
    await check('store-down');
    await pg.start();
    await expect(b.getByTestId('desk-banner')).toHaveCount(0, { timeout: 20_000 });
    // The site's handover from the long-named desk, as the guard at B reads it.
    await c.getByTestId('end-shift').click();
    await c.getByTestId('end-shift-dialog').getByTestId('handover-words').fill('Stairwell door at level minus two does not latch; facilities informed, patrol every hour until it is fixed.');
    await c.getByTestId('end-shift-confirm').click();
    await expect(b.getByTestId('site-handover')).toContainText(LONG_DESK, { timeout: 15_000 });
    await check('site-handover');
    await b.getByTestId('site-handover-confirm').click();
  } finally {
    for (const context of contexts) await context.close();
    await kioskC.close();
  }
});

/** A kiosk in a process of its own (the preview's command line), so that it can be killed with SIGKILL. */
async function kioskProcess(dataDir: string, desk: string): Promise<{ url: string; child: ChildProcess; output: string[] }> {
  const child = spawn(
    process.execPath,
    [join('node_modules', 'tsx', 'dist', 'cli.mjs'), join('electron', 'preview', 'cli.ts'), '--port=0', `--service=${service.url}`, `--data-dir=${dataDir}`, '--operators-sign-in=off', '--locale=en', '--retries=0', '--poll-interval-ms=300', `--site-store-url=${pg.url()}`, `--site-store-desk=${desk}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the kiosk process did not start: ${output.join('')}`)), 60_000);
    const read = (chunk: Buffer): void => {
      output.push(String(chunk));
      const ready = /Kiosk preview ready \(.*?\): (http\S+)/.exec(output.join(''));
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`the kiosk process ended (${code}): ${output.join('')}`)));
  });
  return { url, child, output };
}

test('a kiosk killed while its actions wait for the store sends them once after it starts again', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-desk-killed-'));
  let first: Awaited<ReturnType<typeof kioskProcess>> | null = null;
  let second: Awaited<ReturnType<typeof kioskProcess>> | null = null;
  const other = await (await browser.newContext()).newPage();
  try {
    first = await kioskProcess(dataDir, 'Desk K');
    await openLiveFeed(page, first.url);
    await openLiveFeed(other, kioskB.url);
    const device = tag('Plant room');
    await forcedOpen(device);
    await expect(alarmsWith(page, device)).toHaveCount(1);
    await expect(alarmsWith(other, device)).toHaveCount(1);
    const before = await storeCount('acknowledge');
    await pg.stop();
    await expect(page.getByTestId('desk-banner')).toBeVisible({ timeout: 15_000 });
    await alarmsWith(page, device).getByRole('button', { name: /Acknowledge/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
    await dialog.getByLabel(/Note/).fill('Acknowledged before the kill');
    await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(page.getByTestId('desk-banner')).toContainText('1 of your actions waits to be sent');
    // Killed: no chance to send or to close anything.
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first!.child.once('exit', resolve));
    first = null;
    await pg.start();
    second = await kioskProcess(dataDir, 'Desk K');
    await openLiveFeed(page, second.url);
    await expect.poll(() => storeCount('acknowledge'), { timeout: 20_000 }).toBe(before + 1);
    // The other desk learns of it; the restarted one has nothing left to send.
    await expect(alarmsWith(other, device)).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByTestId('desk-banner')).toHaveCount(0);
    // Sent once: a while later (heartbeats, reconnections) still one.
    await page.waitForTimeout(2_000);
    expect(await storeCount('acknowledge')).toBe(before + 1);
  } finally {
    first?.child.kill('SIGKILL');
    second?.child.kill('SIGTERM');
    if (second) await new Promise((resolve) => second!.child.once('exit', resolve));
    await other.context().close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
