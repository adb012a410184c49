/**
 * The badge layout editor in happy-dom: the store moves the selected element by 0.5 mm (5 mm with
 * Shift) and resizes it, keeps positions on the card's positive side, is dirty after a change and
 * clean after Revert, lays the edited template out again after each change (the latest change
 * last) and shows main's problems; Save sends the edited JSON. The component moves by arrow keys
 * on the card, resizes with Alt, and edits a font size through its labelled field.
 */
import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, ok } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import type { BadgeProblem, BadgeTemplateDocument, BadgeTemplateDraftPreview, BadgeTemplateSaved, BadgeTemplateSource, Result } from '../../../electron/contract/ipc';


import BadgeLayoutEditor from '../../../renderer/src/badges/BadgeLayoutEditor.vue';
import { useBadgeEditorStore } from '../../../renderer/src/badges/badge-editor-store';

const { mountView } = useComponentHarness(fake);

const TEMPLATE: BadgeTemplateDocument = {
  name: 'Employee (portrait)',
  orientation: 'portrait',
  front: {
    background: '#ffffff',
    elements: [
      { type: 'photo', id: 'photo', x: 15, y: 14, width: 24, height: 32 },
      { type: 'text', id: 'last-name', x: 2.5, y: 47, width: 48.98, height: 10, field: 'lastName', fontSize: 14, color: '#000000' },
      { type: 'border', id: 'edge', thickness: 1, defaultColor: '#4a4a4a' },
    ],
  },
};

function answer(problems: (template: BadgeTemplateDocument) => BadgeProblem[] = () => []) {
  const sent: BadgeTemplateDocument[] = [];
  const saved: BadgeTemplateDocument[] = [];
  const api = fake.current.api as unknown as Record<string, unknown>;
  api.getBadgeTemplateSource = vi.fn(async () => ok({ templateId: 'employee-portrait', file: 'employee-portrait.json', template: structuredClone(TEMPLATE), problems: [] }) as Result<BadgeTemplateSource>);
  api.previewBadgeTemplateDraft = vi.fn(async (request: { template: BadgeTemplateDocument }) => {
    sent.push(request.template);
    return ok({ preview: null, problems: problems(request.template) }) as Result<BadgeTemplateDraftPreview>;
  });
  api.saveBadgeTemplate = vi.fn(async (request: { template: BadgeTemplateDocument }) => {
    saved.push(request.template);
    return ok({ templateId: 'employee-portrait', file: 'employee-portrait.json', backup: 'employee-portrait.json.bak' }) as Result<BadgeTemplateSaved>;
  });
  return { sent, saved };
}

const OFF_CARD: BadgeProblem = { key: 'offCard', params: { side: 'front', element: 'photo' } };
const photo = (template: BadgeTemplateDocument | null | undefined) => template?.front.elements.find((e) => e.id === 'photo');

describe('the badge layout editor', () => {
  it('moves and resizes the selected element in millimetres, is dirty until Revert, and lays the draft out after each change', async () => {
    const { sent } = answer();
    const editor = useBadgeEditorStore();
    await editor.open('employee-portrait');
    expect(editor.selectedId).toBe('photo');
    expect(editor.dirty).toBe(false);

    await editor.moveBy(0.5, 0);
    await editor.moveBy(0, -5);
    expect(photo(editor.draft)).toMatchObject({ x: 15.5, y: 9 });
    await editor.resizeBy(-0.5, 5);
    expect(photo(editor.draft)).toMatchObject({ width: 23.5, height: 37 });
    await editor.moveBy(-100, 0);
    expect(photo(editor.draft)?.x).toBe(0);
    expect(editor.dirty).toBe(true);
    expect(photo(sent.at(-1))).toMatchObject({ x: 0, y: 9, width: 23.5, height: 37 });

    await editor.revert();
    expect(editor.dirty).toBe(false);
    expect(photo(editor.draft)).toMatchObject({ x: 15, y: 14, width: 24, height: 32 });
  });

  it('shows the problems main names for the draft, and saves the edited JSON', async () => {
    const { saved } = answer((t) => ((photo(t)?.x ?? 0) + (photo(t)?.width ?? 0) > 53.98 ? [OFF_CARD] : []));
    const editor = useBadgeEditorStore();
    await editor.open('employee-portrait');
    await editor.setGeometry('x', 40);
    expect(editor.problems).toEqual([OFF_CARD]);
    await editor.setGeometry('x', 20);
    expect(editor.problems).toEqual([]);
    editor.select('last-name');
    await editor.setProperty('fontSize', 16);
    expect(await editor.save()).toBe(true);
    expect(photo(saved[0])?.x).toBe(20);
    expect(saved[0]?.front.elements.find((e) => e.id === 'last-name')?.fontSize).toBe(16);
    expect(editor.dirty).toBe(false);
    expect(editor.notice).toContain('employee-portrait.json.bak');
  });

  it('moves by arrow keys on the card (Shift: 5 mm), resizes with Alt, and edits a font size in its labelled field', async () => {
    answer();
    const editor = useBadgeEditorStore();
    await editor.open('employee-portrait');
    const wrapper = await mountView(BadgeLayoutEditor);
    const stage = wrapper.get('[data-testid="badge-editor-stage"]');
    await stage.trigger('keydown', { key: 'ArrowRight' });
    await stage.trigger('keydown', { key: 'ArrowDown', shiftKey: true });
    await stage.trigger('keydown', { key: 'ArrowLeft', altKey: true });
    await flushPromises();
    expect(photo(editor.draft)).toMatchObject({ x: 15.5, y: 19, width: 23.5, height: 32 });
    expect(wrapper.get('[data-testid="badge-editor-x"]').element).toHaveProperty('value', '15.5');

    await wrapper.get('[data-testid="badge-editor-element-last-name"]').trigger('click');
    const size = wrapper.get('[data-testid="badge-editor-font-size"]');
    expect(size.element.closest('label')?.textContent).toContain('Font size (pt)');
    await size.setValue('12');
    await flushPromises();
    expect(editor.draft?.front.elements.find((e) => e.id === 'last-name')?.fontSize).toBe(12);
    expect(wrapper.get('[data-testid="badge-editor-save"]').attributes('disabled')).toBeUndefined();
    await wrapper.get('[data-testid="badge-editor-revert"]').trigger('click');
    await flushPromises();
    expect(editor.dirty).toBe(false);
  });
});
