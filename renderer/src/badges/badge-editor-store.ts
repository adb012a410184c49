/**
 * Badge layout editor store (Administration, behind the PIN): one template's JSON being edited —
 * the side shown, the selected element, moves and resizes in millimetres, texts, font sizes and
 * colours — with main's layout of the edited template (the sample cardholder) and the problems
 * `--admin check` would name (keys, worded by badge-problem-text.ts), refreshed after every change
 * and in the language shown (a switch lays it out again); a text element's words per language; dirty/revert, and save (main checks
 * it again and keeps a .bak). Talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, shallowRef, watch } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import { currentLocale, i18n, t } from '../i18n/i18n';
import { SPOKEN_LANGUAGES, type SpokenLanguage } from '../../../electron/contract/languages';
import type { BadgeElementDocument, BadgePreview, BadgeProblem, BadgeSideDocument, BadgeTemplateDocument } from '../../../electron/contract/ipc';

/** The languages the editor offers words in (the kiosk's, English first); a template may hold others, kept as they are. */
export const WORD_LANGUAGES = SPOKEN_LANGUAGES;
export type WordLanguage = SpokenLanguage;

/** A text element's words in one language: its own, or (a plain string) the same in every language. */
export function wordsOf(element: BadgeElementDocument, language: string): string {
  const text = element.text;
  if (text === undefined) return '';
  return typeof text === 'string' ? text : (text[language] ?? '');
}

/** Arrow keys move by 0.5 mm, with Shift by 5 mm. */
export const STEP_MM = 0.5;
export const BIG_STEP_MM = 5;
const MIN_SIZE_MM = 0.5;

export type Side = 'front' | 'back';
export type Geometry = 'x' | 'y' | 'width' | 'height';
/** What the editor changes on an element besides its box. */
export type ElementProperty = 'text' | 'fontSize' | 'color' | 'defaultColor' | 'borderColor' | 'thickness';

const round = (value: number): number => Math.round(value * 100) / 100;
const clone = (template: BadgeTemplateDocument): BadgeTemplateDocument => JSON.parse(JSON.stringify(template)) as BadgeTemplateDocument;
export const hasBox = (element: BadgeElementDocument): boolean => element.type !== 'border';

