/**
 * Electron's badge printer (the core's BadgePrinterPort): each job is the badge page served on the
 * kiosk's own scheme (kiosk://badge/<job>) in a hidden, script-less window of its own in-memory
 * session, printed with webContents.print — silent, on the configured printer, the page size
 * given in integer microns as the card lies, no margins, backgrounds printed — or turned into a
 * PDF with printToPDF at the page's own CSS size. The job resolves only when Chromium reports the
 * operating system accepted it. Printers are listed with webContents.getPrintersAsync. The badge
 * session refuses every request but the page of a job being printed (and its own data: URLs), and
 * a page that does not load and print within BADGE_RENDER_TIMEOUT_MS is closed and the job
 * rejected with BadgeRenderTimeout (a template too costly to draw cannot hang the front desk).
 *
 * Why an explicit page size and not usePrinterDefaultPageSize (the two cannot be combined):
 * electron/electron #29532 and #39702 (still open) report drivers that ignore a custom size in
 * silent printing and use their default; an explicit size is what Chromium lays the page out
 * with, and README "Badges" asks for the card (CR80) as the driver's default media, so a driver
 * that ignores the request still gets a card-sized page. Never a scaled A4.
 */
import { BrowserWindow, session, type WebContents, type WebContentsPrintOptions } from 'electron';
import { randomUUID } from 'node:crypto';
import { BADGE_RENDER_TIMEOUT_MS, withRenderDeadline, type BadgePrinterPort, type BadgePrintJob } from '../core/badges/badge-printer-port';
import { BADGE_PAGE_POLICY } from '../core/badges/badge-page';
import { APP_SCHEME } from '../serving/app-origin';

/** The badge windows' own session (in memory: nothing of a badge is written to disk by Chromium). */
export const BADGE_PARTITION = 'badge-print';
export const BADGE_HOST = 'badge';

const microns = (mm: number): number => Math.round(mm * 1000);

/** The options of one silent print: every one is asserted by test/main/badge-printer.test.ts. */
export function badgePrintOptions(job: BadgePrintJob, deviceName: string): WebContentsPrintOptions {
  return {
    silent: true,
    deviceName,
    printBackground: true,
    color: true,
    margins: { marginType: 'none' },
    // The card as it lies on the page: portrait 53 980 × 85 600 µm, landscape 85 600 × 53 980 µm.
    pageSize: { width: microns(job.widthMm), height: microns(job.heightMm) },
    landscape: false,
    scaleFactor: 100,
    pagesPerSheet: 1,
    copies: 1,
    // Two sides: one card printed on both sides by a duplex card printer (its driver decides how it flips).
    duplexMode: job.pages > 1 ? 'longEdge' : 'simplex',
  };
}

/** printToPDF: the page's CSS size (@page, the card's size in mm), no margins, backgrounds. */
export function badgePdfOptions(): Electron.PrintToPDFOptions {
  return { printBackground: true, preferCSSPageSize: true, landscape: false, margins: { top: 0, bottom: 0, left: 0, right: 0 }, generateTaggedPDF: true };
}

export function badgeWindowOptions(job: BadgePrintJob): Electron.BrowserWindowConstructorOptions {
  return {
    show: false,
    width: Math.ceil((job.widthMm / 25.4) * 96),
    height: Math.ceil((job.heightMm / 25.4) * 96),
    webPreferences: {
      partition: BADGE_PARTITION,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      images: true,
      spellcheck: false,
      devTools: false,
    },
  };
}

/** What the badge session may load: the page of a job being printed, and the data: URLs inside it. Everything else is refused. */
export function badgeRequestAllowed(url: string, liveJobs: ReadonlySet<string> | ReadonlyMap<string, unknown>): boolean {
  if (url.startsWith('data:')) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === BADGE_HOST && parsed.search === '' && liveJobs.has(parsed.pathname.slice(1));
}

/** `printersFrom`: a web contents to ask for the installed printers (the kiosk window's). `timeoutMs`: how long a page may take to load and print. */
export function electronBadgePrinter(printersFrom: () => WebContents | null, timeoutMs = BADGE_RENDER_TIMEOUT_MS): BadgePrinterPort {
  const jobs = new Map<string, string>();
  let serving = false;
  const serve = (): void => {
    if (serving) return;
    serving = true;
    const badgeSession = session.fromPartition(BADGE_PARTITION);
    // Nothing but the badge page's own data: no other scheme, host, job or address is fetched.
    badgeSession.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !badgeRequestAllowed(details.url, jobs) }));
    badgeSession.protocol.handle(APP_SCHEME, (request) => {
      const url = new URL(request.url);
      const html = url.host === BADGE_HOST ? jobs.get(url.pathname.slice(1)) : undefined;
      if (html === undefined) return new Response('Not found', { status: 404 });
      return new Response(html, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': BADGE_PAGE_POLICY, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
      });
    });
  };
  async function withBadgePage<T>(job: BadgePrintJob, use: (contents: WebContents) => Promise<T>): Promise<T> {
    serve();
    const id = randomUUID();
    jobs.set(id, job.html);
    const window = new BrowserWindow(badgeWindowOptions(job));
    const close = (): void => {
      jobs.delete(id);
      if (!window.isDestroyed()) window.destroy();
    };
    try {
      const work = (async () => {
        await window.loadURL(`${APP_SCHEME}://${BADGE_HOST}/${id}`);
        return use(window.webContents);
      })();
      // Past the deadline the window is closed (Chromium stops drawing it) and the job rejects with BadgeRenderTimeout.
      return await withRenderDeadline(work, timeoutMs, close);
    } finally {
      jobs.delete(id);
      if (!window.isDestroyed()) window.destroy();
    }
  }
  return {
    async listPrinters() {
      const contents = printersFrom();
      if (!contents) return [];
      return (await contents.getPrintersAsync()).map((printer) => printer.name);
    },
    print(job, deviceName) {
      return withBadgePage(
        job,
        (contents) =>
          new Promise<void>((resolve, reject) => {
            contents.print(badgePrintOptions(job, deviceName), (success, failureReason) => {
              if (success) resolve();
              else reject(new Error(failureReason || 'the print job failed'));
            });
          }),
      );
    },
    toPdf(job) {
      return withBadgePage(job, async (contents) => new Uint8Array(await contents.printToPDF(badgePdfOptions())));
    },
  };
}
