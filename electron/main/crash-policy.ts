/**
 * How the kiosk window recovers when its page dies or hangs, decided without Electron (the
 * clock is passed in): at most `maxReloads` reloads within a sliding `windowMs`; one more
 * failure in that window gives up (the crash page with a restart button). Also the one-line
 * notice the officer reads after a reload.
 */
import { screenText, type ScreenText } from '../contract/screen-text';

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

/** The same notice as a key + parameters, worded by the screen in its language (render-process-gone's reason, or "unresponsive"). */
export function recoveryNoticeText(reason: string): ScreenText {
  switch (reason) {
    case 'unresponsive':
      return screenText('feed.fromMain.reloadedUnresponsive');
    case 'oom':
      return screenText('feed.fromMain.reloadedOutOfMemory');
    case 'crashed':
    case 'abnormal-exit':
      return screenText('feed.fromMain.reloadedCrashed');
    case 'killed':
      return screenText('feed.fromMain.reloadedKilled');
    default:
      return screenText('feed.fromMain.reloadedOther', { reason: safeReason(reason) });
  }
}

const safeReason = (reason: string): string => reason.replace(/[^a-z0-9-]/gi, '').slice(0, 40);

/** Words for render-process-gone's reason, or "unresponsive". */
export function causeOf(reason: string): string {
  switch (reason) {
    case 'unresponsive':
      return 'it stopped responding';
    case 'oom':
      return 'it ran out of memory';
    case 'crashed':
    case 'abnormal-exit':
      return 'it crashed';
    case 'killed':
      return 'it was stopped by the system';
    default:
      return `it stopped (${safeReason(reason)})`;
  }
}
