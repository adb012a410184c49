/**
 * No runtime downloads, end to end: the kiosk is configured for one service (a simulator on its
 * own loopback port, as a site's service would be) and driven through every view and flow in
 * Chromium — front desk lookup and record, directory update, enrolment with the camera and photo
 * upload (face detector included), edit, live feed with an alarm acknowledged and an event opened,
 * history search and CSV export, operator log, outbox panel, administration with a connection test.
 * Meanwhile every request is recorded on both sides:
 * - the browser: every request of the context is intercepted (context.route), with the page's CSP
 *   bypassed so that it cannot hide an attempt; anything not for the kiosk's own page origin is
 *   aborted and recorded, and so are WebSockets;
 * - the core: every outgoing HTTP request and TCP connection of this Node process is observed
 *   through node:diagnostics_channel (http.client.request.start, undici:request:create,
 *   net.client.socket).
 * Only the service's origin may appear among the core's, only the page's own among the browser's.
 */
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { CARD_HOLDER_TYPES, TENANTS } from '../../electron/simulator/catalogue';
import config from '../../playwright.config';
import { expect, launchPreview, test } from './fixtures';
import { setAdminPin } from '../../electron/core/admin-lock/admin-lock';
import { credentialDir } from '../../electron/core/credentials/choose-vault';

const ADMIN_PIN = '480261';

/** Outgoing traffic of this process, as origins ("http://127.0.0.1:41234") and TCP peers ("127.0.0.1:41234"). */
class NodeTraffic {
  readonly origins = new Map<string, number>();
  readonly peers = new Set<string>();
  private readonly onHttp = (message: unknown) => {
    const request = (message as { request: ClientRequest }).request;
    const host = String(request.getHeader('host') ?? request.host);
    this.count(`${request.protocol}//${host}`);
  };
  private readonly onUndici = (message: unknown) => {
    const request = (message as { request: { origin: string } }).request;
    this.count(new URL(request.origin).origin);
  };
  private readonly onSocket = (message: unknown) => {
    const socket = (message as { socket: Socket }).socket;
    socket.once('connect', () => {
      if (socket.remoteAddress) this.peers.add(`${socket.remoteAddress}:${socket.remotePort}`);
    });
  };

  start(): void {
    diagnostics.subscribe('http.client.request.start', this.onHttp);
    diagnostics.subscribe('undici:request:create', this.onUndici);
    diagnostics.subscribe('net.client.socket', this.onSocket);
  }

  stop(): void {
    diagnostics.unsubscribe('http.client.request.start', this.onHttp);
    diagnostics.unsubscribe('undici:request:create', this.onUndici);
    diagnostics.unsubscribe('net.client.socket', this.onSocket);
  }

  private count(origin: string): void {
    this.origins.set(origin, (this.origins.get(origin) ?? 0) + 1);
  }
}

// The page's Content-Security-Policy would block an outside request before interception sees it;
// bypassed here so that what the app's own code asks for is recorded, whatever the policy.
// A launch option of its own gives this file a worker process of its own: the core's traffic is
// observed per process, and another file's kiosk (the worker-scoped fixture) must not be in it.
const configArgs = config.use?.launchOptions?.args ?? [];
test.use({
  bypassCSP: true,
  launchOptions: { executablePath: config.use?.launchOptions?.executablePath, args: [...configArgs, '--no-default-browser-check'] },
});

const tag = (what: string): string => `${what} ${String(Date.now()).slice(-6)}`;

let service: RunningSimulator;
test.beforeAll(async () => {
  service = await startSimulator({ cardholders: 200, historyEvents: 500, eventRate: 0, testControls: true });
});
test.afterAll(async () => {
  await service.close();
});

