/**
 * A sentence main sent for the screen (a feed notice, an alarm list warning, an Administration
 * warning or action result), in the language shown: its key and parameters
 * (electron/contract/screen-text.ts, or a typed error's key) worded with `t()`; its English
 * `message` when it has no key this renderer knows (an older main, a text not converted yet).
 * Numbers among the parameters are formatted in the language shown, and times (ISO 8601 in UTC)
 * as the kiosk shows times (local, 24-hour). Call it where the text is
 * shown (a computed or the template) so a language switch re-renders it. The keys are the
 * contract's table (`<capability>.fromMain.<name>`), which is also the English messages.
 */
import { isScreenTextKey } from '../../../electron/contract/screen-text';
import type { ErrorKey, ErrorParams, MainText } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { errorText } from '../i18n/error-text';
import { formatNumber } from '../i18n/format';
import { formatLocal } from './time-format';

/** A time main sends as a parameter (ISO 8601 in UTC): shown as the kiosk shows times. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

const formatted = (params: ErrorParams): ErrorParams =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(value) : ISO_TIME.test(value) ? formatLocal(value) : value]));

/** The sentence in the language shown (its English `message` when the key is missing or unknown). */
export function mainText(text: MainText): string {
  const { key, params = {} } = text;
  if (key === undefined) return text.message;
  if (key.startsWith('errors.')) return errorText({ key: key as ErrorKey, params, message: text.message });
  if (!isScreenTextKey(key)) return text.message;
  const words = formatted(params);
  // A parameter may name another sentence of the table (a reason inside a warning), worded with the same parameters.
  for (const [name, value] of Object.entries(words)) if (typeof value === 'string' && value !== key && isScreenTextKey(value)) words[name] = mainText({ key: value, params, message: value });
  return t(key, words);
}

/** Several sentences (a warning made of parts), each worded, joined by a space; null when there are none. */
export function mainTexts(texts: readonly MainText[]): string | null {
  return texts.length > 0 ? texts.map(mainText).join(' ') : null;
}
