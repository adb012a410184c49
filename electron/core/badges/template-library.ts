/**
 * The badge templates of a workstation: every *.json in badges.templatesDir, read, validated
 * (template-schema.ts) and checked beyond its shape — every image present beside it, every
 * element on the card, every barcode able to hold the longest value it promises, every text
 * readable at its smallest size — each problem naming the file and the element. Used by the
 * kiosk (only templates without problems print) and by `--admin check`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { BadgeTemplateInfo } from '../../contract/ipc';
import { barcodeFitProblem, encodeBarcode, worstCaseValue } from './barcode';
import { BadgeTemplate, cardSize, type BadgeSide } from './template-schema';
import { LINE_HEIGHT, PT_TO_MM, smallestSize } from './text-fit';

export interface LoadedTemplate {
  id: string;
  file: string;
  template: BadgeTemplate | null;
  /** Images by file name, as data: URLs. */
  assets: Map<string, string>;
  problems: string[];
}

const MAX_ASSET_BYTES = 4 * 1024 * 1024;
const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.svg': 'image/svg+xml' };
const EPSILON = 0.001;

/** "front.elements[2].field" → 'front element "name" (field)'. */
function where(issuePath: ReadonlyArray<PropertyKey>, raw: unknown): string {
  const parts = issuePath.map(String);
  if (parts[1] === 'elements' && parts[2] !== undefined) {
    const element = (raw as { [side: string]: { elements?: Array<{ id?: unknown }> } } | null)?.[parts[0] ?? '']?.elements?.[Number(parts[2])];
    const name = typeof element?.id === 'string' ? `"${element.id}"` : `#${Number(parts[2]) + 1}`;
    const rest = parts.slice(3).join('.');
    return `${parts[0]} element ${name}${rest ? ` (${rest})` : ''}`;
  }
  return parts.join('.') || '(the file)';
}

