// Deutsche Wörter der nativen Dialoge von main (Speichern, Beenden mit wartenden Erfassungen); Schlüssel wie im Englischen.
import type { Messages } from '../../schema';

const dialogs: Messages['dialogs'] = {
  saveTitle: {
    searchResults: 'Suchergebnisse exportieren',
    operatorLog: 'Bedienerprotokoll exportieren',
    badgePdf: 'Ausweis als PDF speichern',
  },
  csvFiles: 'CSV (Tabelle)',
  pdfFiles: 'PDF',
  quitWaiting: '{count} Erfassung hat den Zutrittskontrolldienst noch nicht erreicht. | {count} Erfassungen haben den Zutrittskontrolldienst noch nicht erreicht.',
  quitKept: 'Sie bleibt auf diesem Arbeitsplatz gespeichert und wird nach dem nächsten Start des Kiosks gesendet. | Sie bleiben auf diesem Arbeitsplatz gespeichert und werden nach dem nächsten Start des Kiosks gesendet.',
  quitOneFailed: 'Eine braucht zuerst Ihre Aufmerksamkeit (der Dienst hat sie abgelehnt): siehe Postausgang in der Statusleiste.',
  quitSomeFailed: '{count} brauchen zuerst Ihre Aufmerksamkeit (der Dienst hat sie abgelehnt): siehe Postausgang in der Statusleiste.',
  quitAnyway: 'Trotzdem beenden',
  stay: 'Bleiben',
};

export default dialogs;
