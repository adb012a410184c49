/**
 * The port the badge capability prints through, implemented at the edges: Electron's hidden
 * window on the kiosk's scheme (electron/main/badge-printer.ts) and the browser harness's
 * Chromium (electron/preview/badge-pdf-printer.ts). The core hands over a finished page; the
 * edge knows nothing of templates or cardholders.
 */
export interface BadgePrintJob {
  /** The badge page (badge-page.ts): one page per side. */
  html: string;
  /** The card as it lies on the page (landscape: 85.6 × 53.98). */
  widthMm: number;
  heightMm: number;
  orientation: 'portrait' | 'landscape';
  pages: number;
  /** For the print queue ("Badge – Dupont, Marie"). */
  title: string;
}

export interface BadgePrinterPort {
  /** The printers the operating system has, by the names badges.printer uses. */
  listPrinters(): Promise<string[]>;
  /** Resolves when the operating system accepted the job; rejects with the reason it gave. */
  print(job: BadgePrintJob, deviceName: string): Promise<void>;
  /** The same page as a PDF (Save as PDF). */
  toPdf(job: BadgePrintJob): Promise<Uint8Array>;
}


/** No printing edge (the composition root gave none): no printer is installed and no PDF can be made. */
export const NO_BADGE_PRINTER: BadgePrinterPort = {
  listPrinters: async () => [],
  print: async () => {
    throw new Error('this kiosk has no print edge');
  },
  toPdf: async () => {
    throw new Error('this kiosk has no print edge');
  },
};

/** How long an edge lets the badge page load and print (or become a PDF) before it gives up: a card page takes well under a second. */
export const BADGE_RENDER_TIMEOUT_MS = 20_000;

/** An edge gave up on a badge page that did not load or print in time (a template too costly to draw). */
export class BadgeRenderTimeout extends Error {
  constructor(readonly ms: number) {
    super(`the badge page did not load and print within ${ms} ms`);
    this.name = 'BadgeRenderTimeout';
  }
}

/**
 * `work` bounded by `ms`: past it, `abandon` is called (the edge closes the page, which stops
 * Chromium drawing it) and the promise rejects with BadgeRenderTimeout. The timer is the only clock.
 */
export function withRenderDeadline<T>(work: Promise<T>, ms: number, abandon: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new BadgeRenderTimeout(ms));
      try {
        abandon();
      } catch {
        // The page is going anyway.
      }
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (thrown: unknown) => {
        clearTimeout(timer);
        reject(thrown instanceof Error ? thrown : new Error(String(thrown)));
      },
    );
  });
}
