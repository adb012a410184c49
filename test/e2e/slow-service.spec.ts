/**
 * Issue 18, end to end in Chromium against the preview harness: a service that sends its status
 * and headers at once and then drips the body a byte a second (the simulator's drip fault). The
 * screen stops saying "live" within service.timeoutMs + 1 s of the first stuck poll, says the
 * service is answering too slowly with the time of the last event received (readable whole at
 * 1024 px), and once the service answers normally again a new event shows within one poll
 * interval + 1 s — the requests still dripping are abandoned, not waited for. The two figures are
 * printed. The bounds asserted are the issue's own acceptance criteria.
 */
import type { Page } from '@playwright/test';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';
import { SimulatorControls } from '../../electron/simulator/control-client';

const TIMEOUT_MS = 2_500;
const POLL_INTERVAL_MS = 1_000;

test.use({ viewport: { width: 1024, height: 768 } });

/** Records in the page, by the page's clock (the same machine's), when the connection state and the rows change. */
async function watchScreen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marks: { status: string; at: number }[] = [];
    const rows: { text: string; at: number }[] = [];
    (window as unknown as { __marks: unknown }).__marks = { marks, rows };
    const connection = document.querySelector('[data-testid="feed-connection"]');
    let last = connection?.getAttribute('data-status') ?? '';
    const seen = new Set<string>();
    new MutationObserver(() => {
      const now = Date.now();
      const status = document.querySelector('[data-testid="feed-connection"]')?.getAttribute('data-status') ?? '';
      if (status !== last) {
        last = status;
        marks.push({ status, at: now });
      }
      for (const row of document.querySelectorAll('[data-testid="feed-row"]')) {
        const text = row.textContent ?? '';
        if (!seen.has(text)) {
          seen.add(text);
          rows.push({ text, at: now });
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

async function marks(page: Page): Promise<{ marks: { status: string; at: number }[]; rows: { text: string; at: number }[] }> {
  return page.evaluate(() => (window as unknown as { __marks: { marks: { status: string; at: number }[]; rows: { text: string; at: number }[] } }).__marks);
}

test('a dripping service: the screen stops saying live within the timeout + 1 s, and is live again within a poll interval + 1 s', async ({ page }) => {
  const kiosk = await launchPreview({ config: { argv: [`--timeout-ms=${TIMEOUT_MS}`, `--poll-interval-ms=${POLL_INTERVAL_MS}`, '--retries=0'] } });
  try {
    if (!kiosk.core.simulatorUrl) throw new Error('demo mode expected');
    const simulator = new SimulatorControls(kiosk.core.simulatorUrl);
    await page.goto(kiosk.url);
    await page.getByRole('tab', { name: 'Live feed' }).click();
    const bar = page.getByRole('contentinfo', { name: 'Service status' });
    await expect(bar.getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
    const before = `Before the drip ${Date.now().toString(36)}`;
    // An alarm waiting widens the status bar's alarms item, as on a real shift.
    await simulator.injectEvent({ custom_Text: `Door FORCED open ${Date.now().toString(36)}` });
    await simulator.injectEvent({ custom_Text: before });
    await expect(page.getByTestId('feed-row').filter({ hasText: before })).toBeVisible();
    await watchScreen(page);

    // The service starts dripping every answer of the event endpoints.
    await simulator.dripBodies({ pathPrefix: '/api/SystemEvents' });
    await expect(bar.getByTestId('feed-connection')).not.toHaveAttribute('data-status', 'live');
    const outageSince = kiosk.core.events.feed.state().outageSince;
    expect(outageSince).toBeTruthy();
    const notLiveAt = (await marks(page)).marks.find((mark) => mark.status !== 'live')?.at;
    expect(notLiveAt).toBeDefined();
    const stopsLiveMs = notLiveAt! - Date.parse(outageSince!);
    console.log(`stopped saying "live" ${stopsLiveMs} ms after the first stuck poll began (timeout ${TIMEOUT_MS} ms; bound ${TIMEOUT_MS + 1_000} ms)`);
    expect(stopsLiveMs).toBeLessThanOrEqual(TIMEOUT_MS + 1_000);

    // The status bar and the feed say why, with the time of the last event received, readable whole at 1024 px.
    await expect(bar.getByTestId('service-reachability')).toHaveText(/^Service too slow since \d/);
    await expect(bar.getByTestId('feed-last-event')).toHaveText(/^Last event \d/);
    await expect(page.getByTestId('feed-stale')).toContainText('answering too slowly');
    await expect(page.getByTestId('feed-stale-last-event')).toContainText('The last event was received at');
    await expect(bar.getByTestId('status-unacknowledged')).toBeVisible();
    for (const id of ['service-reachability', 'feed-last-event', 'check-now']) {
      const whole = await bar.getByTestId(id).evaluate((element) => {
        const box = element.getBoundingClientRect();
        // Not cut by its own box, nor by an ancestor that hides what overflows, nor by the window.
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const clip = parent.getBoundingClientRect();
          if (getComputedStyle(parent).overflowX !== 'visible' && (box.left < clip.left - 1 || box.right > clip.right + 1)) return false;
        }
        return element.scrollWidth <= element.clientWidth + 1 && box.left >= 0 && box.right <= window.innerWidth;
      });
      expect(whole, `${id} is shown whole at 1024 px`).toBe(true);
    }
    expect(await accessibilityViolations(page)).toEqual([]);

    // Let the outage go on with requests dripping (probes, polls), then the service answers normally again.
    await page.waitForTimeout(TIMEOUT_MS);
    const after = `After the drip ${Date.now().toString(36)}`;
    await simulator.injectEvent({ custom_Text: after });
    const normalAt = Date.now();
    await simulator.clearFaults();
    const row = page.getByTestId('feed-row').filter({ hasText: after });
    await expect(row).toBeVisible();
    const shownAt = (await marks(page)).rows.find((mark) => mark.text.includes(after))?.at;
    expect(shownAt).toBeDefined();
    const newEventMs = shownAt! - normalAt;
    console.log(`a new event showed ${newEventMs} ms after the service answered normally again (poll interval ${POLL_INTERVAL_MS} ms; bound ${POLL_INTERVAL_MS + 1_000} ms)`);
    expect(newEventMs).toBeLessThanOrEqual(POLL_INTERVAL_MS + 1_000);
    await expect(bar.getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
    await expect(page.getByTestId('feed-stale')).toHaveCount(0);
  } finally {
    await kiosk.close();
  }
});
