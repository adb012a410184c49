/**
 * The browser harness's badge printer: Debian's Chromium (playwright-core, no downloaded browser)
 * prints the badge page with page.pdf — a stand-in for Electron's printToPDF, from the same page
 * and the same Chromium print path. The printers it "has" are badges.previewPrinters; a job
 * sent to one of them is written as a PDF into <dataDir>/exports (owner-only), where tests and
 * people read it. Launched at the first job and kept for the next ones.
 */
import { chromium, type Browser } from '@playwright/test';
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
  let jobs = 0;
  const launch = (): Promise<Browser> => {
    browser ??= chromium.launch({ executablePath: options.executablePath ?? process.env.KIOSK_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    return browser;
  };
  async function toPdf(job: BadgePrintJob): Promise<Uint8Array> {
    const page = await (await launch()).newPage();
    try {
      // Nothing leaves the page: it has every image and font inside (badge-page.ts).
      await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
      await page.setContent(job.html, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      return await page.pdf({ preferCSSPageSize: true, printBackground: true, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
    } finally {
      await page.close();
    }
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
      if (running) await (await running).close().catch(() => undefined);
    },
  };
}
