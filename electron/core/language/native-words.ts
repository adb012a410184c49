/**
 * The words of main's native dialogs, outside the renderer's page: the save dialog's titles and
 * file types, and the dialog before quitting with enrolments waiting (the box shown when the kiosk
 * cannot start stays English: it is the administrator's, like `--admin check`). They are messages
 * like any other (`dialogs` in i18n/messages/<language>/), worded by main's runtime (./words.ts)
 * in the language the page shows (./shown-language.ts); the pseudo-locale en-XA shows them in
 * English (Electron lays these windows out, not the page the layout tests measure).
 */
import { spokenLanguageOf, type KioskLocale } from '../../contract/ipc';
import { wordsIn, type Words } from './words';

/** What each save asks (core/ports/save-file.ts SAVE_ASKS): its title is `dialogs.saveTitle.<id>`. */
export type SaveAskId = 'searchResults' | 'operatorLog' | 'badgePdf';

/** The native dialogs' words in `locale` (en-XA: English). */
export function nativeWords(locale: KioskLocale): Words {
  return wordsIn(spokenLanguageOf(locale));
}
