/**
 * Every renderer test: components mounted with the kiosk's vue-i18n instance (as main.ts installs
 * it), and English again after each test (a test that switches language leaves no trace).
 */
import { afterEach } from 'vitest';
import { config } from '@vue/test-utils';
import { i18n } from '../../../renderer/src/i18n/i18n';

config.global.plugins = [...config.global.plugins, i18n];

afterEach(() => {
  i18n.global.locale.value = 'en';
  document.documentElement.lang = 'en';
});