function issueText(issue: z.core.$ZodIssue, raw: unknown): string {
  if (issue.code === 'unrecognized_keys') return `${where(issue.path, raw)}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  return `${where(issue.path, raw)}: ${issue.message}`;
}

function checkSide(side: BadgeSide, name: 'front' | 'back', template: BadgeTemplate, assets: Map<string, string>): string[] {
  const problems: string[] = [];
  const card = cardSize(template.orientation);
  const ids = new Set<string>();
  if (side.backgroundImage && !assets.has(side.backgroundImage)) problems.push(`${name}.backgroundImage: the image "${side.backgroundImage}" is not beside the template`);
  for (const element of side.elements) {
    const label = `${name} element "${element.id}"`;
    if (ids.has(element.id)) problems.push(`${label}: another element of the ${name} has the same id`);
    ids.add(element.id);
    if (element.type === 'border') {
      if (element.thickness * 2 >= Math.min(card.widthMm, card.heightMm)) problems.push(`${label}: the border is thicker than the card allows`);
      continue;
    }
    if (element.x + element.width > card.widthMm + EPSILON || element.y + element.height > card.heightMm + EPSILON) {
      problems.push(`${label}: falls off the card (x ${element.x} + width ${element.width} mm, y ${element.y} + height ${element.height} mm; a ${template.orientation} ID-1 card is ${card.widthMm} × ${card.heightMm} mm)`);
    }
    if (element.type === 'image' && !assets.has(element.file)) problems.push(`${label}: the image "${element.file}" is not beside the template`);
    if (element.type === 'text') {
      if (element.field === 'text' && !element.text) problems.push(`${label}: field "text" needs the words to show in "text"`);
      const min = smallestSize(element.fontSize, element.minFontSize);
      if (min * LINE_HEIGHT * PT_TO_MM > element.height + EPSILON) problems.push(`${label}: ${element.height} mm is not tall enough for one line at ${min} pt`);
    }
    if (element.type === 'barcode') {
      if (element.field === 'text') problems.push(`${label}: a barcode shows a field of the cardholder, not "text"`);
      const encoded = encodeBarcode(element.symbology, worstCaseValue(element.symbology, element.maxChars));
      const problem = encoded.ok ? barcodeFitProblem(encoded.barcode, element.width, element.height) : encoded.reason;
      if (problem) problems.push(`${label}: the ${element.symbology} barcode cannot hold ${element.maxChars} characters (maxChars): ${problem}`);
    }
  }
  return problems;
}

/** Checks a parsed template against its images (shared by loading and the layout editor's save). */
export function checkTemplate(template: BadgeTemplate, assets: Map<string, string>): string[] {
  return [...checkSide(template.front, 'front', template, assets), ...(template.back ? checkSide(template.back, 'back', template, assets) : [])];
}

async function readAssets(dir: string, raw: unknown): Promise<Map<string, string>> {
  const names = new Set<string>();
  const collect = (side: unknown): void => {
    if (typeof side !== 'object' || side === null) return;
    const s = side as { backgroundImage?: unknown; elements?: unknown };
    if (typeof s.backgroundImage === 'string') names.add(s.backgroundImage);
    if (Array.isArray(s.elements)) for (const e of s.elements) if (typeof e === 'object' && e !== null && typeof (e as { file?: unknown }).file === 'string') names.add((e as { file: string }).file);
  };
  collect((raw as { front?: unknown } | null)?.front);
  collect((raw as { back?: unknown } | null)?.back);
  const assets = new Map<string, string>();
  for (const name of names) {
    if (name !== path.basename(name)) continue; // the schema refuses folders
    const mime = MIME[path.extname(name).toLowerCase()];
    if (!mime) continue;
    try {
      const bytes = await readFile(path.join(dir, name));
      if (bytes.byteLength > 0 && bytes.byteLength <= MAX_ASSET_BYTES) assets.set(name, `data:${mime};base64,${bytes.toString('base64')}`);
    } catch {
      // Missing: reported by the check.
    }
  }
  return assets;
}

export async function loadTemplateFile(file: string): Promise<LoadedTemplate> {
  const id = path.basename(file, '.json');
  const base: LoadedTemplate = { id, file, template: null, assets: new Map(), problems: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (thrown) {
    return { ...base, problems: [thrown instanceof SyntaxError ? `not valid JSON: ${thrown.message}` : `could not be read: ${(thrown as NodeJS.ErrnoException).code ?? String(thrown)}`] };
  }
  return checkTemplateSource(file, raw);
}

/** A template's JSON (read from `file` or edited in Administration) validated and checked against the images beside `file`. */
export async function checkTemplateSource(file: string, raw: unknown): Promise<LoadedTemplate> {
  const base: LoadedTemplate = { id: path.basename(file, '.json'), file, template: null, assets: new Map(), problems: [] };
  const assets = await readAssets(path.dirname(file), raw);
  const parsed = BadgeTemplate.safeParse(raw);
  if (!parsed.success) return { ...base, assets, problems: parsed.error.issues.map((issue) => issueText(issue, raw)) };
  return { ...base, template: parsed.data, assets, problems: checkTemplate(parsed.data, assets) };
}

/** Every template of `dir` (sorted by file name); a folder that cannot be read is one problem. */
export async function loadTemplates(dir: string): Promise<{ templates: LoadedTemplate[]; problem: string | null }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (thrown) {
    return { templates: [], problem: `the badge templates folder ${dir} could not be read (${(thrown as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const templates = await Promise.all(names.map((name) => loadTemplateFile(path.join(dir, name))));
  if (templates.length === 0) return { templates, problem: `the badge templates folder ${dir} holds no template (*.json)` };
  const defaults = templates.filter((t) => t.template?.default);
  if (defaults.length > 1) return { templates, problem: `more than one template is the default: ${defaults.map((t) => path.basename(t.file)).join(', ')}` };
  return { templates, problem: null };
}

export function templateInfo(loaded: LoadedTemplate): BadgeTemplateInfo {
  const t = loaded.template;
  return {
    id: loaded.id,
    file: path.basename(loaded.file),
    name: t?.name ?? loaded.id,
    orientation: t?.orientation ?? 'portrait',
    sides: t?.back ? 2 : 1,
    cardholderTypes: t?.cardholderTypes ?? [],
    isDefault: t?.default ?? false,
    problems: loaded.problems,
  };
}

/** The template for a cardholder type: the one that names it, else the default. */
export function templateFor(templates: readonly LoadedTemplate[], cardholderType: number): LoadedTemplate | null {
  const usable = templates.filter((t) => t.template && t.problems.length === 0);
  return usable.find((t) => t.template?.cardholderTypes.includes(cardholderType)) ?? usable.find((t) => t.template?.default) ?? null;
}
