/**
 * What the guard station's end-to-end specs share: a tag unique to a run (tests sharing a
 * simulator never see each other's events), the locators of the status bar, the feed's rows and
 * the alarm lists, opening the live feed, and counting the tones the page plays.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { KioskCore } from '../../../electron/core/kiosk-core';

/** A name unique to this run. */
export const tag = (name: string): string => `${name}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
/** The status bar. */
export const bar = (page: Page): Locator => page.getByRole('contentinfo', { name: 'Service status' });
/** The feed's rows holding this text. */
export const rowsWith = (page: Page, text: string): Locator => page.getByTestId('feed-row').filter({ hasText: text });
/** This shift's alarms waiting in the alarm list beside the feed (by priority, a page at a time). */
export const alarmsWith = (page: Page, text: string): Locator => page.getByTestId('open-alarms-pager').getByTestId('open-alarm').filter({ hasText: text });
/** "Unacknowledged only": every alarm waiting, newest first, a page at a time from main. */
export const waitingWith = (page: Page, text: string): Locator => page.getByTestId('waiting-pager').getByTestId('open-alarm').filter({ hasText: text });
/** The kiosk's number of the alarm a row of a list stands for. */
export const alarmIdOf = async (row: Locator): Promise<number> => Number(await row.getAttribute('data-alarm-id'));

/** Opens the kiosk, goes to the live feed (the click is the gesture that lets audio play) and waits for it to be live (and for a first row, when asked). */
export async function openLiveFeed(page: Page, url: string, options: { firstRow?: boolean } = {}): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Live feed' }).click();
  await expect(bar(page).getByTestId('feed-connection')).toHaveAttribute('data-status', 'live');
  if (options.firstRow) await expect(page.getByTestId('feed-row').first()).toBeVisible();
}

/** Counts the tones the page plays from now on (one oscillator per tone); call before the page loads. */
export async function countBeeps(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __beeps: number };
    w.__beeps = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__beeps += 1;
      return create.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);
}

/**
 * Acknowledges every alarm waiting on a kiosk shared by the worker's specs, so that a test's new
 * alarm is on the first page of the list by priority (oldest first within a priority: alarms
 * earlier specs left waiting would push it to a later page).
 */
export function acknowledgeAllWaiting(kiosk: { core: KioskCore }): void {
  const alarms = kiosk.core.events.alarms;
  const ids = alarms.groupIds('all', alarms.summary().asOf);
  if (ids.length > 0) alarms.acknowledge(ids, 'acknowledged by the test before it starts');
}