test('through every view and flow, the core talks only to the configured service and the page only to its own origin', async ({ page, context }) => {
  test.setTimeout(180_000);
  const traffic = new NodeTraffic();
  traffic.start();
  // The Administration view is behind the administrator PIN: set one, as an administrator would.
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-no-outbound-'));
  await setAdminPin(credentialDir(dataDir), ADMIN_PIN);
  const kiosk = await launchPreview({
    dataDir,
    config: {
      env: {
        KIOSK_SERVICE_URL: service.url,
        KIOSK_SITE_TENANTS: JSON.stringify(TENANTS),
        KIOSK_SITE_CARDHOLDER_TYPES: JSON.stringify(CARD_HOLDER_TYPES),
      },
    },
  });
  const serviceOrigin = new URL(service.url).origin;
  const pageOrigin = kiosk.origin;
  const browserRequests = new Map<string, number>();
  const refused: string[] = [];
  const sockets: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const origin = url.protocol === 'data:' || url.protocol === 'blob:' ? url.protocol : url.origin;
    browserRequests.set(origin, (browserRequests.get(origin) ?? 0) + 1);
    if (origin === pageOrigin) await route.continue();
    else {
      refused.push(route.request().url());
      await route.abort('blockedbyclient');
    }
  });
  page.on('websocket', (socket) => sockets.push(socket.url()));

  try {
    // ── Front desk: lookup, record, directory update ──
    await page.goto(kiosk.url);
    await expect(page.getByRole('tab', { name: 'Front desk' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('service-mode')).not.toContainText('Demo mode');
    await expect(page.getByTestId('directory-count')).toContainText('200 cardholders in the directory');
    await page.getByTestId('cardholder-search').fill('a');
    await expect(page.getByTestId('cardholder-row').first()).toBeVisible();
    await page.getByTestId('cardholder-row').first().click();
    await expect(page.getByTestId('cardholder-record')).toBeVisible();
    await page.getByTestId('directory-sync').click();
    await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
    await page.getByTestId('next-person').click();

    // ── Enrolment, the camera, the face detector and the photo upload ──
    const id = String(Date.now()).slice(-7);
    await page.getByTestId('new-cardholder').click();
    await page.getByTestId('enrol-first_Name').fill('Nuala');
    await page.getByTestId('enrol-last_Name').fill(`Offline-${id}`);
    await page.getByTestId('enrol-sex-f').check();
    await page.getByTestId('enrol-employee_ID').fill(`5${id}`);
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('take-photo')).toBeEnabled({ timeout: 20_000 });
    await page.getByTestId('take-photo').click();
    await expect(page.getByTestId('photo-hints')).toBeVisible();
    await page.getByTestId('use-photo').click();
    // Chromium's default fake camera shows no face: the officer confirms using the picture anyway.
    await page.getByTestId('no-face-use').click();
    await expect(page.getByTestId('photo-uploaded')).toContainText('The photo was saved');

    // ── Edit of the new record ──
    await page.getByTestId('cardholder-search').fill(`Offline-${id}`);
    await page.getByTestId('cardholder-row').first().click();
    await expect(page.getByTestId('cardholder-record')).toBeVisible();
    await page.getByTestId('record-edit').click();
    await page.getByTestId('enrol-city').fill('Sligo');
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('cardholder-record').getByTestId('field-city')).toHaveText('Sligo');

    // ── Live feed: an alarm arrives, is acknowledged, an event is opened ──
    await page.getByRole('tab', { name: 'Live feed' }).click();
    await expect(page.getByRole('contentinfo').getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
    const device = tag('Outbound door');
    service.injectEvent({ eventTypeId: 301, device_Name: device, custom_Text: 'Door forced open' });
    const row = page.getByTestId('feed-row').filter({ hasText: device });
    await row.getByRole('button', { name: /Acknowledge alarm/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
    await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expect(row.getByTestId('row-acked')).toBeVisible();
    // Focus comes back to the row once the dialog has closed; Enter is pressed on the open button
    // only when it holds the focus, so a late move of focus cannot take the key press elsewhere.
    const open = row.locator('.row-open');
    await open.focus();
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('event-detail')).toBeVisible();
    await expect(page.getByTestId('event-detail-error')).toHaveCount(0);
    await expect(page.getByTestId('event-detail').getByText('Up to date with the service.')).toBeVisible();
    await page.keyboard.press('Escape');

    // ── History: search and export ──
    await page.getByRole('tab', { name: 'History' }).click();
    const now = Date.now();
    // History's range is a date field and a 24-hour time field at each end, in the machine's time zone.
    const pad = (n: number): string => String(n).padStart(2, '0');
    const date = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const time = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
    const from = new Date(now - 3_600_000);
    const to = new Date(now + 3_600_000);
    await page.getByLabel('From', { exact: true }).fill(date(from));
    await page.getByLabel('From Time', { exact: true }).fill(time(from));
    await page.getByLabel('To', { exact: true }).fill(date(to));
    await page.getByLabel('To Time', { exact: true }).fill(time(to));
    await page.getByLabel('Text', { exact: true }).fill(device);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-count')).toHaveText('1 event');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-result')).toContainText(/Saved 1 rows? to .+\.csv/);

    // ── Operator log, outbox panel, administration ──
    await page.getByRole('tab', { name: 'Operator log' }).click();
    await expect(page.getByTestId('operator-log-row').filter({ hasText: device }).first()).toBeVisible();
    await page.getByTestId('outbox-status').click();
    await expect(page.getByTestId('outbox-panel')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Administration' }).click();
    const pinDialog = page.getByRole('dialog', { name: 'Administrator PIN' });
    await pinDialog.getByLabel('PIN').fill(ADMIN_PIN);
    await pinDialog.getByRole('button', { name: 'Unlock' }).click();
    await expect(pinDialog).toBeHidden();
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await expect(page.getByTestId('admin-connection')).toContainText(/Connected\. Highest event id: \d+/);
  } finally {
    traffic.stop();
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }

  // The observers saw the traffic there was (a test that cannot fail would see nothing).
  expect(traffic.origins.get(serviceOrigin) ?? 0, 'requests of the core to the service').toBeGreaterThan(10);
  expect(browserRequests.get(pageOrigin) ?? 0, 'requests of the page to its own origin').toBeGreaterThan(10);
  // And nothing else.
  expect([...traffic.origins.keys()], 'origins the core (and this test) sent HTTP requests to').toEqual([serviceOrigin]);
  const allowedPeers = new Set([`127.0.0.1:${service.port}`, `::ffff:127.0.0.1:${service.port}`]);
  expect([...traffic.peers].filter((peer) => !allowedPeers.has(peer)), 'TCP connections to anything but the service').toEqual([]);
  expect(refused, 'requests of the page to other origins').toEqual([]);
  expect([...browserRequests.keys()].filter((o) => o !== pageOrigin), 'origins the page asked for').toEqual([]);
  expect(sockets, 'WebSockets').toEqual([]);
});
