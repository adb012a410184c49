/**
 * A badge template's name as the officer reads it: the kiosk's built-in templates
 * (electron/core/badges/built-in-templates.ts) in the language shown, a provisioned one as its
 * administrator named it. Keys are literal `t()` calls.
 */
import { t } from '../i18n/i18n';

const BUILT_IN: Record<string, () => string> = {
  'built-in-employee': () => t('badges.builtInNames.employee'),
  'built-in-visitor': () => t('badges.builtInNames.visitor'),
};

export const templateNameText = (id: string, name: string): string => (Object.hasOwn(BUILT_IN, id) ? BUILT_IN[id]!() : name);
