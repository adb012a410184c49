/**
 * The browser harness's badge printer: Debian's Chromium (playwright-core, no downloaded browser)
 * prints the badge page with page.pdf — a stand-in for Electron's printToPDF, from the same page
 * and the same Chromium print path. The printers it "has" are badges.previewPrinters; a job
 * sent to one of them is written as a PDF into <dataDir>/exports (owner-only), where tests and
 * people read it. Launched at the first job; its one page is kept for the next jobs, one at a time.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { join } from 'node:path';
import type { BadgePrinterPort, BadgePrintJob } from '../core/badges/badge-printer-port';
import { writeOwnerOnly } from '../core/storage/owner-only-files';

export interface PreviewBadgePrinterOptions {
  printers: readonly string[];
  exportsDir: string;
  executablePath?: string;
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
    const run = queue.then(async () => {
      const current = await openPage();
      await current.setContent(job.html, { waitUntil: 'load' });
      await current.evaluate('document.fonts.ready.then(() => true)');
      return current.pdf({ preferCSSPageSize: true, printBackground: true, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
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
