/**
 * The language shown: the workstation's (`kiosk.locale` in the configuration, `auto` already
 * resolved by main from the operating system) and the one the officer or guard chose for their
 * shift from the header. `setLocale` loads the language (its own chunk) and switches to it,
 * `<html lang>`, the page's title and main's native dialogs following; `forget` returns to the workstation's language: the store registers with the privacy registry,
 * so the idle reset (not "Next person") undoes a language chosen for the shift.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref } from 'vue';
import { i18n } from './i18n';
import { loadMessages } from './locale-loader';
import { DEFAULT_LOCALE, isKioskLocale, type KioskLocale } from './locales';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { kiosk } from '../api/kiosk';

export const useLocaleStore = defineStore('locale', () => {
  const workstation = ref<KioskLocale>(DEFAULT_LOCALE);
  /** Chosen from the header for this shift; null: the workstation's. */
  const chosen = ref<KioskLocale | null>(null);
  const current = computed<KioskLocale>(() => chosen.value ?? workstation.value);
  const loaded = new Set<KioskLocale>([DEFAULT_LOCALE]);
  /** The last switch asked for wins when loads overlap. */
  let wanted: KioskLocale = DEFAULT_LOCALE;

  async function show(locale: KioskLocale): Promise<void> {
    wanted = locale;
    if (!loaded.has(locale)) {
      try {
        i18n.global.setLocaleMessage(locale, await loadMessages(locale));
        loaded.add(locale);
      } catch {
        return; // the chunk could not load: stay in the language shown (English is always there)
      }
    }
    if (wanted !== locale) return;
    i18n.global.locale.value = locale;
    document.documentElement.lang = locale;
    document.title = i18n.global.t('shell.title');
    // Main words its native dialogs (save, quit) in the language shown; nothing to show if it fails.
    void kiosk.showLanguage({ locale });
  }

  /** The workstation's language, from the settings (unknown values: English). */
  function useWorkstation(locale: string | undefined): Promise<void> {
    workstation.value = isKioskLocale(locale) ? locale : DEFAULT_LOCALE;
    return show(current.value);
  }

  /** The officer's or guard's choice for their shift. */
  function setLocale(locale: KioskLocale): Promise<void> {
    chosen.value = locale === workstation.value ? null : locale;
    return show(locale);
  }

  /** Back to the workstation's language (the idle reset, the end of a shift). */
  function forget(): Promise<void> {
    chosen.value = null;
    return show(workstation.value);
  }

  // Not personal data, but the idle reset undoes it as it does the rest: a language chosen for the
  // shift arms the reset, which goes back to the workstation's.
  usePrivacyRegistry().register('shift-language', { scope: 'kiosk', hasPersonalData: () => chosen.value !== null, forget: () => void forget() });

  return { workstation: readonly(workstation), chosen: readonly(chosen), current, useWorkstation, setLocale, forget };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useLocaleStore, import.meta.hot));
