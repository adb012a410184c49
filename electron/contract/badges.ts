/**
 * Badges: templates, the laid-out card, printing and the badge log. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import { cardholderId, noPayload, op } from './operation';
import { photoBytes } from './photo';
import type { BadgeProblem } from './badge-problem-text';
import { KIOSK_LOCALES, type KioskLocale } from './languages';

export * from './badge-problem-text';

/** One element of a badge side as it will print: a box in millimetres from the card's top-left corner. */
export interface BadgeBox {
  id: string;
  kind: 'text' | 'photo' | 'image' | 'band' | 'border' | 'barcode';
  x: number;
  y: number;
  width: number;
  height: number;
  /** text: the fitted lines (never cut) and their size in points. */
  lines?: string[];
  fontSize?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** photo, image, barcode: a data: URL (null: no photo yet). */
  src?: string | null;
  fit?: 'contain' | 'cover' | 'fill';
  /** band and border: the colour for this cardholder's type. */
  fill?: string;
  /** border: its thickness in millimetres. */
  thickness?: number;
}

/** A side of the card laid out for one cardholder: what the true-size preview shows and the printer prints. */
export interface BadgeSideLayout {
  side: 'front' | 'back';
  widthMm: number;
  heightMm: number;
  background: string;
  backgroundImage: string | null;
  boxes: BadgeBox[];
}

/** A template found in the provisioning folder. */
export interface BadgeTemplateInfo {
  id: string;
  file: string;
  name: string;
  orientation: 'portrait' | 'landscape';
  sides: number;
  cardholderTypes: number[];
  isDefault: boolean;
  /** Why the template cannot be used (element named), as keys worded in the language shown; empty when it can. */
  problems: BadgeProblem[];
}

export interface BadgeSetup {
  templatesDir: string | null;
  /** None is provisioned: the kiosk's built-in templates (an employee and a visitor card) are in use. */
  builtIn: boolean;
  templates: BadgeTemplateInfo[];
  /** badges.printer, or null when none is set. */
  printer: string | null;
  /** Printers the operating system has. */
  installedPrinters: string[];
}

/** The card as it will print, ready for "Print" or "Save as PDF". */
export interface BadgePreview {
  previewId: string;
  templateId: string;
  templateName: string;
  orientation: 'portrait' | 'landscape';
  sides: BadgeSideLayout[];
  /** Where the photo comes from: taken in this session, the encrypted photo cache, a chosen file, none (a new one is needed). */
  photo: 'session' | 'cache' | 'file' | 'none';
  /** The template has a photo and none is at hand: printing waits for one. */
  needsPhoto: boolean;
  /** Badges already printed for this cardholder on this workstation (a reprint asks why). */
  printedBefore: number;
  printer: string | null;
}

/** A badge template as JSON (the layout editor edits it; main checks it with the template schema and the `--admin check` checker). */
export interface BadgeTemplateDocument {
  name: string;
  orientation: 'portrait' | 'landscape';
  front: BadgeSideDocument;
  back?: BadgeSideDocument;
  [key: string]: unknown;
}
export interface BadgeSideDocument {
  background?: string;
  elements: BadgeElementDocument[];
  [key: string]: unknown;
}
/** One element as the template file has it (lengths in mm, font sizes in pt). */
export interface BadgeElementDocument {
  type: BadgeBox['kind'];
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  field?: string;
  /** The words: the same in every language, or per language ({ "en": "Issued", "de": "Ausgestellt" }). */
  text?: string | Record<string, string>;
  fontSize?: number;
  minFontSize?: number;
  color?: string;
  defaultColor?: string;
  borderColor?: string;
  thickness?: number;
  [key: string]: unknown;
}

/** A template file for the layout editor: its validated JSON and its problems. */
export interface BadgeTemplateSource {
  templateId: string;
  file: string;
  template: BadgeTemplateDocument;
  problems: BadgeProblem[];
}

/** An edited template laid out with the sample cardholder, or why it cannot be (the `--admin check` problems). */
export interface BadgeTemplateDraftPreview {
  preview: BadgePreview | null;
  problems: BadgeProblem[];
}

export interface BadgeTemplateSaved {
  templateId: string;
  file: string;
  /** The previous version, kept beside it (null when there was none). */
  backup: string | null;
}

export const REPRINT_REASONS = ['lost', 'damaged', 'name-change', 'new-photo', 'other'] as const;
export type ReprintReason = (typeof REPRINT_REASONS)[number];

/** One badge print in the operator log. */
export interface BadgePrintEntry {
  at: string;
  workstation: string;
  cardholderId: number;
  name: string;
  template: string;
  /** The printer's name, or "PDF" for "Save as PDF". */
  printer: string;
  outcome: 'printed' | 'saved' | 'failed';
  /** Empty for a first print; the reprint's reason otherwise ("lost", "other: …"). */
  reason: string;
  /** Why it failed, or where the PDF was saved. */
  detail: string;
  /** The operator on shift, stamped by main ("unnamed" for an unnamed shift); null with sign-in off. */
  operator?: string | null;
}

