/**
 * A new cardholder's type and tenants at a site without a catalogue (no `site.*`: the kiosk knows
 * types and tenants only as the numbers the directory's records carry), in Debian's Chromium
 * against the preview harness and the simulator on loopback:
 * - nothing configured: the form preselects no type and no tenant (not the most common ones), says
 *   so beside both fields, and the create that reaches the service carries neither;
 * - `--enrol-default-cardholder-type=3`: type 3 is preselected and sent (tenants still not).
 * The simulator fills a type and tenant 0 in itself when a create leaves them out, so its records
 * cannot tell "sent" from "left out": the kiosk talks to the simulator through a loopback relay
 * that keeps the body of every create it passes on — what the service was sent.
 */
import type { Page } from '@playwright/test';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { accessibilityViolations, expect, launchPreview, test } from './fixtures';
import { StoppableService } from './outbox-service';

const service = new StoppableService();

/** Passes every request on to the simulator unchanged; keeps the bodies of the creates. */
class RecordingRelay {
  readonly creates: Array<Record<string, unknown>> = [];
  private server: Server | null = null;

  async start(target: string): Promise<void> {
    const upstream = new URL(target);
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on('error', () => res.destroy());
      req.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        out.write(chunk);
      });
      req.on('end', () => {
        if (req.method === 'POST' && req.url?.startsWith('/api/CardHolders/create')) this.creates.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
        out.end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  /** The body of the create that carried this employee ID. */
  sentFor(employeeId: string): Record<string, unknown> | undefined {
    return this.creates.find((body) => body.employee_ID === employeeId);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const relay = new RecordingRelay();

test.beforeAll(async () => {
  await service.start();
  await relay.start(service.url);
});
test.afterAll(async () => {
  await relay.close();
  await service.dispose();
});

const unique = (): string => String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 90 + 10));

async function enrolNames(page: Page, url: string, person: { first: string; last: string; employee: string }): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('directory-count')).toContainText('cardholders in the directory');
  await page.getByTestId('new-cardholder').click();
  // The choices are those the directory's records carry ("seen on N cardholders").
  await expect(page.getByTestId('enrol-card_Holder_Type_ID').locator('option', { hasText: 'seen on' }).first()).toBeAttached();
  await expect(page.locator('[data-testid^="enrol-tenant-"]').first()).toBeVisible();
  await page.getByTestId('enrol-first_Name').fill(person.first);
  await page.getByTestId('enrol-last_Name').fill(person.last);
  await page.getByTestId('enrol-employee_ID').fill(person.employee);
}

test('a site without a catalogue and without configured defaults preselects no type and no tenant, says so, and sends neither', async ({ page }, testInfo) => {
  const kiosk = await launchPreview({ config: { argv: [`--service-url=${relay.url}`, '--retries=0'] } });
  try {
    const person = { first: 'Mary', last: `Jackson-${unique()}`, employee: `V-${unique()}` };
    await enrolNames(page, kiosk.url, person);
    // Nothing chosen for the officer, and the form says so beside each field.
    await expect(page.getByTestId('enrol-card_Holder_Type_ID')).toHaveValue('');
    await expect(page.locator('[data-testid^="enrol-tenant-"]:checked')).toHaveCount(0);
    await expect(page.getByTestId('enrol-choose-type')).toHaveText('Choose the cardholder type: it decides what the card opens. None is chosen for you; left unchosen, none is sent.');
    await expect(page.getByTestId('enrol-card_Holder_Type_ID')).toHaveAttribute('aria-describedby', /enrol-choose-type/);
    await expect(page.getByTestId('enrol-choose-tenants')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('enrolment-type-not-chosen.png') });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('photo-step')).toBeVisible();
    // What the service was sent: neither a type nor a tenant.
    const sent = relay.sentFor(person.employee);
    expect(sent).toEqual({ first_Name: person.first, last_Name: person.last, employee_ID: person.employee });
    // And the service has the person (with whatever it decides for a create without them).
    expect((await service.list()).filter((r) => r.employee_ID === person.employee)).toHaveLength(1);
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});

test('with --enrol-default-cardholder-type the configured type is preselected and sent, the tenants still left to the officer', async ({ page }) => {
  const kiosk = await launchPreview({ config: { argv: [`--service-url=${relay.url}`, '--retries=0', '--enrol-default-cardholder-type=3'] } });
  try {
    const person = { first: 'Dorothy', last: `Vaughan-${unique()}`, employee: `W-${unique()}` };
    await enrolNames(page, kiosk.url, person);
    await expect(page.getByTestId('enrol-card_Holder_Type_ID')).toHaveValue('3');
    await expect(page.getByTestId('enrol-choose-type')).toHaveCount(0);
    await expect(page.locator('[data-testid^="enrol-tenant-"]:checked')).toHaveCount(0);
    await expect(page.getByTestId('enrol-choose-tenants')).toBeVisible();
    await page.getByTestId('enrolment-submit').click();
    await expect(page.getByTestId('photo-step')).toBeVisible();
    const sent = relay.sentFor(person.employee);
    expect(sent).toMatchObject({ card_Holder_Type_ID: 3 });
    expect(sent).not.toHaveProperty('tenant');
    expect((await service.list()).find((r) => r.employee_ID === person.employee)).toMatchObject({ card_Holder_Type_ID: 3 });
  } finally {
    await kiosk.close();
    rmSync(kiosk.dataDir, { recursive: true, force: true });
  }
});
