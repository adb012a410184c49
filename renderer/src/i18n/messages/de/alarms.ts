// Deutsche Texte der Alarme (renderer/src/alarms/); Schlüssel wie im Englischen.
import type { Messages } from '../../schema';

const alarms: Messages['alarms'] = {
  ack: {
    titleOne: 'Alarm quittieren',
    titleMany: '{count} Alarme quittieren',
    priority: 'Priorität',
    event: 'Ereignis',
    device: 'Gerät',
    text: 'Text',
    occurrences: 'Auftreten',
    occurrencesValue: '{times}, zuletzt um {time}',
    times: '{count}-mal | {count}-mal',
    selection: '{alarms} in {rows}:',
    alarms: '{count} Alarm | {count} Alarme',
    rows: '{count} Zeile | {count} Zeilen',
    moreRows: 'und {count} weitere Zeile | und {count} weitere Zeilen',
    instructions: 'Anweisungen',
    whatToDo: 'Was zu tun ist',
    noteEach: 'Die Notiz wird für jeden von ihnen ins Bedienerprotokoll geschrieben.',
    noteRequired: 'Notiz (Pflicht)',
    noteOptional: 'Notiz (optional)',
    noteMissing: 'Für diesen Alarm ist eine Notiz nötig: Was wurde unternommen?',
    noteTooLong: 'Die Notiz ist zu lang: höchstens {max} Zeichen.',
    nothing: 'Es gibt keinen Alarm zu quittieren.',
    tooMany: 'Höchstens {max} Alarme können auf einmal quittiert werden: Bitte weniger auswählen.',
    acknowledging: 'Wird quittiert…',
    acknowledge: 'Quittieren',
    cancel: 'Abbrechen',
  },
  open: {
    title: 'Offene Alarme, dringendste zuerst',
    count: '({count})',
    loadError: 'Die offenen Alarme konnten nicht geladen werden: {message}',
    listLabel: 'Offene Alarme, nach Priorität, dann Alter',
    none: 'Kein Alarm dieser Schicht ist offen.',
    more: 'und {count} weiterer Alarm: „Nur unquittierte“ zeigt alle. | und {count} weitere Alarme: „Nur unquittierte“ zeigt alle.',
    preShift: '{count} Alarm aus der Zeit vor dieser Schicht | {count} Alarme aus der Zeit vor dieser Schicht',
    preShiftRest: '(vor {time}), nicht hochgestuft.',
    hide: 'Ausblenden',
    review: 'Ansehen',
    ackAll: 'Alle {count} mit einer Notiz quittieren…',
    preShiftListLabel: 'Alarme aus der Zeit vor dieser Schicht, älteste zuerst',
  },
  outage: {
    lostSince: 'Verbindung zum Dienst verloren seit {since}',
    notLive: '— die Ereignisse unten sind nicht live.',
    lostFromTo: 'Die Verbindung zum Dienst war von {from} bis {to} unterbrochen',
    mayBeMissing: '— Ereignisse aus dieser Zeit können in der Liste fehlen: im Verlauf prüfen.',
    acknowledge: 'Ausfall quittieren',
    acknowledgedAt: 'Quittiert um {time}',
  },
  sound: {
    mutedBackIn: 'Alarmton stumm, wieder an in {remaining}',
    unmute: 'Alarmton einschalten',
    mute: 'Alarmton stumm schalten ({minutes} Min.)',
    off: 'Alarmton aus',
  },
  fromMain: {
    overflow:
      'Die Liste der offenen Alarme ist voll ({bound}): {count} Alarme der niedrigsten Priorität und die ältesten wurden ohne Quittierung zurückgestellt. Quittieren Sie Alarme und suchen Sie die übrigen im Verlauf.',
    savedListUnreadable: 'Die gespeicherte Liste der offenen Alarme konnte nicht gelesen werden ({reason}).',
    savedListKeptAside: 'Die gespeicherte Liste der offenen Alarme konnte nicht gelesen werden; sie wurde als {file} beiseitegelegt. Prüfen Sie im Verlauf des Dienstes die Alarme der letzten Stunden.',
  },
};

export default alarms;
