/**
 * The badge capability: finds the template for a cardholder, lays the card out with the photo
 * taken in this session (or an image file the officer chose), keeps the preview the officer sees
 * so that "Print" prints exactly it, and prints through the edge's port (or saves a PDF). A
 * reprint needs a reason; every print, PDF and failure goes to the badge log, and a print is
 * logged as done only once the operating system accepted the job. The badge is laid out in the
 * language of the screen that asked (the request's locale): Print in another language than the
 * preview's lays it out again in the one shown when Print was pressed. Nothing here needs the
 * service: a person enrolled offline (waiting in the outbox) gets their badge too. Who is on the
 * card is main's word: the renderer names the cardholder's id, main reads the person (badge-person.ts),
 * and the reprint rule counts that person's earlier prints. A photo file the officer chose is checked
 * as an upload is; only the last few previews are kept, bounded in bytes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { englishBadgeProblem, spokenLanguageOf, type BadgeCardholder, type BadgeLocale, type BadgePreview, type BadgePrintEntry, type BadgePrintResult, type BadgeSetup, type OperationName, type ParsedRequestOf, type ResultOf, type SiteNames } from '../../contract/ipc';
import { KioskFailure, toKioskError } from '../ipc/failure';
import type { OperationHandler } from '../ipc/gateway';
import type { Logger } from '../log/logger';
import { writeOwnerOnly } from '../storage/owner-only-files';
import { BadgeLog } from './badge-log';
import type { KioskDatabase } from '../storage/kiosk-database';
import { hasPhoto, layoutBadge, type BadgeFonts } from './badge-layout';
import { badgePageHtml, type BadgeFontFiles } from './badge-page';
import { BadgeRenderTimeout, type BadgePrinterPort, type BadgePrintJob } from './badge-printer-port';
import type { BadgePersonReader } from './badge-person';
import { checkBadgePhoto } from '../cardholders/checks/photo-check';
import { SAVE_ASKS, type PickSaveFile } from '../ports/save-file';
import { readFontMetrics } from './font-metrics';
import { templateFor, templateInfo, type LoadedTemplate } from './template-library';
import { provisionedOrBuiltIn, type TemplateChoice } from './built-in-templates';
import type { BadgePhotoCache } from './photo-cache';

type Handler<K extends OperationName> = (request: ParsedRequestOf<K>) => Promise<ResultOf<K>>;
export interface BadgeHandlers {
  getBadgeSetup: Handler<'getBadgeSetup'>;
  previewBadge: Handler<'previewBadge'>;
  printBadge: Handler<'printBadge'>;
  listBadgeLog: Handler<'listBadgeLog'>;
  previewBadgeTemplate: Handler<'previewBadgeTemplate'>;
}

export interface BadgesOptions {
  /** badges.templatesDir (resolved), or null: none provisioned, the built-in templates print (built-in-templates.ts). */
  templatesDir: string | null;
  /** Where the shipped badge fonts are (DejaVuSans.ttf, DejaVuSans-Bold.ttf). */
  fontDir: string;
  /** badges.printer. */
  printerName: string | null;
  port: BadgePrinterPort;
  /** Who a badge is for, by id: the directory and the outbox (badge-person.ts). Never the renderer's word. */
  cardholder: BadgePersonReader;
  /** photo.maxBytes: a photo file chosen for a badge is held to the upload's byte limit (default 2 MiB). */
  photoMaxBytes?: number;
  pickPdfFile: PickSaveFile;
  site: () => SiteNames;
  /** Where an earlier version's badge log may wait to be moved in. */
  dataDir: string;
  /** The kiosk's database: the badge log is kept there. */
  database: KioskDatabase;
  log: Logger;
  /** This workstation's name, for the log. */
  workstation: string;
  /** Ids the same person had (a provisional id and the one the service gave it). */
  sameCardholder?: (id: number) => number[];
  /** badges.photoCache: encrypted copies of uploaded photos on this workstation (null: off). */
  photoCache?: BadgePhotoCache | null;
  /** The data key that seals the badge log (it names people), or null. */
  dataKey?: Buffer | null;
  /** Who is on shift (the operators capability): stamped on each badge log entry. */
  operatorName?: () => string | null;
  now?: () => Date;
}

