/**
 * How the kiosk window recovers when its page dies or hangs, decided without Electron (the
 * clock is passed in): at most `maxReloads` reloads within a sliding `windowMs`; one more
 * failure in that window gives up (the crash page with a restart button). Also the one-line
 * notice the officer reads after a reload.
 */
import { screenText, type ScreenText, type ScreenTextKey } from '../contract/screen-text';

export type RecoveryStep = { kind: 'reload' } | { kind: 'give-up' };

export class ReloadBudget {
  private readonly reloads: number[] = [];

  constructor(
    private readonly maxReloads = 3,
    private readonly windowMs = 60_000,
  ) {}

  /** A failure at `now` (ms): reload, or give up when the budget of the last window is spent. */
  next(now: number): RecoveryStep {
    while (this.reloads.length > 0 && now - this.reloads[0]! >= this.windowMs) this.reloads.shift();
    if (this.reloads.length >= this.maxReloads) return { kind: 'give-up' };
    this.reloads.push(now);
    return { kind: 'reload' };
  }
}

/** What the officer reads after the page came back (English, for the log). */
export function recoveryNotice(cause: string): string {
  return `The screen was reloaded after ${cause}; the event feed kept running.`;
}

/** render-process-gone's reasons (and "unresponsive"): the cause in English (the log) and the notice's key (the screen). */
const CAUSES: Readonly<Record<string, { cause: string; key: ScreenTextKey }>> = {
  unresponsive: { cause: 'it stopped responding', key: 'feed.fromMain.reloadedUnresponsive' },
  oom: { cause: 'it ran out of memory', key: 'feed.fromMain.reloadedOutOfMemory' },
  crashed: { cause: 'it crashed', key: 'feed.fromMain.reloadedCrashed' },
  'abnormal-exit': { cause: 'it crashed', key: 'feed.fromMain.reloadedCrashed' },
  killed: { cause: 'it was stopped by the system', key: 'feed.fromMain.reloadedKilled' },
};
const known = (reason: string) => (Object.hasOwn(CAUSES, reason) ? CAUSES[reason]! : null);
const safeReason = (reason: string): string => reason.replace(/[^a-z0-9-]/gi, '').slice(0, 40);

/** The same notice as a key + parameters, worded by the screen in its language (render-process-gone's reason, or "unresponsive"). */
export function recoveryNoticeText(reason: string): ScreenText {
  const cause = known(reason);
  return cause ? screenText(cause.key) : screenText('feed.fromMain.reloadedOther', { reason: safeReason(reason) });
}

/** Words for render-process-gone's reason, or "unresponsive". */
export function causeOf(reason: string): string {
  return known(reason)?.cause ?? `it stopped (${safeReason(reason)})`;
}
