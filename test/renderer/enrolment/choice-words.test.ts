/**
 * The type and tenant words of the enrolment form in the language shown (issue 31): a type or
 * tenant the site never named ("Type 1 — seen on 346 cardholders", "Tenant 0") and the warning
 * about a value nobody uses yet were English in German, French and Spanish. In happy-dom, the
 * store and the form, in the four languages.
 */
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { fake, ok } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import { showLanguage } from '../support/show-language';
import EnrolmentForm from '../../../renderer/src/enrolment/EnrolmentForm.vue';
import { useEnrolmentStore } from '../../../renderer/src/enrolment/enrolment-store';

const { mountView } = useComponentHarness(fake);

const Form = defineComponent({ render: () => h(EnrolmentForm, { tenants: [], cardholderTypes: [] }) });

const WORDS = {
  en: { type: 'Type 1 — seen on 346 cardholders', named: 'Visitor — 1 cardholder', tenant: 'Tenant 0 — seen on 1 cardholder', nobody: 'Tenant 7 — nobody yet', unused: 'Nobody in the directory has tenant 99 yet.' },
  de: { type: 'Typ 1 — bei 346 Ausweisinhabern gesehen', named: 'Visitor — 1 Ausweisinhaber', tenant: 'Mieter 0 — bei 1 Ausweisinhaber gesehen', nobody: 'Mieter 7 — noch niemand', unused: 'Im Verzeichnis hat noch niemand Mieter 99.' },
  fr: { type: 'Type 1 — vu sur 346 titulaires', named: 'Visitor — 1 titulaire', tenant: 'Locataire 0 — vu sur 1 titulaire', nobody: 'Locataire 7 — personne encore', unused: 'Personne dans l’annuaire n’a encore le locataire 99.' },
  es: { type: 'Tipo 1 — visto en 346 titulares', named: 'Visitor — 1 titular', tenant: 'Inquilino 0 — visto en 1 titular', nobody: 'Inquilino 7 — nadie todavía', unused: 'Nadie en el directorio tiene todavía el inquilino 99.' },
} as const;

describe('the type and tenant words of the enrolment form', () => {
  for (const [locale, words] of Object.entries(WORDS) as Array<[keyof typeof WORDS, (typeof WORDS)[keyof typeof WORDS]]>) {
    it(`${locale}: names the site never gave, counts and the "nobody uses it yet" warning in the language shown`, async () => {
      await showLanguage(locale);
      // Main's stand-in names are English; the form words unnamed values itself.
      fake.current.api.getEnrolmentChoices.mockResolvedValue(
        ok({
          tenants: [{ id: 0, name: 'Tenant 0', named: false, count: 1 }, { id: 7, name: 'Tenant 7', named: false, count: 0 }],
          cardholderTypes: [{ id: 1, name: 'Type 1', named: false, count: 346 }, { id: 2, name: 'Visitor', named: true, count: 1 }],
          defaults: { tenants: [], cardholderType: null },
          employeeIdPattern: null,
          records: 347,
        }),
      );
      const store = useEnrolmentStore();
      store.startCreate();
      await vi.waitFor(() => expect(store.choices).not.toBeNull());
      const view = await mountView(Form);
      const options = view.findAll('[data-testid="enrol-card_Holder_Type_ID"] option').map((o) => o.text());
      expect(options).toContain(words.type);
      expect(options).toContain(words.named);
      const tenants = view.findAll('.tenants label.check').map((l) => l.text());
      expect(tenants).toEqual([words.tenant, words.nobody]);

      Object.assign(store.form, { first_Name: 'Aoife', last_Name: 'Kelly', otherTenants: '99' });
      await view.get('form').trigger('submit');
      await flushPromises();
      expect(view.get('[data-testid="enrolment-unused"]').text()).toContain(words.unused);
      if (locale !== 'en') expect(view.get('[data-testid="enrolment-unused"]').text()).not.toMatch(/tenant 99|Tenant|seen on/);
      expect(fake.current.api.createCardholder).not.toHaveBeenCalled();
    });
  }
});