export const useBadgeEditorStore = defineStore('badgeEditor', () => {
  const templateId = ref<string | null>(null);
  const file = ref('');
  const original = ref('');
  const draft = ref<BadgeTemplateDocument | null>(null);
  const side = ref<Side>('front');
  const selectedId = ref<string | null>(null);
  const preview = shallowRef<BadgePreview | null>(null);
  const problems = ref<BadgeProblem[]>([]);
  const error = ref<KioskError | null>(null);
  /** What was saved (the notice says it in the language shown). */
  const saved = ref<{ file: string; backup: string | null } | null>(null);
  const notice = computed(() =>
    !saved.value ? '' : saved.value.backup ? t('badges.editor.savedWithBackup', { file: saved.value.file, backup: saved.value.backup }) : t('badges.editor.saved', { file: saved.value.file }),
  );
  const saving = ref(false);
  let asked = 0;
  let inFlight: Promise<void> | null = null;
  let again = false;

  const sideDoc = computed<BadgeSideDocument | null>(() => (draft.value ? (side.value === 'back' ? (draft.value.back ?? null) : draft.value.front) : null));
  const elements = computed<BadgeElementDocument[]>(() => sideDoc.value?.elements ?? []);
  const selected = computed<BadgeElementDocument | null>(() => elements.value.find((e) => e.id === selectedId.value) ?? null);
  const dirty = computed(() => draft.value !== null && JSON.stringify(draft.value) !== original.value);
  const previewSide = computed(() => preview.value?.sides.find((s) => s.side === side.value) ?? null);

  async function lay(): Promise<void> {
    const id = templateId.value;
    const template = draft.value;
    if (!id || !template) return;
    const mine = ++asked;
    const result = await kiosk.previewBadgeTemplateDraft({ templateId: id, template: clone(template), locale: currentLocale() });
    if (mine !== asked || templateId.value !== id) return;
    if (result.ok) {
      problems.value = result.value.problems;
      if (result.value.preview) preview.value = result.value.preview;
      error.value = null;
    } else error.value = result.error;
  }

  /** Lays the edited template out again: one request at a time, the latest change last. */
  function refresh(): Promise<void> {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        await lay();
      } while (again);
      inFlight = null;
    })();
    return inFlight;
  }

  function changed(): Promise<void> {
    saved.value = null;
    return refresh();
  }

  async function open(id: string): Promise<void> {
    const result = await kiosk.getBadgeTemplateSource({ templateId: id });
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    templateId.value = id;
    file.value = result.value.file;
    original.value = JSON.stringify(result.value.template);
    draft.value = clone(result.value.template);
    side.value = 'front';
    selectedId.value = draft.value.front.elements.find(hasBox)?.id ?? null;
    preview.value = null;
    problems.value = result.value.problems;
    error.value = null;
    saved.value = null;
    await refresh();
  }

  function close(): void {
    templateId.value = null;
    draft.value = null;
    preview.value = null;
    problems.value = [];
    selectedId.value = null;
    error.value = null;
    saved.value = null;
    asked++;
  }

  function showSide(next: Side): void {
    if (next === 'back' && !draft.value?.back) return;
    side.value = next;
    selectedId.value = elements.value.find(hasBox)?.id ?? null;
  }

  function select(id: string): void {
    if (elements.value.some((e) => e.id === id)) selectedId.value = id;
  }

  /** Sets one length of the selected element (mm, rounded to 0.01 mm; positions not below 0, sizes not below 0.5 mm). */
  function setGeometry(key: Geometry, value: number, options: { refresh?: boolean } = {}): Promise<void> {
    const element = selected.value;
    if (!element || !hasBox(element) || !Number.isFinite(value)) return Promise.resolve();
    element[key] = round(Math.max(key === 'x' || key === 'y' ? 0 : MIN_SIZE_MM, value));
    return options.refresh === false ? Promise.resolve() : changed();
  }

  function moveBy(dx: number, dy: number): Promise<void> {
    const element = selected.value;
    if (!element || !hasBox(element)) return Promise.resolve();
    void setGeometry('x', (element.x ?? 0) + dx, { refresh: false });
    void setGeometry('y', (element.y ?? 0) + dy, { refresh: false });
    return changed();
  }

  function resizeBy(dw: number, dh: number): Promise<void> {
    const element = selected.value;
    if (!element || !hasBox(element)) return Promise.resolve();
    void setGeometry('width', (element.width ?? MIN_SIZE_MM) + dw, { refresh: false });
    void setGeometry('height', (element.height ?? MIN_SIZE_MM) + dh, { refresh: false });
    return changed();
  }

  function setProperty(key: ElementProperty, value: string | number): Promise<void> {
    const element = selected.value;
    if (!element) return Promise.resolve();
    if (typeof value === 'number' && !Number.isFinite(value)) return Promise.resolve();
    if (key === 'text' && value === '') delete element.text;
    else element[key] = value as never;
    return changed();
  }

  /**
   * Sets the selected text element's words in one language. A plain string becomes the English
   * words (the other languages print them until given their own); an empty language is left out
   * (the badge then prints English, else the first one given); when none has words, the text goes.
   */
  function setWords(language: WordLanguage, value: string): Promise<void> {
    const element = selected.value;
    if (!element || element.type !== 'text') return Promise.resolve();
    const before = element.text;
    const byLanguage: Record<string, string> = typeof before === 'string' ? (before === '' ? {} : { en: before }) : { ...(before ?? {}) };
    if (value === '') delete byLanguage[language];
    else byLanguage[language] = value;
    if (Object.keys(byLanguage).length === 0) delete element.text;
    else element.text = byLanguage;
    return changed();
  }

  function setBackground(colour: string): Promise<void> {
    if (!sideDoc.value) return Promise.resolve();
    sideDoc.value.background = colour;
    return changed();
  }

  function revert(): Promise<void> {
    if (!original.value) return Promise.resolve();
    draft.value = JSON.parse(original.value) as BadgeTemplateDocument;
    if (!elements.value.some((e) => e.id === selectedId.value)) selectedId.value = elements.value.find(hasBox)?.id ?? null;
    return changed();
  }

  async function save(): Promise<boolean> {
    const id = templateId.value;
    if (!id || !draft.value || saving.value) return false;
    saving.value = true;
    const sent = JSON.stringify(draft.value);
    const result = await kiosk.saveBadgeTemplate({ templateId: id, template: clone(draft.value) });
    saving.value = false;
    if (!result.ok) {
      error.value = result.error;
      return false;
    }
    original.value = sent;
    error.value = null;
    saved.value = { file: result.value.file, backup: result.value.backup };
    return true;
  }

  // The preview is laid out in the language shown: a switch lays it out again.
  watch(
    () => i18n.global.locale.value,
    () => {
      if (templateId.value) void refresh();
    },
  );

  return {
    templateId: readonly(templateId),
    file: readonly(file),
    draft,
    side: readonly(side),
    selectedId: readonly(selectedId),
    preview,
    previewSide,
    problems: readonly(problems),
    error: readonly(error),
    notice,
    saving: readonly(saving),
    elements,
    selected,
    dirty,
    open,
    close,
    showSide,
    select,
    setGeometry,
    moveBy,
    resizeBy,
    setProperty,
    setWords,
    setBackground,
    revert,
    save,
    refresh,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useBadgeEditorStore, import.meta.hot));
