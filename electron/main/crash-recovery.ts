/**
 * Keeps the kiosk window's page alive: on render-process-gone or unresponsive the page is
 * reloaded within crash-policy.ts's budget, and once it has loaded again the officer gets a
 * one-line notice; past the budget the window shows the crash page (served by the app scheme)
 * with a restart button. The core (feed, acknowledgements, queued enrolments) runs in main and
 * is not touched.
 */
import type { BrowserWindow } from 'electron';
import { ERROR_PAGE_PATH } from '../serving/app-scheme-answer';
import { APP_ORIGIN } from '../serving/app-origin';
import type { ScreenText } from '../contract/screen-text';
import { ReloadBudget, causeOf, recoveryNoticeText } from './crash-policy';

export interface RecoveryOptions {
  ownUrl: string;
  budget?: ReloadBudget;
  now?: () => number;
  /** Sets what the crash page says (null: the page runs normally). */
  setCrashReason: (reason: string | null) => void;
  /** Shows the officer a one-line notice (a feed notice). */
  notify: (notice: ScreenText) => void;
  log: (line: string) => void;
}

export function watchRenderer(window: BrowserWindow, options: RecoveryOptions): void {
  const budget = options.budget ?? new ReloadBudget();
  const now = options.now ?? Date.now;
  let pendingNotice: ScreenText | null = null;
  const recover = (reason: string): void => {
    if (window.isDestroyed()) return;
    const cause = causeOf(reason);
    const step = budget.next(now());
    options.log(`the page ${cause} (${reason}); ${step.kind === 'reload' ? 'reloading it' : 'showing the restart page'}`);
    if (step.kind === 'reload') {
      pendingNotice = recoveryNoticeText(reason);
      void window.loadURL(options.ownUrl).catch((thrown: unknown) => options.log(`the reload failed: ${String(thrown)}`));
      return;
    }
    pendingNotice = null;
    options.setCrashReason(`The screen ${cause} too often in a short time.`);
    void window.loadURL(`${APP_ORIGIN}${ERROR_PAGE_PATH}`).catch((thrown: unknown) => options.log(`the restart page failed: ${String(thrown)}`));
  };
  window.webContents.on('render-process-gone', (_event, details) => recover(details.reason));
  window.on('unresponsive', () => recover('unresponsive'));
  window.webContents.on('did-finish-load', () => {
    if (pendingNotice === null) return;
    const notice = pendingNotice;
    pendingNotice = null;
    options.notify(notice);
  });
}
