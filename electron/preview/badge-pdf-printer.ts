/**
 * The browser harness's badge printer: Debian's Chromium (playwright-core, no downloaded browser)
 * prints the badge page with page.pdf — a stand-in for Electron's printToPDF, from the same page
 * and the same Chromium print path. The printers it "has" are badges.previewPrinters; a job
 * sent to one of them is written as a PDF into <dataDir>/exports (owner-only), where tests and
 * people read it. Launched at the first job; its one page is kept for the next jobs, one at a time.
 * A page that does not lay out within the render deadline is closed (a new one serves the next job)
 * and the job rejected with BadgeRenderTimeout, as the Electron edge does.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { join } from 'node:path';
import { BADGE_RENDER_TIMEOUT_MS, withRenderDeadline, type BadgePrinterPort, type BadgePrintJob } from '../core/badges/badge-printer-port';
import { writeOwnerOnly } from '../core/storage/owner-only-files';

export interface PreviewBadgePrinterOptions {
  printers: readonly string[];
  exportsDir: string;
  executablePath?: string;
  /** How long a page may take to lay out and become a PDF (default BADGE_RENDER_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface PreviewBadgePrinter extends BadgePrinterPort {
  close(): Promise<void>;
}

export function previewBadgePrinter(options: PreviewBadgePrinterOptions): PreviewBadgePrinter {
  let browser: Promise<Browser> | null = null;
  let page: Promise<Page> | null = null;
  /** One job at a time on the one page (a printer's queue). */
  let queue: Promise<unknown> = Promise.resolve();
  let jobs = 0;
  const launch = (): Promise<Browser> => {
    browser ??= chromium.launch({ executablePath: options.executablePath ?? process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    return browser;
  };
  const openPage = (): Promise<Page> => {
    page ??= launch().then(async (running) => {
      const opened = await running.newPage();
      // Nothing leaves the page: it has every image and font inside (badge-page.ts).
      await opened.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
      return opened;
    });
    return page;
  };
  function toPdf(job: BadgePrintJob): Promise<Uint8Array> {
    const run = queue.then(() => {
      const opening = openPage();
      const work = (async () => {
        const current = await opening;
        await current.setContent(job.html, { waitUntil: 'load', timeout: 0 });
        await current.evaluate('document.fonts.ready.then(() => true)');
        return current.pdf({ preferCSSPageSize: true, printBackground: true, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
      })();
      // A page stuck drawing is closed; the next job opens a new one.
      return withRenderDeadline(work, options.timeoutMs ?? BADGE_RENDER_TIMEOUT_MS, () => {
        if (page === opening) page = null;
        void opening.then((stuck) => stuck.close()).catch(() => undefined);
      });
    });
    queue = run.catch(() => undefined);
    return run;
  }
  return {
    listPrinters: async () => [...options.printers],
    async print(job, deviceName) {
      if (!options.printers.includes(deviceName)) throw new Error(`no printer named ${deviceName}`);
      const pdf = await toPdf(job);
      jobs += 1;
      const safe = deviceName.replace(/[^A-Za-z0-9_-]+/g, '-');
      await writeOwnerOnly(join(options.exportsDir, `badge-print-${safe}-${Date.now()}-${jobs}.pdf`), pdf);
    },
    toPdf,
    async close() {
      const running = browser;
      browser = null;
      page = null;
      if (running) await (await running).close().catch(() => undefined);
    },
  };
}
