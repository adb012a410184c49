// Deutsche Texte der Statusleiste (renderer/src/status/); Schlüssel wie im Englischen.
import type { Messages } from '../../schema';

const status: Messages['status'] = {
  label: 'Dienststatus',
  demo: 'Demomodus',
  embeddedSimulator: '— eingebauter Simulator',
  service: 'Dienst',
  serviceAt: 'Dienst {label}',
  couldNotCheck: 'Der Kiosk konnte nicht prüfen: {message}',
  maxIdWide: 'Höchste Ereignis-ID:',
  maxIdNarrow: 'Max. ID',
  checkNowLabel: 'Dienst jetzt prüfen',
  checkNow: 'Jetzt prüfen',
  checking: 'Wird geprüft…',
  connection: {
    lastPoll: 'Letzte Abfrage {time}',
    noPoll: 'Noch keine erfolgreiche Abfrage',
    lastEvent: 'Letztes Ereignis {time}',
    noEvent: 'Noch kein Ereignis empfangen',
    live: 'Dienst erreichbar, Ereignisse live',
    liveSentence: 'der Dienst antwortet und die Ereignisse kommen live',
    connecting: 'Verbindung zum Dienst wird aufgebaut…',
    retrying: '{trouble} – neuer Versuch läuft',
    slow: 'Dienst antwortet seit {since} zu langsam',
    slowSentence: 'der Dienst antwortet zu langsam (seit {since})',
    reconnecting: '{trouble} seit {since} – neuer Versuch läuft',
    reconnectingSentence: '{trouble} seit {since}, neuer Versuch läuft',
    offline: '{trouble} seit {since}',
    offlineSentence: '{trouble} seit {since}',
    unknown: 'Verbindungsstatus unbekannt',
  },
  trouble: {
    unreachable: 'Dienst nicht erreichbar',
    timeout: 'Dienst antwortet nicht',
    refused: 'Dienst hat den Kiosk abgewiesen',
    serverError: 'Fehler im Dienst',
    malformed: 'Antwort des Dienstes unverständlich',
    config: 'Dienst nicht eingerichtet',
  },
  troubleInSentence: {
    unreachable: 'Dienst nicht erreichbar',
    timeout: 'Dienst antwortet nicht',
    refused: 'Dienst hat den Kiosk abgewiesen',
    serverError: 'Fehler im Dienst',
    malformed: 'Antwort des Dienstes unverständlich',
    config: 'Dienst nicht eingerichtet',
  },
  waited: {
    underMinute: 'unter 1 Min.',
    minutes: '{minutes} Min.',
    hours: '{hours} Std. {minutes} Min.',
  },
};

export default status;
