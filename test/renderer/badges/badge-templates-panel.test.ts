/**
 * Administration's badge section when no template is provisioned: it says the built-in templates
 * are in use (and that provisioned ones replace them), lists them by their names in the language
 * shown, marked "built in" instead of a file, with a sample but no "Edit layout" (they have no
 * file to save).
 */
import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { defineComponent, h } from 'vue';
import { fake, ok } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import type { BadgeSetup, BadgeTemplateInfo, Result } from '../../../electron/contract/ipc';
import BadgeTemplatesPanel from '../../../renderer/src/badges/BadgeTemplatesPanel.vue';
import { useLocaleStore } from '../../../renderer/src/i18n/locale-store';

const { mountView } = useComponentHarness(fake);

const info = (id: string, name: string, over: Partial<BadgeTemplateInfo> = {}): BadgeTemplateInfo => ({ id, file: `built-in:${id}`, name, orientation: 'portrait', sides: 1, cardholderTypes: [], isDefault: false, problems: [], ...over });
const SETUP: BadgeSetup = {
  templatesDir: null,
  builtIn: true,
  templates: [info('built-in-employee', 'Employee (built in)', { isDefault: true }), info('built-in-visitor', 'Visitor (built in)', { orientation: 'landscape', sides: 2, cardholderTypes: [3] })],
  printer: null,
  installedPrinters: [],
};

describe('badge templates panel, nothing provisioned', () => {
  it('in German: says the built-in templates are in use, names them in German, no file and no "Edit layout"', async () => {
    (fake.current.api as unknown as Record<string, unknown>).getBadgeSetup = vi.fn(async () => ok(SETUP) as Result<BadgeSetup>);
    await useLocaleStore().setLocale('de');
    const view = await mountView(defineComponent({ render: () => h(BadgeTemplatesPanel, { cardholderTypes: [{ id: 3, name: 'Besucher' }] }) }));
    await flushPromises();
    expect(view.get('[data-testid="admin-badge-built-in"]').text()).toContain('Die eingebauten Vorlagen');
    const rows = view.findAll('[data-testid="admin-badge-template"]').map((row) => row.findAll('td').map((td) => td.text()));
    expect(rows.map((cells) => cells.slice(0, 2))).toEqual([
      ['Mitarbeiter (eingebaut) (Standard)', 'eingebaut'],
      ['Besucher (eingebaut)', 'eingebaut'],
    ]);
    expect(view.find('[data-testid^="admin-badge-edit-"]').exists()).toBe(false);
    expect(view.find('[data-testid="admin-badge-sample-built-in-employee"]').exists()).toBe(true);
  });
});
