/**
 * A test shows a language as the header's switch does: its messages loaded, then chosen, and the
 * components re-rendered. (i18n-setup.ts goes back to English after each test.)
 */
import { flushPromises } from '@vue/test-utils';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';
import type { KioskLocale } from '../../../renderer/src/i18n/locales';

export async function showLanguage(locale: KioskLocale): Promise<void> {
  if (locale !== 'en') i18n.global.setLocaleMessage(locale, await loadMessages(locale));
  i18n.global.locale.value = locale;
  await flushPromises();
}
