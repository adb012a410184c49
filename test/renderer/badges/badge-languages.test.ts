/**
 * Badges in the language of the screen, renderer side (issue 23): the layout editor edits a text
 * element's words per language (a labelled field per language; a plain string becomes the
 * English words; an emptied language is left out), asks main for the preview in the language
 * shown and again after a switch; main's template problems ({ key, params }) are worded in the
 * language shown (English exactly as main's log words them), the layout's own error through
 * errorText; the print dialog's preview and print carry the language shown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, ok } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import { englishBadgeProblem, type BadgeProblem, type BadgeTemplateDocument, type BadgeTemplateDraftPreview, type BadgeTemplateSource, type Result } from '../../../electron/contract/ipc';
import BadgeLayoutEditor from '../../../renderer/src/badges/BadgeLayoutEditor.vue';
import { useBadgeEditorStore } from '../../../renderer/src/badges/badge-editor-store';
import { badgeProblemText } from '../../../renderer/src/badges/badge-problem-text';
import { useLocaleStore } from '../../../renderer/src/i18n/locale-store';
import { errorText } from '../../../renderer/src/i18n/error-text';
import { keyedError } from '../../../electron/contract/ipc';

const { mountView } = useComponentHarness(fake);
// The next test's setup returns to English: a store left open would lay its template out again.
afterEach(() => useBadgeEditorStore().close());

const TEMPLATE: BadgeTemplateDocument = {
  name: 'Employee (portrait)',
  orientation: 'portrait',
  front: {
    elements: [
      { type: 'text', id: 'issued', x: 2.5, y: 81, width: 48.98, height: 3, field: 'issueDate', text: 'Issued', fontSize: 6 },
      { type: 'text', id: 'notice', x: 2.5, y: 70, width: 48.98, height: 8, field: 'text', text: { en: 'Property of the site', de: 'Eigentum des Standorts' }, fontSize: 6 },
    ],
  },
};
const OFF_CARD: BadgeProblem = { key: 'offCard', params: { side: 'front', element: 'photo', x: 40, width: 24, y: 14, height: 32, orientation: 'portrait', cardWidth: 53.98, cardHeight: 85.6 } };

function answer(problems: BadgeProblem[] = []) {
  const asked: Array<{ template: BadgeTemplateDocument; locale?: string }> = [];
  const api = fake.current.api as unknown as Record<string, unknown>;
  api.getBadgeTemplateSource = vi.fn(async () => ok({ templateId: 'employee-portrait', file: 'employee-portrait.json', template: structuredClone(TEMPLATE), problems: [] }) as Result<BadgeTemplateSource>);
  api.previewBadgeTemplateDraft = vi.fn(async (request: { template: BadgeTemplateDocument; locale?: string }) => {
    asked.push(request);
    return ok({ preview: null, problems }) as Result<BadgeTemplateDraftPreview>;
  });
  return asked;
}
const words = (template: BadgeTemplateDocument | null | undefined, id: string) => template?.front.elements.find((e) => e.id === id)?.text;

describe('badges in the language of the screen (renderer)', () => {
  it('edits a text element’s words per language: a plain string becomes the English words, an emptied language is left out', async () => {
    const asked = answer();
    const editor = useBadgeEditorStore();
    await editor.open('employee-portrait');
    editor.select('issued');
    await editor.setWords('de', 'Ausgestellt');
    expect(words(editor.draft, 'issued')).toEqual({ en: 'Issued', de: 'Ausgestellt' });
    await editor.setWords('fr', 'Délivré le');
    await editor.setWords('de', '');
    expect(words(editor.draft, 'issued')).toEqual({ en: 'Issued', fr: 'Délivré le' });
    expect(words(asked.at(-1)?.template, 'issued')).toEqual({ en: 'Issued', fr: 'Délivré le' });
    expect(asked.at(-1)?.locale).toBe('en');
  });

  it('in German: a labelled field per language, the preview asked in German and again after a switch, the problems in German', async () => {
    const asked = answer([OFF_CARD]);
    await useLocaleStore().setLocale('de');
    const editor = useBadgeEditorStore();
    await editor.open('employee-portrait');
    editor.select('notice');
    const wrapper = await mountView(BadgeLayoutEditor);
    await flushPromises();
    expect(asked.at(-1)?.locale).toBe('de');
    const fields = wrapper.get('[data-testid="badge-editor-words"]');
    expect(fields.get('legend').text()).toContain('Text in jeder Sprache');
    expect(wrapper.get('[data-testid="badge-editor-text-de"]').element.closest('label')?.textContent).toContain('Deutsch (de)');
    expect(wrapper.get('[data-testid="badge-editor-text-de"]').element).toHaveProperty('value', 'Eigentum des Standorts');
    expect(wrapper.get('[data-testid="badge-editor-text-fr"]').element).toHaveProperty('value', '');
    expect(wrapper.get('[data-testid="badge-editor-text-es"]').attributes('lang')).toBe('es');
    await wrapper.get('[data-testid="badge-editor-text-fr"]').setValue('Propriété du site');
    await flushPromises();
    expect(words(editor.draft, 'notice')).toEqual({ en: 'Property of the site', de: 'Eigentum des Standorts', fr: 'Propriété du site' });
    expect(wrapper.get('[data-testid="badge-editor-problems"]').text()).toContain('Vorderseite, Element "photo": ragt über die Karte hinaus (x 40 + Breite 24 mm, y 14 + Höhe 32 mm; eine ID-1-Karte im Hochformat misst 53.98 × 85.6 mm)');
    expect(wrapper.get('[data-testid="badge-editor-preview-language"]').text()).toBe('Die Vorschau ist auf Deutsch.');

    const before = asked.length;
    await useLocaleStore().setLocale('fr');
    await flushPromises();
    expect(asked.length).toBeGreaterThan(before);
    expect(asked.at(-1)?.locale).toBe('fr');
    expect(wrapper.get('[data-testid="badge-editor-problems"]').text()).toContain('recto, élément "photo" : dépasse de la carte');
  });

  it('words every problem in English exactly as main does for its log, and a layout error through errorText', async () => {
    const problems: BadgeProblem[] = [
      OFF_CARD,
      { key: 'unknownFieldsElement', params: { side: 'back', element: '"p"', fields: '"rotate", "spin"', count: 2 } },
      { key: 'wordsTooLongIn', params: { side: 'front', element: 'notice', language: 'de', words: 'Eigentum', width: 30, height: 4, size: 5 } },
    ];
    for (const problem of problems) expect(badgeProblemText(problem)).toBe(englishBadgeProblem(problem));
    expect(badgeProblemText(problems[1]!)).toBe('back element "p": unknown fields "rotate", "spin"');
    const narrow: BadgeProblem = { key: 'barcodeNeedsWidth', params: { side: 'back', element: 'code', symbology: 'code128', maxChars: 20, needed: '61.3', width: 30 } };
    expect(badgeProblemText(narrow)).toBe('back element "code": the code128 barcode cannot hold 20 characters (maxChars): it needs 61.3 mm of width, the element has 30 mm');
    await useLocaleStore().setLocale('de');
    expect(badgeProblemText(narrow)).toBe('Rückseite, Element "code": Der code128-Barcode kann keine 20 Zeichen (maxChars) aufnehmen: Er braucht 61.3 mm Breite, das Element hat 30 mm');
    const fontSize: BadgeProblem = { key: 'invalidElementField', params: { side: 'front', element: '"name"', path: 'fontSize', detail: 'expected at most 72 pt', issue: 'atMost', limit: '72 pt' } };
    expect(badgeProblemText(fontSize)).toBe('Vorderseite, Element "name" (fontSize): erwartet: höchstens 72 pt');
    await useLocaleStore().setLocale('en');
    expect(badgeProblemText(fontSize)).toBe('front element "name" (fontSize): expected at most 72 pt');
    await useLocaleStore().setLocale('es');
    expect(badgeProblemText(problems[2]!)).toBe('anverso, elemento "notice": el texto (de) "Eigentum" no cabe en 30 × 4 mm, ni siquiera a 5 pt');
    const layout: BadgeProblem = { key: 'cannotLayOut', params: { detail: 'The request was cancelled.' }, error: { code: 'cancelled', message: 'The request was cancelled.', key: 'errors.cancelled', params: {} } };
    expect(badgeProblemText(layout)).toBe('La solicitud se ha cancelado.');
  });

  it('the badge refusals main sends (keyed) read in the language shown, the field named in it; English exactly as main words it', async () => {
    const tooLong = keyedError('badgeTextTooLong', { what: 'last name', fieldCode: 'lastName', value: 'Wolfeschlegelsteinhausen' });
    expect(tooLong.message).toBe('The last name "Wolfeschlegelsteinhausen" is too long for this card, even in the smallest type. Nothing was printed: ask an administrator for a template with more room, or use a shorter display name.');
    expect(errorText(tooLong)).toBe(tooLong.message);
    const missing = keyedError('badgePrinterMissing', { printer: 'Zebra', installed: 'CardPrinter-1' });
    await useLocaleStore().setLocale('de');
    expect(errorText(tooLong)).toBe('Der Nachname "Wolfeschlegelsteinhausen" ist zu lang für diesen Ausweis, auch in der kleinsten Schrift. Es wurde nichts gedruckt: Bitten Sie die Administration um eine Vorlage mit mehr Platz oder verwenden Sie einen kürzeren Anzeigenamen.');
    expect(errorText(missing)).toBe('Der Ausweisdrucker "Zebra" ist an diesem Arbeitsplatz nicht installiert. Installiert: CardPrinter-1. Wenden Sie sich an die Administration.');
    expect(errorText(keyedError('badgeBarcodeCannotHold', { what: 'employee ID', fieldCode: 'employeeId', value: 'É-1', why: 'x' }))).toContain('den Wert „Personalnummer“ dieses Ausweisinhabers');
    await useLocaleStore().setLocale('fr');
    expect(errorText(tooLong)).toContain('Le nom "Wolfeschlegelsteinhausen" est trop long pour ce badge');
  });
});
