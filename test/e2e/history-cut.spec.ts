/**
 * History when the service cuts its answer (the simulator answers a search with at most its
 * 10,000 highest ids): 12,000 events are seeded over the week before the kiosk starts (one about
 * every 50 s, each at its own millisecond, ids rising with time), and a search over the whole week
 * answers 10,000 of them. The screen says so as status, in plain words, with "Read the next part";
 * the CSV of that result says in its first line that it holds only what was read; the next part,
 * asked from the keyboard, adds the 2,000 older events below — the count says 12,000, the result
 * is said whole — and the CSV then holds each of the 12,000 events once. axe-core passes throughout.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, accessibilityViolations, launchPreview } from './fixtures';

const SEEDED = 12_000;
const pad = (n: number): string => String(n).padStart(2, '0');
const localDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localTime = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The CSV the screen says it saved: its lines without the byte-order mark. */
async function savedLines(page: Page): Promise<string[]> {
  const saved = page.getByTestId('export-result');
  await expect(saved).toContainText(/^Saved [\d,]+ rows to /);
  const file = /^Saved [\d,]+ rows to (\S+\.csv)/.exec(((await saved.textContent()) ?? '').trim())?.[1] ?? '';
  return readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
}

/** Sorts the table by Id in `direction` (the header cycles) and gives the id of its first row. */
async function firstIdBy(page: Page, direction: 'ascending' | 'descending'): Promise<number> {
  const idHeader = page.getByRole('columnheader', { name: 'Id' });
  for (let i = 0; i < 2 && (await idHeader.getAttribute('aria-sort')) !== direction; i++) await idHeader.getByRole('button').click();
  await expect(idHeader).toHaveAttribute('aria-sort', direction);
  return Number(await page.getByTestId('search-row').first().getAttribute('data-record-id'));
}

test('a search cut at the service\'s 10,000 says so, reads the next part without duplicates, and its CSV never pretends to be whole', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const kiosk = await launchPreview({ demo: { historyEvents: SEEDED } });
  try {
    const nextParts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/__kiosk/op/searchEvents') && (request.postData() ?? '').includes('nextPartOf')) nextParts.push(request.postData() ?? '');
    });
    await page.goto(kiosk.url);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeAttached();
    // The whole seeded week, and a day before it; "To" stays "now".
    const from = new Date(Date.now() - 8 * 24 * 3_600_000);
    await page.getByLabel('From', { exact: true }).fill(localDate(from));
    await page.getByLabel('From Time', { exact: true }).fill(localTime(from));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-count')).toHaveText('10,000 events', { timeout: 30_000 });

    // Said as status, in the words a guard reads, with the instant the next part reads up to.
    const status = page.getByRole('status').filter({ hasText: 'The service answered with its limit' });
    await expect(status).toHaveText(
      /^The service answered with its limit of 10,000 events: older events of this search may be missing\. Narrow the search, or read the next part \(events up to (.+, )?\d\d:\d\d:\d\d\)\.$/,
    );
    const readNext = page.getByRole('button', { name: 'Read the next part' });
    await expect(readNext).toBeVisible();
    // The part stops at the oldest event shown (the lowest id: the simulator keeps the highest).
    const boundaryId = await firstIdBy(page, 'ascending');
    const boundaryTime = /(\d\d:\d\d:\d\d)/.exec((await page.getByTestId('search-row').first().locator('td').nth(1).textContent()) ?? '')?.[1] ?? 'none';
    expect(await status.textContent()).toContain(`${boundaryTime})`);
    expect(boundaryId).toBeGreaterThan(1);
    await page.screenshot({ path: testInfo.outputPath('history-cut.png') });
    expect(await accessibilityViolations(page)).toEqual([]);

    // The CSV of the cut result holds the 10,000 read, and says so in its first line and on screen.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-result')).toContainText('Only the events read so far: older events of this search are not in the file, and its first line says so.');
    let lines = await savedLines(page);
    expect(lines[0]).toMatch(/^"# Incomplete: the service answered with its limit of 10000 events; events of this search up to \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d may be missing from this file\."$/);
    expect(lines[0]).toContain(` ${boundaryTime} `);
    expect(lines[1]).toMatch(/^record_ID,created,/);
    expect(lines.slice(2).filter(Boolean)).toHaveLength(10_000);

    // From the keyboard: the button takes the focus and Enter reads the next part.
    await readNext.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('search-count')).toHaveText('12,000 events', { timeout: 30_000 });
    expect(nextParts).toHaveLength(1);
    await expect(page.getByRole('status').filter({ hasText: 'Every event of this search is shown' })).toHaveText('Every event of this search is shown: 12,000 events, read in 2 parts.');
    await expect(readNext).toHaveCount(0);
    // The focus lands on what the result now says, not on the page's body.
    await expect(page.getByTestId('search-cut')).toBeFocused();
    // The older events are there, below the boundary.
    expect(await firstIdBy(page, 'ascending')).toBeLessThan(boundaryId);
    expect(await firstIdBy(page, 'descending')).toBeGreaterThan(boundaryId);
    await page.screenshot({ path: testInfo.outputPath('history-cut-read-whole.png') });
    expect(await accessibilityViolations(page)).toEqual([]);

    // The CSV now holds every event of the search, each once, and no note.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-result')).toHaveText(/^Saved 12,000 rows to \S+\.csv$/);
    lines = await savedLines(page);
    expect(lines[0]).toMatch(/^record_ID,created,/);
    const ids = lines.slice(1).filter(Boolean).map((line) => Number(line.split(',')[0]));
    expect(ids).toHaveLength(SEEDED);
    expect(new Set(ids).size).toBe(SEEDED);
    expect(Math.max(...ids) - Math.min(...ids) + 1).toBe(SEEDED);
  } finally {
    await kiosk.close();
  }
});

test('a search that was not cut says nothing new', async ({ page }) => {
  const kiosk = await launchPreview({ demo: { historyEvents: SEEDED } });
  try {
    await page.goto(kiosk.url);
    await page.getByRole('tab', { name: 'History' }).click();
    // The last 24 hours of the seeded week: about 1,700 events.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-count')).toHaveText(/^1,\d{3} events$/, { timeout: 30_000 });
    await expect(page.getByTestId('search-cut')).toHaveText('');
    await expect(page.getByRole('button', { name: 'Read the next part' })).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    await kiosk.close();
  }
});
