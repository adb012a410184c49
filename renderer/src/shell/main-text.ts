/**
 * A sentence main sent for the screen (a feed notice, an alarm list warning, an Administration
 * warning or action result), in the language shown: its key and parameters
 * (electron/contract/screen-text.ts, or a typed error's key) worded with `t()`; its English
 * `message` when it has no key this renderer knows (an older main, a text not converted yet).
 * Numbers among the parameters are formatted in the language shown. Call it where the text is
 * shown (a computed or the template) so a language switch re-renders it. Keys are literal `t()`.
 */
import type { ErrorKey, ErrorParams, MainText, ScreenTextKey } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { errorText } from '../i18n/error-text';
import { formatNumber } from '../i18n/format';

const TEXT: Record<ScreenTextKey, (params: ErrorParams) => string> = {
  'feed.fromMain.resync': (p) => t('feed.fromMain.resync', p),
  'feed.fromMain.reloadedUnresponsive': (p) => t('feed.fromMain.reloadedUnresponsive', p),
  'feed.fromMain.reloadedOutOfMemory': (p) => t('feed.fromMain.reloadedOutOfMemory', p),
  'feed.fromMain.reloadedCrashed': (p) => t('feed.fromMain.reloadedCrashed', p),
  'feed.fromMain.reloadedKilled': (p) => t('feed.fromMain.reloadedKilled', p),
  'feed.fromMain.reloadedOther': (p) => t('feed.fromMain.reloadedOther', p),
  'alarms.fromMain.overflow': (p) => t('alarms.fromMain.overflow', p),
  'alarms.fromMain.savedListUnreadable': (p) => t('alarms.fromMain.savedListUnreadable', p),
  'alarms.fromMain.savedListKeptAside': (p) => t('alarms.fromMain.savedListKeptAside', p),
  'admin.fromMain.quitting': (p) => t('admin.fromMain.quitting', p),
  'admin.fromMain.kioskModeOff': (p) => t('admin.fromMain.kioskModeOff', p),
  'admin.fromMain.noCredential': (p) => t('admin.fromMain.noCredential', p),
  'admin.fromMain.plainHttp': (p) => t('admin.fromMain.plainHttp', p),
  'admin.fromMain.catalogueNeverSeen': (p) => t('admin.fromMain.catalogueNeverSeen', p),
  'admin.fromMain.catalogueNeverSeenMore': (p) => t('admin.fromMain.catalogueNeverSeenMore', p),
};

const formatted = (params: ErrorParams): ErrorParams =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'number' ? formatNumber(value) : value]));

/** The sentence in the language shown (its English `message` when the key is missing or unknown). */
export function mainText(text: MainText): string {
  const { key, params = {} } = text;
  if (key === undefined) return text.message;
  if (key.startsWith('errors.')) return errorText({ key: key as ErrorKey, params, message: text.message });
  return Object.hasOwn(TEXT, key) ? TEXT[key as ScreenTextKey](formatted(params)) : text.message;
}

/** Several sentences (a warning made of parts), each worded, joined by a space; null when there are none. */
export function mainTexts(texts: readonly MainText[]): string | null {
  return texts.length > 0 ? texts.map(mainText).join(' ') : null;
}
