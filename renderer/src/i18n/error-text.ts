/**
 * A typed error from main (a KioskError) as the person reads it, in the language shown: its key
 * and parameters (electron/contract/error-text.ts) rendered from the `errors` messages, the action
 * a refusal names (`params.action`, an id) worded too; its English `message` when it has no key
 * this renderer knows. Call it where the text is shown (a computed or the template) so a language
 * switch re-renders it.
 */
import { isErrorAction, isErrorKey } from '../../../electron/contract/error-text';
import type { ErrorKey, ErrorParams, KioskError } from '../../../electron/contract/ipc';
import { badgeField } from '../badges/badge-field-words';
import { t } from './i18n';
import { formatNumber } from './format';

/** Errors naming a field of the cardholder, and how the sentence names it (renderer/src/badges/badge-field-words.ts). */
const FIELD_FORM: Partial<Record<ErrorKey, 'subject' | 'inSentence'>> = {
  'errors.badgeTextTooLong': 'subject',
  'errors.badgeBarcodeCannotHold': 'inSentence',
};

/** The error's sentence in the language shown (its English `message` when the key is missing or unknown). */
export function errorText(error: Pick<KioskError, 'message' | 'key' | 'params'> & Partial<KioskError>): string {
  if (error.key === undefined || !isErrorKey(error.key)) return error.message;
  const params: Record<string, unknown> = { ...error.params };
  if (isErrorAction(params.action)) params.action = t(`errors.action.${params.action}`);
  // A badge refusal names a field of the cardholder ({what} in English, its code in {fieldCode}).
  const fieldForm = FIELD_FORM[error.key];
  if (fieldForm) Object.assign(params, badgeField(error.params ?? {}, fieldForm));
  // An error worded around another (contract keyedAround): the other's sentence as {reason}.
  if (typeof params.causeKey === 'string') params.reason = causeText(error.params ?? {});
  const count = params.count;
  // A fraction in the language's own form (1,5 s in German); whole numbers as sent (they may be
  // record numbers or statuses, never grouped); the plural form is chosen by the count.
  for (const [name, value] of Object.entries(params)) if (typeof value === 'number' && !Number.isInteger(value)) params[name] = formatNumber(value);
  return typeof count === 'number' ? t(error.key, params, count) : t(error.key, params);
}

/** The inner error of a `keyedAround` error, in the language shown (its English `reason` when it has no key). */
function causeText(params: ErrorParams): string {
  const inner = Object.fromEntries(Object.entries(params).filter(([name]) => name.startsWith('cause.')).map(([name, value]) => [name.slice('cause.'.length), value]));
  const key = String(params.causeKey);
  return isErrorKey(key) ? errorText({ key, params: inner, message: String(params.reason ?? '') }) : String(params.reason ?? '');
}
