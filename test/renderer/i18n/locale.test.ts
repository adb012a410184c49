// The locale store (workstation language, the shift's choice, forget, <html lang>, lazy loading),
// the formatting helpers in each language, and the header's language switch.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { useLocaleStore } from '../../../renderer/src/i18n/locale-store';
import { i18n, t } from '../../../renderer/src/i18n/i18n';
import { dateOrder, formatDateTime, formatNumber, formatTime, parseDate } from '../../../renderer/src/i18n/format';
import { SWITCHABLE_LOCALES } from '../../../renderer/src/i18n/locales';
import LanguageSwitch from '../../../renderer/src/shell/LanguageSwitch.vue';
import { createFakeKiosk, fake } from '../support/fake-kiosk';

beforeEach(() => {
  setActivePinia(createPinia());
  fake.current = createFakeKiosk();
});

describe('locale store', () => {
  it('starts in the workstation language, switches for the shift, and forget returns to the workstation', async () => {
    const store = useLocaleStore();
    await store.useWorkstation('de');
    expect(i18n.global.locale.value).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(t('status.checkNow')).toBe('Jetzt prüfen');
    await store.setLocale('fr');
    expect(store.current).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(t('status.checkNow')).toBe('Vérifier');
    await store.forget();
    expect(store.chosen).toBeNull();
    expect(document.documentElement.lang).toBe('de');
    // Main is told each language shown, for its native dialogs.
    expect(vi.mocked(fake.current.api.showLanguage).mock.calls.map(([request]) => request)).toEqual([{ locale: 'de' }, { locale: 'fr' }, { locale: 'de' }]);
  });

  it('an unknown workstation value is English; en-XA is made from English', async () => {
    const store = useLocaleStore();
    await store.useWorkstation('xx');
    expect(store.current).toBe('en');
    await store.setLocale('en-XA');
    expect(t('status.checkNow')).toMatch(/^\[Çĥéçķ ñóŵ ·+\]$/);
  });
});

describe('format', () => {
  const at = new Date(2026, 10, 21, 14, 5, 9);
  it('24-hour clock and the language order of day and month', () => {
    for (const code of SWITCHABLE_LOCALES) {
      i18n.global.locale.value = code;
      expect(formatTime(at), code).toBe('14:05:09');
      expect(dateOrder().order, code).toEqual(['day', 'month', 'year']);
    }
    i18n.global.locale.value = 'en';
    expect(formatDateTime(at)).toBe('21/11/2026, 14:05:09');
    i18n.global.locale.value = 'de';
    expect(formatDateTime(at)).toBe('21.11.2026, 14:05:09');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    expect(parseDate('21.11.2026')?.getMonth()).toBe(10);
    expect(parseDate('31.02.2026')).toBeNull();
    i18n.global.locale.value = 'en';
    expect(formatNumber(12345)).toBe('12,345');
  });
});

describe('language switch', () => {
  it('names each language in itself and switches the shift', async () => {
    const pinia = createPinia();
    setActivePinia(pinia);
    const view = mount(LanguageSwitch, { global: { plugins: [pinia] } });
    const select = view.get('select');
    expect(select.attributes('aria-label')).toBe('Language');
    expect(view.findAll('option').map((o) => o.text())).toEqual(['English', 'Deutsch', 'Français', 'Español']);
    await select.setValue('es');
    expect(useLocaleStore().chosen).toBe('es');
    // The Spanish chunk is imported on first use.
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('es'));
    await flushPromises();
    expect(view.get('select').attributes('aria-label')).toBe('Idioma');
    view.unmount();
  });
});
