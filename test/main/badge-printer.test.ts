/**
 * The Electron edge of badge printing against the fake `electron` module: a hidden, script-less
 * window on the kiosk's scheme (kiosk://badge/<job>, served from its own in-memory session with
 * the badge page's policy), webContents.print with every option held to its value (silent, the
 * configured deviceName, the page size in integer microns as the card lies, no margins,
 * backgrounds), a refused job rejected with Chromium's reason, printToPDF at the page's CSS size,
 * the printers from getPrintersAsync; the window is gone after each job. The badge session
 * refuses every request but the page of a job being printed (issue 32), and a page that does not
 * load and print in time is closed and the job rejected as too slow.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BadgeRenderTimeout, type BadgePrintJob } from '../../electron/core/badges/badge-printer-port';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectronModule);
const { FakeBrowserWindow, FakeWebContents, fake } = await import('./fake-electron');
const { electronBadgePrinter, BADGE_PARTITION } = await import('../../electron/main/badge-printer');

const job = (orientation: 'portrait' | 'landscape', pages = 1): BadgePrintJob => ({
  html: '<!doctype html><title>Badge</title><p>card</p>',
  widthMm: orientation === 'portrait' ? 53.98 : 85.6,
  heightMm: orientation === 'portrait' ? 85.6 : 53.98,
  orientation,
  pages,
  title: 'Badge – Dupont, Marie',
});

beforeEach(() => {
  FakeBrowserWindow.created.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Electron badge printer', () => {
  it('prints silently on the named printer from a hidden window on the kiosk scheme, with every option set', async () => {
    const printer = electronBadgePrinter(() => null);
    await printer.print(job('portrait'), 'Zebra_ZC300');
    const window = FakeBrowserWindow.created[0];
    if (!window) throw new Error('no window');
    expect(window.options).toMatchObject({ show: false, webPreferences: { partition: BADGE_PARTITION, sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false } });
    expect(window.loaded).toHaveLength(1);
    expect(window.loaded[0]).toMatch(/^kiosk:\/\/badge\/[0-9a-f-]{36}$/);
    expect(window.webContents.printCalls).toEqual([
      {
        silent: true,
        deviceName: 'Zebra_ZC300',
        printBackground: true,
        color: true,
        margins: { marginType: 'none' },
        pageSize: { width: 53980, height: 85600 },
        landscape: false,
        scaleFactor: 100,
        pagesPerSheet: 1,
        copies: 1,
        duplexMode: 'simplex',
      },
    ]);
    expect(Number.isInteger((window.webContents.printCalls[0]?.pageSize as { width: number }).width)).toBe(true);
    expect(window.destroyed).toBe(true);
  });

  it('a landscape card with a back: the page size as the card lies, two sides on one card', async () => {
    await electronBadgePrinter(() => null).print(job('landscape', 2), 'Card');
    const options = FakeBrowserWindow.created[0]?.webContents.printCalls[0];
    expect(options).toMatchObject({ pageSize: { width: 85600, height: 53980 }, landscape: false, duplexMode: 'longEdge', margins: { marginType: 'none' }, printBackground: true, silent: true });
  });

  it('serves the job only while it prints, on its own session, with the badge page policy', async () => {
    const partition = fake.session.fromPartition(BADGE_PARTITION);
    const during: Response[] = [];
    const original = FakeWebContents.prototype.print;
    FakeWebContents.prototype.print = function (this: InstanceType<typeof FakeWebContents>, options, callback) {
      const url = FakeBrowserWindow.created[0]?.loaded[0] ?? '';
      void Promise.resolve(partition.protocolHandlers.get('kiosk')?.(new Request(url))).then((answer) => {
        if (answer) during.push(answer);
        original.call(this, options, callback);
      });
    };
    try {
      await electronBadgePrinter(() => null).print(job('portrait'), 'Card');
    } finally {
      FakeWebContents.prototype.print = original;
    }
    expect(during[0]?.status).toBe(200);
    expect(during[0]?.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await during[0]?.text()).toContain('<p>card</p>');
    const handler = partition.protocolHandlers.get('kiosk');
    if (!handler) throw new Error('the kiosk scheme is not served in the badge session');
    // The job is over: its page is gone; nothing else is served there.
    expect((await handler(new Request(FakeBrowserWindow.created[0]?.loaded[0] ?? ''))).status).toBe(404);
    expect((await handler(new Request('kiosk://app/index.html'))).status).toBe(404);
  });

  it('a refused job rejects with the reason Chromium gives, and the window is closed', async () => {
    const original = FakeWebContents.prototype.print;
    FakeWebContents.prototype.print = function (this: InstanceType<typeof FakeWebContents>, options, callback) {
      this.printCalls.push(options);
      callback(false, 'Print job failed');
    };
    try {
      await expect(electronBadgePrinter(() => null).print(job('portrait'), 'Card')).rejects.toThrow('Print job failed');
      expect(FakeBrowserWindow.created[0]?.destroyed).toBe(true);
    } finally {
      FakeWebContents.prototype.print = original;
    }
  });

  it('Save as PDF: printToPDF at the page CSS size, no margins, backgrounds', async () => {
    const pdf = await electronBadgePrinter(() => null).toPdf(job('landscape', 2));
    expect(new TextDecoder().decode(pdf)).toBe('%PDF-1.7 fake');
    expect(FakeBrowserWindow.created[0]?.webContents.pdfCalls).toEqual([{ printBackground: true, preferCSSPageSize: true, landscape: false, margins: { top: 0, bottom: 0, left: 0, right: 0 }, generateTaggedPDF: true }]);
  });

  it('lists the printers of the operating system through the kiosk window', async () => {
    const contents = new FakeWebContents();
    contents.printers = [{ name: 'Zebra_ZC300' }, { name: 'Office' }];
    expect(await electronBadgePrinter(() => contents as never).listPrinters()).toEqual(['Zebra_ZC300', 'Office']);
    expect(await electronBadgePrinter(() => null).listPrinters()).toEqual([]);
  });

  it('the badge session refuses every request but the page of the job being printed and its own data: URLs', async () => {
    const partition = fake.session.fromPartition(BADGE_PARTITION);
    const refused = (url: string): Promise<boolean> =>
      new Promise((resolve) => {
        if (!partition.beforeRequest) throw new Error('the badge session has no request filter');
        partition.beforeRequest({ url, resourceType: 'image' }, (answer) => resolve(answer.cancel));
      });
    const during: Record<string, boolean> = {};
    const original = FakeWebContents.prototype.print;
    FakeWebContents.prototype.print = function (this: InstanceType<typeof FakeWebContents>, options, callback) {
      const page = FakeBrowserWindow.created[0]?.loaded[0] ?? '';
      const urls = [page, `${page}?x=1`, 'kiosk://badge/another-job', 'kiosk://app/index.html', 'https://example.com/logo.png', 'file:///etc/passwd', 'http://127.0.0.1:8080/api', 'data:image/png;base64,AAAA', 'not a url'];
      void Promise.all(urls.map(async (url) => [url === page ? 'the job' : url, await refused(url)] as const)).then(
        (answers) => {
          for (const [url, cancel] of answers) during[url] = cancel;
          original.call(this, options, callback);
        },
        (thrown: unknown) => callback(false, String(thrown)),
      );
    };
    try {
      await electronBadgePrinter(() => null).print(job('portrait'), 'Card');
    } finally {
      FakeWebContents.prototype.print = original;
    }
    expect(during).toEqual({
      'the job': false,
      [`${FakeBrowserWindow.created[0]?.loaded[0] ?? ''}?x=1`]: true,
      'kiosk://badge/another-job': true,
      'kiosk://app/index.html': true,
      'https://example.com/logo.png': true,
      'file:///etc/passwd': true,
      'http://127.0.0.1:8080/api': true,
      'data:image/png;base64,AAAA': false,
      'not a url': true,
    });
    // The job is over: even its own page is refused now.
    expect(await refused(FakeBrowserWindow.created[0]?.loaded[0] ?? '')).toBe(true);
  });

  it('a page that does not load and print in time is closed, and the job rejects as too slow', async () => {
    vi.useFakeTimers();
    const original = FakeWebContents.prototype.print;
    // A page Chromium never finishes drawing: the print never answers.
    FakeWebContents.prototype.print = function (this: InstanceType<typeof FakeWebContents>, options) {
      this.printCalls.push(options);
    };
    try {
      const outcome = electronBadgePrinter(() => null, 20_000)
        .print(job('portrait'), 'Card')
        .catch((thrown: unknown) => thrown);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(await outcome).toBeInstanceOf(BadgeRenderTimeout);
      expect(FakeBrowserWindow.created[0]?.destroyed).toBe(true);
    } finally {
      FakeWebContents.prototype.print = original;
    }
  });
});
