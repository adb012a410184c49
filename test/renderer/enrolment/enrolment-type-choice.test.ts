/**
 * A new cardholder's type and tenants at a site that configured none (frontDesk.defaultCardholderType,
 * frontDesk.defaultTenants empty): nothing preselected — not the directory's most common value, not
 * the catalogue's first — the form says so beside both fields (read with them), and a create the
 * officer left without a choice sends neither. With configured defaults, those are preselected and
 * nothing is said. A choice made before main's choices arrive is kept. In happy-dom, the store and
 * the form, in the four languages.
 */
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { fake, ok } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import { showLanguage } from '../support/show-language';
import type { EnrolmentChoices, Result } from '../../../electron/contract/ipc';
import EnrolmentForm from '../../../renderer/src/enrolment/EnrolmentForm.vue';
import { useEnrolmentStore } from '../../../renderer/src/enrolment/enrolment-store';

const { mountView } = useComponentHarness(fake);

/** What main offers at a site without a catalogue: the values seen in the directory, with counts. */
function seen(defaults: EnrolmentChoices['defaults']): Result<EnrolmentChoices> {
  return ok({
    tenants: [{ id: 0, name: 'Tenant 0', named: false, count: 50 }, { id: 2, name: 'Tenant 2', named: false, count: 12 }],
    cardholderTypes: [{ id: 1, name: 'Type 1', named: false, count: 30 }, { id: 3, name: 'Type 3', named: false, count: 20 }],
    defaults,
    employeeIdPattern: null,
    records: 50,
  });
}
const NOTHING_CONFIGURED = { tenants: [], cardholderType: null };

const Form = defineComponent({ render: () => h(EnrolmentForm, { tenants: [], cardholderTypes: [] }) });

async function openNew(defaults: EnrolmentChoices['defaults']): Promise<{ store: ReturnType<typeof useEnrolmentStore> }> {
  fake.current.api.getEnrolmentChoices.mockResolvedValue(seen(defaults));
  const store = useEnrolmentStore();
  store.startCreate();
  await vi.waitFor(() => expect(store.choices).not.toBeNull());
  return { store };
}

describe('a new cardholder at a site without configured defaults', () => {
  it('starts with no type and no tenant, and sends neither when the officer chose none', async () => {
    const { store } = await openNew(NOTHING_CONFIGURED);
    expect(store.form.card_Holder_Type_ID).toBe('');
    expect(store.form.tenant).toEqual([]);
    expect(store.form.otherTenants).toBe('');
    expect(store.needsChoice).toEqual({ type: true, tenants: true });
    Object.assign(store.form, { first_Name: 'Aoife', last_Name: 'Kelly' });
    expect(await store.create()).not.toBeNull();
    const sent = fake.current.api.createCardholder.mock.calls[0]?.[0];
    expect(sent).toEqual({ first_Name: 'Aoife', last_Name: 'Kelly' });
    expect(sent).not.toHaveProperty('card_Holder_Type_ID');
    expect(sent).not.toHaveProperty('tenant');
  });

  it('sends the type and tenants the officer chose', async () => {
    const { store } = await openNew(NOTHING_CONFIGURED);
    Object.assign(store.form, { first_Name: 'Aoife', last_Name: 'Kelly', card_Holder_Type_ID: '3', tenant: [2] });
    store.touched('card_Holder_Type_ID');
    expect(store.needsChoice).toEqual({ type: false, tenants: false });
    expect(await store.create()).not.toBeNull();
    expect(fake.current.api.createCardholder).toHaveBeenCalledWith({ first_Name: 'Aoife', last_Name: 'Kelly', card_Holder_Type_ID: 3, tenant: [2] });
  });

  it('keeps a type chosen before the choices arrived', async () => {
    let answer: (value: Result<EnrolmentChoices>) => void = () => undefined;
    fake.current.api.getEnrolmentChoices.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const store = useEnrolmentStore();
    store.startCreate();
    store.form.card_Holder_Type_ID = '3';
    store.touched('card_Holder_Type_ID');
    answer(seen({ tenants: [0], cardholderType: 1 }));
    await vi.waitFor(() => expect(store.choices).not.toBeNull());
    expect(store.form.card_Holder_Type_ID).toBe('3');
    // The tenants were not touched: the configured ones come in.
    expect(store.form.tenant).toEqual([0]);
  });

  it('the form says, beside each field and read with it, that nothing is chosen; choosing takes it away', async () => {
    await openNew(NOTHING_CONFIGURED);
    const view = await mountView(Form);
    const type = view.get('[data-testid="enrol-card_Holder_Type_ID"]');
    expect((type.element as HTMLSelectElement).value).toBe('');
    expect(view.findAll('[data-testid^="enrol-tenant-"]:checked')).toHaveLength(0);
    const typeHint = view.get('[data-testid="enrol-choose-type"]');
    expect(typeHint.text()).toBe('Choose the cardholder type: it decides what the card opens. None is chosen for you; left unchosen, none is sent.');
    expect(type.attributes('aria-describedby')).toContain(typeHint.attributes('id'));
    const tenantHint = view.get('[data-testid="enrol-choose-tenants"]');
    expect(tenantHint.text()).toBe('Tick the tenants this person belongs to. None is ticked for you; left unticked, none is sent.');
    expect(view.get('fieldset.tenants').attributes('aria-describedby')).toContain(tenantHint.attributes('id'));
    await type.setValue('3');
    await view.get('[data-testid="enrol-tenant-2"]').setValue(true);
    await flushPromises();
    expect(view.find('[data-testid="enrol-choose-type"]').exists()).toBe(false);
    expect(view.find('[data-testid="enrol-choose-tenants"]').exists()).toBe(false);
    expect(type.attributes('aria-describedby')).toBeUndefined();
  });

  it.each([
    ['de', 'Wählen Sie den Ausweisinhabertyp'],
    ['fr', 'Choisissez le type de titulaire'],
    ['es', 'Elija el tipo de titular'],
  ] as const)('says it in %s', async (locale, words) => {
    await openNew(NOTHING_CONFIGURED);
    const view = await mountView(Form);
    await showLanguage(locale);
    expect(view.get('[data-testid="enrol-choose-type"]').text()).toContain(words);
    expect(view.get('[data-testid="enrol-choose-tenants"]').text()).not.toBe('');
  });
});

describe('a new cardholder at a site with configured defaults', () => {
  it('preselects the configured type and tenants, and says nothing about choosing', async () => {
    const { store } = await openNew({ tenants: [0, 2], cardholderType: 3 });
    expect(store.form.card_Holder_Type_ID).toBe('3');
    expect(store.form.tenant).toEqual([0, 2]);
    const view = await mountView(Form);
    expect((view.get('[data-testid="enrol-card_Holder_Type_ID"]').element as HTMLSelectElement).value).toBe('3');
    expect(view.find('[data-testid="enrol-choose-type"]').exists()).toBe(false);
    expect(view.find('[data-testid="enrol-choose-tenants"]').exists()).toBe(false);
    Object.assign(store.form, { first_Name: 'Aoife', last_Name: 'Kelly' });
    expect(await store.create()).not.toBeNull();
    expect(fake.current.api.createCardholder).toHaveBeenCalledWith(expect.objectContaining({ card_Holder_Type_ID: 3, tenant: [0, 2] }));
  });
});
