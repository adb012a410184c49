/**
 * The few words main shows itself, outside the renderer's page, in the kiosk's four languages:
 * the save dialog's titles and file types, and the dialog before quitting with enrolments waiting
 * (the box shown when the kiosk cannot start stays English: it is the administrator's, like
 * `--admin check`). Everything on the page is the renderer's (its message
 * files); these are Electron's native dialogs, so main words them, in the language the page shows
 * (./shown-language.ts). The pseudo-locale en-XA shows them in English. Pure data and wording.
 */
import type { KioskLocale } from '../config/locale';

/** What each save asks (core/ports/save-file.ts SAVE_ASKS). */
export type SaveAskId = 'searchResults' | 'operatorLog' | 'badgePdf';

export interface NativeWords {
  saveTitle: Record<SaveAskId, string>;
  /** The save dialog's file type for a CSV file. */
  csvFiles: string;
  pdfFiles: string;
  /** Quitting with enrolments waiting: how many, that they are kept, which need attention. */
  quitWaiting: (waiting: number) => string;
  quitKept: (waiting: number, failed: number) => string;
  quitAnyway: string;
  stay: string;
}

const en: NativeWords = {
  saveTitle: { searchResults: 'Export search results', operatorLog: 'Export the operator log', badgePdf: 'Save the badge as PDF' },
  csvFiles: 'CSV (spreadsheet)',
  pdfFiles: 'PDF',
  quitWaiting: (n) => `${n === 1 ? '1 enrolment has' : `${n} enrolments have`} not reached the access-control service yet.`,
  quitKept: (n, failed) =>
    `${n === 1 ? 'It is' : 'They are'} kept on this workstation and sent after the kiosk starts again.` +
    (failed > 0 ? ` ${failed === 1 ? 'One needs' : `${failed} need`} your attention first (the service refused ${failed === 1 ? 'it' : 'them'}): see the outbox in the status bar.` : ''),
  quitAnyway: 'Quit anyway',
  stay: 'Stay',
};

const de: NativeWords = {
  saveTitle: { searchResults: 'Suchergebnisse exportieren', operatorLog: 'Bedienerprotokoll exportieren', badgePdf: 'Ausweis als PDF speichern' },
  csvFiles: 'CSV (Tabelle)',
  pdfFiles: 'PDF',
  quitWaiting: (n) => `${n === 1 ? '1 Erfassung hat' : `${n} Erfassungen haben`} den Zutrittskontrolldienst noch nicht erreicht.`,
  quitKept: (n, failed) =>
    `${n === 1 ? 'Sie bleibt' : 'Sie bleiben'} auf diesem Arbeitsplatz gespeichert und ${n === 1 ? 'wird' : 'werden'} nach dem nächsten Start des Kiosks gesendet.` +
    (failed > 0 ? ` ${failed === 1 ? 'Eine braucht' : `${failed} brauchen`} zuerst Ihre Aufmerksamkeit (der Dienst hat sie abgelehnt): siehe Postausgang in der Statusleiste.` : ''),
  quitAnyway: 'Trotzdem beenden',
  stay: 'Bleiben',
};

const fr: NativeWords = {
  saveTitle: { searchResults: 'Exporter les résultats de recherche', operatorLog: 'Exporter le journal des opérateurs', badgePdf: 'Enregistrer le badge en PDF' },
  csvFiles: 'CSV (tableur)',
  pdfFiles: 'PDF',
  quitWaiting: (n) => `${n === 1 ? '1 enregistrement n’a' : `${n} enregistrements n’ont`} pas encore atteint le service de contrôle d’accès.`,
  quitKept: (n, failed) =>
    `${n === 1 ? 'Il est conservé' : 'Ils sont conservés'} sur ce poste et ${n === 1 ? 'sera envoyé' : 'seront envoyés'} au prochain démarrage de la borne.` +
    (failed > 0 ? ` ${failed === 1 ? 'Un demande' : `${failed} demandent`} d’abord votre attention (le service ${failed === 1 ? 'l’a refusé' : 'les a refusés'}) : voir la boîte d’envoi dans la barre d’état.` : ''),
  quitAnyway: 'Quitter quand même',
  stay: 'Rester',
};

const es: NativeWords = {
  saveTitle: { searchResults: 'Exportar los resultados de búsqueda', operatorLog: 'Exportar el registro de operadores', badgePdf: 'Guardar la tarjeta como PDF' },
  csvFiles: 'CSV (hoja de cálculo)',
  pdfFiles: 'PDF',
  quitWaiting: (n) => `${n === 1 ? '1 alta no ha' : `${n} altas no han`} llegado todavía al servicio de control de acceso.`,
  quitKept: (n, failed) =>
    `${n === 1 ? 'Se guarda' : 'Se guardan'} en este puesto y ${n === 1 ? 'se enviará' : 'se enviarán'} cuando el quiosco vuelva a arrancar.` +
    (failed > 0 ? ` ${failed === 1 ? 'Una necesita' : `${failed} necesitan`} antes su atención (el servicio ${failed === 1 ? 'la rechazó' : 'las rechazó'}): vea la bandeja de salida en la barra de estado.` : ''),
  quitAnyway: 'Salir de todos modos',
  stay: 'Quedarse',
};

const WORDS: Record<Exclude<KioskLocale, 'en-XA'>, NativeWords> = { en, de, fr, es };

/** The native words of a language (en-XA, the layout tests' pseudo-locale, in English). */
export function nativeWords(locale: KioskLocale): NativeWords {
  return locale === 'en-XA' ? en : WORDS[locale];
}