interface PhotoBytes {
  bytes: Uint8Array;
  contentType: string;
}

/** What a preview was laid out from: Print in another language lays it out again from the same. */
interface PreviewArgs {
  cardholder: BadgeCardholder;
  templateId: string | undefined;
  chosen: PhotoBytes | null;
  sample: boolean;
  draft?: LoadedTemplate;
  locale?: BadgeLocale;
}

interface KeptPreview {
  preview: BadgePreview;
  cardholder: BadgeCardholder;
  job: BadgePrintJob;
  args: PreviewArgs;
  /** About what it holds in memory: its page, its laid-out sides and the chosen photo. */
  bytes: number;
}

/** Previews kept for Print: the one shown, and the one before it while a new one is laid out. */
const MAX_PREVIEWS = 3;
/** And at most this many bytes of them (each holds its page, with the photo and fonts inside). */
const MAX_PREVIEW_BYTES = 48 * 1024 * 1024;
const DEFAULT_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Photos kept for this session's badges: the latest ones (a day at a busy desk). */
const MAX_PHOTOS = 300;
const REASON_WORDS = { lost: 'lost', damaged: 'damaged', 'name-change': 'name change', 'new-photo': 'new photo', other: 'other' } as const;

export const SAMPLE_CARDHOLDER: BadgeCardholder = {
  id: 1,
  first_Name: 'Marie-Hélène',
  middle_Name: '',
  last_Name: 'Dupont-Lefèvre',
  displayName: '',
  employee_ID: 'E2026-0042',
  card_Holder_Type_ID: 1,
  tenant: [0],
};

/** The edge gave up on a page that did not lay out in time: the officer is told, the administrator's template is named in the log. */
const renderTimeout = (thrown: BadgeRenderTimeout): KioskFailure => KioskFailure.keyed('timeout', 'badgeRenderTimeout', { seconds: Math.round(thrown.ms / 1000) }, { detail: thrown.message });

export const nameOf = (c: BadgeCardholder): string => [c.last_Name, c.first_Name].filter((p) => p.trim() !== '').join(', ');

