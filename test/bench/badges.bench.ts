/**
 * Badge printing, in Debian's Chromium against the preview harness (the real core, the embedded
 * simulator, the example templates; the harness's printer makes the PDF with Chromium, as
 * Electron's print path would lay out the same page). Needs `npx electron-vite build` first.
 * 1. Click on Print → job handed over: from the click on "Print" (its event time, stamped by the
 *    page) to the "the printer accepted the badge" line in the page, on an existing record with a
 *    chosen photo file, a reprint each time (reason "damaged"). Baseline: the same print asked by
 *    a script in the page (window.kiosk.printBadge on a fresh preview): bridge + core + printer,
 *    no UI. Goal: p95 ≤ 1 s (Envoy's figure).
 * 2. Badge render: layout of one cardholder (fitted names, barcode, photo) and its page HTML, in
 *    Node (previewBadge handler), portrait and landscape with back. Baseline: reading and checking
 *    the same templates (loadTemplates).
 * 3. Page → PDF in Chromium (the print port's work): the portrait badge; baseline: an empty ID-1
 *    page.
 * Medians and percentiles; nothing here asserts a time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPreview } from '../../electron/preview/preview';
import { previewBadgePrinter } from '../../electron/preview/badge-pdf-printer';
import { createBadgesCapability } from '../../electron/core/badges/badges-capability';
import { loadTemplates } from '../../electron/core/badges/template-library';
import { createLogger, silentSink } from '../../electron/core/log/logger';
import { launchChromium, median, percentile, requireBuiltRenderer, ROOT, round, until } from './bench-support';
import type { BenchRow } from './types';
import type { BadgeCardholder } from '../../electron/contract/ipc';
import { KioskDatabase } from '../../electron/core/storage/kiosk-database';

const PRINTS = 20;
const WARMUP = 2;
const RENDERS = 60;
const EXAMPLES = join(ROOT, 'examples/provisioning/badges');
const PHOTO = join(ROOT, 'node_modules/@vladmandic/face-api/demo/sample1.jpg');
const PRINTER = 'BenchPrinter';

const CLICK_STAMP = `(() => {
  window.__badgeBench = { click: 0, done: 0 };
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-testid="badge-print"]') : null;
    if (target) window.__badgeBench.click = event.timeStamp;
  }, true);
  new MutationObserver(() => {
    const line = document.querySelector('[data-testid="badge-result"]');
    if (line && window.__badgeBench.click && !window.__badgeBench.done) window.__badgeBench.done = performance.now();
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

async function uiPrints(): Promise<{ ui: number[]; script: number[] }> {
  requireBuiltRenderer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-bench-badges-'));
  const preview = await startPreview({
    port: 0,
    dataDir,
    // The screens wait for an operator: the bench's shift is under way, unnamed.
    startShift: 'unnamed',
    log: createLogger(silentSink),
    config: { systemFile: null, userFile: null, env: {}, argv: [`--badge-templates-dir=${EXAMPLES}`, `--badge-printer=${PRINTER}`, `--badge-preview-printers=${PRINTER}`] },
    demo: { eventRate: 0, cardholders: 500, fresh: true },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(preview.url);
    await page.getByTestId('directory-count').filter({ hasText: 'cardholders in the directory' }).waitFor();
    await page.getByTestId('cardholder-search').fill('a');
    await page.keyboard.press('Enter');
    await page.getByTestId('record-print-badge').waitFor();
    await page.evaluate(CLICK_STAMP);
    const ui: number[] = [];
    for (let i = 0; i < PRINTS + WARMUP; i += 1) {
      await page.getByTestId('record-print-badge').click();
      await page.getByTestId('badge-photo-file').setInputFiles(PHOTO);
      await page.getByTestId('badge-photo-file').waitFor({ state: 'detached' });
      if (await page.getByTestId('badge-reason').isVisible()) await page.getByTestId('badge-reason-damaged').check();
      await page.evaluate('window.__badgeBench.click = 0; window.__badgeBench.done = 0');
      await page.getByTestId('badge-print').click();
      await until(page, 'window.__badgeBench.done > 0', 30_000);
      if (i >= WARMUP) ui.push(await page.evaluate<number>('window.__badgeBench.done - window.__badgeBench.click'));
      await page.getByTestId('badge-close').click();
    }
    // Baseline: the same print from a script in the page, no UI.
    const photo = [...readFileSync(PHOTO)];
    const script: number[] = [];
    for (let i = 0; i < PRINTS; i += 1) {
      script.push(
        await page.evaluate<number, number[]>(async (bytes) => {
          const kiosk = (window as unknown as { kiosk: { previewBadge(r: unknown): Promise<{ ok: boolean; value: { previewId: string } }>; printBadge(r: unknown): Promise<{ ok: boolean }> } }).kiosk;
          // The first cardholder of the simulator's directory: main reads who is on the badge.
          const shown = await kiosk.previewBadge({ cardholderId: 1, photo: new Uint8Array(bytes), photoType: 'image/jpeg' });
          const start = performance.now();
          const printed = await kiosk.printBadge({ previewId: shown.value.previewId, destination: 'printer', reason: { kind: 'damaged', text: '' } });
          if (!printed.ok) throw new Error('the scripted print failed');
          return performance.now() - start;
        }, photo),
      );
    }
    return { ui, script };
  } finally {
    await browser.close();
    await preview.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function renders(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-bench-render-'));
  const port = previewBadgePrinter({ printers: [PRINTER], exportsDir: join(dataDir, 'exports') });
  const jobs: Array<{ html: string }> = [];
  const held = new Map<number, BadgeCardholder>();
  const badges = createBadgesCapability({
    database: KioskDatabase.memory(),
    templatesDir: EXAMPLES,
    fontDir: join(ROOT, 'resources/badge-fonts'),
    printerName: PRINTER,
    port: { ...port, print: async (job) => void jobs.push(job) },
    pickPdfFile: async (name) => join(dataDir, name),
    site: () => ({ tenants: [{ id: 0, name: 'Building (shared)' }], cardholderTypes: [{ id: 1, name: 'Employee' }, { id: 3, name: 'Visitor' }], devices: [], deviceTypes: [], eventCategories: [], eventTypes: [], subcodeCategories: [], subcodes: [] }),
    dataDir,
    log: createLogger(silentSink),
    workstation: 'bench',
    cardholder: async (id) => held.get(id) ?? null,
  });
  const photo = readFileSync(PHOTO);
  const person = (type: number, n: number): number => filed({ id: n + 1, first_Name: 'Marie-Hélène', middle_Name: '', last_Name: `Dupont-Lefèvre ${n}`, displayName: '', employee_ID: String(100000 + n), card_Holder_Type_ID: type, tenant: [0] });
  function filed(cardholder: BadgeCardholder): number {
    held.set(cardholder.id, cardholder);
    return cardholder.id;
  }
  try {
    const time = async (work: () => Promise<unknown>): Promise<number[]> => {
      const out: number[] = [];
      for (let i = 0; i < RENDERS; i += 1) {
        const start = performance.now();
        await work();
        out.push(performance.now() - start);
      }
      return out.slice(5);
    };
    let n = 0;
    const portrait = await time(() => badges.handlers.previewBadge({ cardholderId: person(1, n++), photo, photoType: 'image/jpeg' }));
    const landscape = await time(() => badges.handlers.previewBadge({ cardholderId: person(3, n++), photo, photoType: 'image/jpeg' }));
    const load = await time(() => loadTemplates(EXAMPLES));
    const shown = await badges.handlers.previewBadge({ cardholderId: person(1, n++), photo, photoType: 'image/jpeg' });
    await badges.handlers.printBadge({ previewId: shown.previewId, destination: 'printer' });
    const job = { html: jobs[0]?.html ?? '', widthMm: 53.98, heightMm: 85.6, orientation: 'portrait' as const, pages: 1, title: 'bench' };
    const blank = { ...job, html: '<!doctype html><style>@page{size:53.98mm 85.6mm;margin:0}body{margin:0}</style><div style="width:53.98mm;height:85.6mm"></div>' };
    await port.toPdf(job); // launches Chromium
    const pdf: number[] = [];
    const empty: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      let start = performance.now();
      await port.toPdf(job);
      pdf.push(performance.now() - start);
      start = performance.now();
      await port.toPdf(blank);
      empty.push(performance.now() - start);
    }
    return [
      { name: 'badge render (layout + page), portrait, median', value: round(median(portrait), 2), unit: 'ms', baseline: round(median(load), 2), note: `p95 ${round(percentile(portrait, 95), 2)} ms; baseline: reading and checking the templates` },
      { name: 'badge render (layout + page), landscape + back, median', value: round(median(landscape), 2), unit: 'ms', baseline: round(median(load), 2), note: `p95 ${round(percentile(landscape, 95), 2)} ms` },
      { name: 'badge page → PDF in Chromium, median', value: round(median(pdf)), unit: 'ms', baseline: round(median(empty)), note: 'baseline: an empty ID-1 page' },
    ];
  } finally {
    await port.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await renders();
  const { ui, script } = await uiPrints();
  return [
    { name: 'click on Print → job handed over, p95', value: round(percentile(ui, 95)), unit: 'ms', baseline: round(percentile(script, 95)), note: `goal ≤ 1000 ms; median ${round(median(ui))} ms over ${ui.length} prints; baseline: the print asked by a script (no UI)` },
    { name: 'click on Print → job handed over, median', value: round(median(ui)), unit: 'ms', baseline: round(median(script)) },
    ...rows,
  ];
}