export interface BadgePrintResult {
  entry: BadgePrintEntry;
  /** Where the PDF was written (Save as PDF). */
  path: string | null;
}

/**
 * What a badge shows of a cardholder. Main reads it from its directory (or the outbox, for a record
 * waiting to be created) by the id the renderer sends: the renderer never says who is on a badge.
 */
export interface BadgeCardholder {
  id: number;
  first_Name: string;
  middle_Name: string;
  last_Name: string;
  displayName: string;
  employee_ID: string;
  card_Holder_Type_ID: number;
  tenant: number[];
}

/** The language a badge is printed in: the one shown on the screen that asked for it (en-XA prints English). */
export const BADGE_LOCALES = KIOSK_LOCALES;
export type BadgeLocale = KioskLocale;
const badgeLocale = z.enum(BADGE_LOCALES);

const badgeTemplateId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'A template id is the file name without ".json".');
/** A template's JSON: its shape is checked in main by the template schema (core/badges/template-schema.ts). */
const badgeSideJson = z
  .object({ background: z.string().max(20).optional(), backgroundImage: z.string().max(200).optional(), elements: z.array(z.record(z.string(), z.unknown())).max(100) })
  .strict();
const badgeTemplateJson = z
  .object({
    $comment: z.union([z.string().max(2000), z.array(z.string().max(2000)).max(50)]).optional(),
    name: z.string().max(200),
    orientation: z.enum(['portrait', 'landscape']),
    cardholderTypes: z.array(z.number()).max(1000).optional(),
    default: z.boolean().optional(),
    front: badgeSideJson,
    back: badgeSideJson.optional(),
  })
  .strict()
  .refine((value) => JSON.stringify(value).length <= 200_000, 'The template is too large.')
  .transform((value) => value as unknown as BadgeTemplateDocument);

export const badgesOperations = {
  getBadgeSetup: op<BadgeSetup>()(noPayload, { admin: 'Opening the badge templates', personal: false }),
  /**
   * Lays the card out for a cardholder, by id only (the service's, or a provisional id of a record
   * waiting in the outbox): main reads the names, employee ID, type and tenants from its directory.
   * `photo` is an image file the officer chose (for a reprint with no photo at hand), checked in main.
   */
  previewBadge: op<BadgePreview>()(
    z
      .object({
        cardholderId,
        templateId: badgeTemplateId.optional(),
        photo: photoBytes.optional(),
        photoType: z.enum(['image/jpeg', 'image/png']).optional(),
        locale: badgeLocale.optional(),
      })
      .strict(),
    { bytes: ['photo'], personal: 'Showing a badge' },
  ),
  /** Prints the previewed card on badges.printer, or saves it as PDF; a reprint says why. */
  printBadge: op<BadgePrintResult>()(
    z
      .object({
        previewId: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
        destination: z.enum(['printer', 'pdf']),
        reason: z.object({ kind: z.enum(REPRINT_REASONS), text: z.string().trim().max(200) }).strict().optional(),
        /** The language shown when Print was pressed: a preview laid out in another is laid out again in it. */
        locale: badgeLocale.optional(),
      })
      .strict(),
    { shift: 'Printing a badge', personal: 'Printing a badge' },
  ),
  listBadgeLog: op<BadgePrintEntry[]>()(noPayload, { personal: 'Reading the operator log' }),
  /** Administration: a template laid out with a sample cardholder (needs the admin PIN). */
  previewBadgeTemplate: op<BadgePreview>()(z.object({ templateId: badgeTemplateId, locale: badgeLocale.optional() }).strict(), { admin: 'Showing a badge template', personal: false }),
  /** Administration's layout editor: a template's JSON (needs the admin PIN). */
  getBadgeTemplateSource: op<BadgeTemplateSource>()(z.object({ templateId: badgeTemplateId }).strict(), { admin: 'Editing a badge template', personal: false }),
  /** Administration's layout editor: an edited template checked and laid out with a sample cardholder, not saved (needs the admin PIN). */
  previewBadgeTemplateDraft: op<BadgeTemplateDraftPreview>()(z.object({ templateId: badgeTemplateId, template: badgeTemplateJson, locale: badgeLocale.optional() }).strict(), { admin: 'Editing a badge template', personal: false }),
  /** Administration's layout editor: checks the edited template like `--admin check` and writes its file, keeping a .bak (needs the admin PIN). */
  saveBadgeTemplate: op<BadgeTemplateSaved>()(z.object({ templateId: badgeTemplateId, template: badgeTemplateJson }).strict(), { admin: 'Saving a badge template', personal: false }),
} as const;