export function createBadgesCapability(options: BadgesOptions) {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  const badgeLog = new BadgeLog(options.database, options.dataDir, log, { key: options.dataKey ?? null, ...(options.operatorName ? { operator: options.operatorName } : {}) });
  /** Photos uploaded in this session, by cardholder id (memory only, gone when the kiosk stops). */
  const photos = new Map<number, PhotoBytes>();
  const previews = new Map<string, KeptPreview>();
  let previewBytes = 0;
  const dropPreview = (id: string): void => {
    const kept = previews.get(id);
    if (!kept) return;
    previews.delete(id);
    previewBytes -= kept.bytes;
  };
  let nextPreview = 1;
  let fonts: { metrics: BadgeFonts; files: BadgeFontFiles } | null = null;
  let library: TemplateChoice | null = null;

  const idsOf = (id: number): number[] => options.sameCardholder?.(id) ?? [id];

  async function loadFonts(): Promise<NonNullable<typeof fonts>> {
    if (fonts) return fonts;
    const read = (name: string): Promise<Buffer> => readFile(path.join(options.fontDir, name));
    const [regular, bold] = await Promise.all([read('DejaVuSans.ttf'), read('DejaVuSans-Bold.ttf')]);
    // The Latin cuts only make the page lighter: without them the whole fonts are embedded.
    const [regularLatin, boldLatin] = await Promise.all([read('DejaVuSans-Latin.ttf').catch(() => undefined), read('DejaVuSans-Bold-Latin.ttf').catch(() => undefined)]);
    fonts = { metrics: { regular: readFontMetrics(regular), bold: readFontMetrics(bold) }, files: { regular, bold, ...(regularLatin && boldLatin ? { regularLatin, boldLatin } : {}) } };
    return fonts;
  }

  async function templates(reload = false): Promise<NonNullable<typeof library>> {
    if (library && !reload) return library;
    library = await provisionedOrBuiltIn(options.templatesDir, options.site(), (await loadFonts()).metrics);
    if (library.builtIn && library.problem) log.warn('badges', `${library.problem}: the built-in templates are used`);
    for (const t of library.templates) for (const p of t.problems) log.warn('badges', `template ${path.basename(t.file)}: ${englishBadgeProblem(p)}`);
    return library;
  }

  async function photoFor(id: number): Promise<{ photo: PhotoBytes; from: 'session' | 'cache' } | null> {
    for (const known of idsOf(id)) {
      const photo = photos.get(known);
      if (photo) return { photo, from: 'session' };
    }
    for (const known of idsOf(id)) {
      const cached = await options.photoCache?.get(known);
      if (cached) return { photo: cached, from: 'cache' };
    }
    return null;
  }

  async function preview(args: PreviewArgs): Promise<BadgePreview> {
    const { cardholder, templateId, chosen, sample, draft, locale } = args;
    const lib = await templates();
    const loaded = draft ?? (templateId ? lib.templates.find((t) => t.id === templateId) : templateFor(lib.templates, cardholder.card_Holder_Type_ID));
    if (!loaded) {
      throw templateId ? KioskFailure.keyed('config', 'badgeTemplateMissing', { template: templateId }, { detail: lib.problem ?? undefined }) : KioskFailure.keyed('config', 'badgeNoTemplateForType', {}, { detail: lib.problem ?? undefined });
    }
    if (!loaded.template || loaded.problems.length > 0) {
      const first = loaded.problems[0];
      throw KioskFailure.keyed('config', 'badgeTemplateUnusable', { template: loaded.id, problem: first ? englishBadgeProblem(first) : 'it is not valid' });
    }
    const template = loaded.template;
    const found = chosen || sample ? null : await photoFor(cardholder.id);
    const photo = chosen ?? found?.photo ?? null;
    const { metrics, files } = await loadFonts();
    const sides = layoutBadge({
      template,
      assets: loaded.assets,
      cardholder,
      site: options.site(),
      photo: photo ? `data:${photo.contentType};base64,${Buffer.from(photo.bytes).toString('base64')}` : null,
      issued: now(),
      fonts: metrics,
      ...(locale ? { locale } : {}),
    });
    const previewId = `p${nextPreview++}-${Date.now().toString(36)}`;
    const result: BadgePreview = {
      previewId,
      templateId: loaded.id,
      templateName: template.name,
      orientation: template.orientation,
      sides,
      photo: chosen ? 'file' : (found?.from ?? 'none'),
      needsPhoto: hasPhoto(template) && !photo && !sample,
      printedBefore: sample ? 0 : await badgeLog.printedFor(idsOf(cardholder.id)),
      printer: options.printerName,
    };
    const first = sides[0];
    const job: BadgePrintJob = {
      html: badgePageHtml(sides, files, `Badge – ${nameOf(cardholder)}`, locale && spokenLanguageOf(locale)),
      widthMm: first?.widthMm ?? 0,
      heightMm: first?.heightMm ?? 0,
      orientation: template.orientation,
      pages: sides.length,
      title: `Badge – ${nameOf(cardholder)}`,
    };
    const bytes = job.html.length + sides.reduce((sum, side) => sum + side.boxes.reduce((n, box) => n + (box.src?.length ?? 0), side.backgroundImage?.length ?? 0), 0) + (chosen?.bytes.byteLength ?? 0);
    previews.set(previewId, { preview: result, cardholder, job, args, bytes });
    previewBytes += bytes;
    // The newest is always kept; older ones go past the count or the bytes.
    while (previews.size > MAX_PREVIEWS || (previews.size > 1 && previewBytes > MAX_PREVIEW_BYTES)) dropPreview(previews.keys().next().value as string);
    return result;
  }

  async function record(kept: KeptPreview, printer: string, outcome: BadgePrintEntry['outcome'], reason: string, detail: string): Promise<BadgePrintEntry> {
    const entry: BadgePrintEntry = {
      at: now().toISOString(),
      workstation: options.workstation,
      cardholderId: kept.cardholder.id,
      name: nameOf(kept.cardholder),
      template: kept.preview.templateId,
      printer,
      outcome,
      reason,
      detail,
    };
    const logged = await badgeLog.add(entry);
    log.info('badges', `badge ${outcome} for cardholder ${kept.cardholder.id} (template ${entry.template}, ${printer})${reason ? ` reason: ${reason}` : ''}${outcome === 'failed' ? `: ${detail}` : ''}`);
    return logged;
  }

  const handlers: BadgeHandlers = {
    async getBadgeSetup(): Promise<BadgeSetup> {
      const lib = await templates(true);
      let installedPrinters: string[] = [];
      try {
        installedPrinters = await options.port.listPrinters();
      } catch (thrown) {
        log.warn('badges', `the printers could not be listed: ${toKioskError(thrown).detail ?? toKioskError(thrown).message}`);
      }
      return { templatesDir: options.templatesDir, builtIn: lib.builtIn, templates: lib.templates.map(templateInfo), printer: options.printerName, installedPrinters };
    },
    async previewBadge(request) {
      // Who is on the card is read here, by id: never the request's names, employee ID, type or tenants.
      const cardholder = await options.cardholder(request.cardholderId);
      if (!cardholder) throw KioskFailure.keyed('not_found', 'badgeCardholderUnknown', {}, { detail: `badge for cardholder ${request.cardholderId}: not in the directory or the outbox` });
      let chosen: PhotoBytes | null = null;
      if (request.photo) {
        const contentType = request.photoType ?? 'image/jpeg';
        const verdict = checkBadgePhoto(request.photo, contentType, options.photoMaxBytes ?? DEFAULT_PHOTO_MAX_BYTES);
        if (!verdict.ok) throw new KioskFailure({ code: 'invalid_request', key: verdict.key, params: verdict.params, message: verdict.message, detail: verdict.detail, field: 'photo' });
        chosen = { bytes: request.photo, contentType };
      }
      return preview({ cardholder, templateId: request.templateId, chosen, sample: false, ...(request.locale ? { locale: request.locale } : {}) });
    },
    async previewBadgeTemplate(request) {
      return preview({ cardholder: SAMPLE_CARDHOLDER, templateId: request.templateId, chosen: null, sample: true, ...(request.locale ? { locale: request.locale } : {}) });
    },
    async listBadgeLog() {
      return badgeLog.list();
    },
    async printBadge(request): Promise<BadgePrintResult> {
      let kept = previews.get(request.previewId);
      if (!kept) throw KioskFailure.keyed('not_found', 'badgePreviewGone');
      if (request.locale && request.locale !== (kept.args.locale ?? 'en')) {
        // The language shown changed since the preview: the badge prints in the one shown when Print was pressed.
        const again = await preview({ ...kept.args, locale: request.locale });
        kept = previews.get(again.previewId) ?? kept;
      }
      if (kept.preview.needsPhoto) throw KioskFailure.keyed('rejected', 'badgeNeedsPhoto');
      const printedBefore = await badgeLog.printedFor(idsOf(kept.cardholder.id));
      if (printedBefore > 0 && !request.reason) throw KioskFailure.keyed('rejected', 'badgeReprintReason', {}, { field: 'reason' });
      if (request.reason?.kind === 'other' && request.reason.text === '') throw KioskFailure.keyed('rejected', 'badgeOtherReason', {}, { field: 'reason' });
      const reason = request.reason ? `${REASON_WORDS[request.reason.kind]}${request.reason.text ? `: ${request.reason.text}` : ''}` : '';

      if (request.destination === 'pdf') {
        const stamp = now().toISOString().replace(/[:.]/g, '-');
        const file = await options.pickPdfFile(`badge-${kept.cardholder.id}-${stamp}.pdf`, SAVE_ASKS.badgePdf);
        if (!file) throw KioskFailure.of('cancelled', 'The badge was not saved.');
        try {
          await writeOwnerOnly(file, await options.port.toPdf(kept.job));
        } catch (thrown) {
          const error = toKioskError(thrown);
          await record(kept, 'PDF', 'failed', reason, thrown instanceof BadgeRenderTimeout ? thrown.message : (error.detail ?? error.message));
          if (thrown instanceof BadgeRenderTimeout) throw renderTimeout(thrown);
          throw KioskFailure.keyed('internal', 'badgePdfFailed', {}, { detail: error.detail ?? error.message });
        }
        return { entry: await record(kept, 'PDF', 'saved', reason, file), path: file };
      }

      const printer = options.printerName;
      if (!printer) {
        await record(kept, '(none)', 'failed', reason, 'no printer configured');
        throw KioskFailure.keyed('config', 'badgeNoPrinter');
      }
      let installed: string[];
      try {
        installed = await options.port.listPrinters();
      } catch (thrown) {
        installed = [];
        log.warn('badges', `the printers could not be listed: ${toKioskError(thrown).detail ?? toKioskError(thrown).message}`);
      }
      if (!installed.includes(printer)) {
        await record(kept, printer, 'failed', reason, 'printer not installed');
        const detail = { detail: `badges.printer = ${printer}` };
        throw installed.length > 0 ? KioskFailure.keyed('config', 'badgePrinterMissing', { printer, installed: installed.join(', ') }, detail) : KioskFailure.keyed('config', 'badgePrinterMissingNone', { printer }, detail);
      }
      try {
        await options.port.print(kept.job, printer);
      } catch (thrown) {
        const why = thrown instanceof Error ? thrown.message : String(thrown);
        if (thrown instanceof BadgeRenderTimeout) {
          await record(kept, printer, 'failed', reason, why);
          throw renderTimeout(thrown);
        }
        await record(kept, printer, 'failed', reason, `refused: ${why}`);
        throw KioskFailure.keyed('rejected', 'badgePrinterRefused', { printer, why }, { detail: why });
      }
      return { entry: await record(kept, printer, 'printed', reason, ''), path: null };
    },
  };

  /** The photo just uploaded for a cardholder: kept in memory for this session's badges. */
  const rememberPhoto = (id: number, bytes: Uint8Array, contentType: string): void => {
    photos.delete(id);
    photos.set(id, { bytes, contentType });
    while (photos.size > MAX_PHOTOS) photos.delete(photos.keys().next().value as number);
    options.photoCache?.put(id, { bytes, contentType }).catch((thrown: unknown) => log.warn('badges', `the photo could not be kept in the photo cache: ${thrown instanceof Error ? thrown.message : String(thrown)}`));
  };

  return {
    handlers,
    log: badgeLog,
    rememberPhoto,
    /**
     * The cardholders' photo upload, keeping the photo just taken for this session's badges (the
     * service cannot send it back): under the id it was sent for and, when the service gave the
     * cardholder another (a provisional record confirmed), under that one too.
     */
    keepingUploadedPhotos(upload: OperationHandler<'uploadCardholderPhoto'>): Handler<'uploadCardholderPhoto'> {
      return async (request) => {
        const written = await upload(request);
        rememberPhoto(request.id, request.photo, request.contentType);
        if (written.record.id !== request.id) rememberPhoto(written.record.id, request.photo, request.contentType);
        return written;
      };
    },
    templates,
    /** An edited template (checked, not saved) laid out with the sample cardholder: the layout editor's preview. */
    previewDraft: (draft: LoadedTemplate, locale?: BadgeLocale): Promise<BadgePreview> => preview({ cardholder: SAMPLE_CARDHOLDER, templateId: draft.id, chosen: null, sample: true, draft, ...(locale ? { locale } : {}) }),
    /** What the kept previews hold: how many, and about how many bytes. */
    previewsKept: (): { count: number; bytes: number } => ({ count: previews.size, bytes: previewBytes }),
    /** The badge fonts' metrics (the checks fit every language's words with them). */
    fontMetrics: async (): Promise<BadgeFonts> => (await loadFonts()).metrics,
  };
}

export type BadgesCapability = ReturnType<typeof createBadgesCapability>;
