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
    group: {
      preShift: '{count} Alarm von vor dieser Schicht, wie beim Öffnen aufgelistet. | {count} Alarme von vor dieser Schicht, wie beim Öffnen aufgelistet.',
      setAside: '{count} zurückgestellter Alarm, wie beim Öffnen aufgelistet. | {count} zurückgestellte Alarme, wie beim Öffnen aufgelistet.',
      all: '{count} wartender Alarm, wie beim Öffnen aufgelistet (inzwischen eintreffende Alarme gehören nicht dazu). | {count} wartende Alarme, wie beim Öffnen aufgelistet (inzwischen eintreffende Alarme gehören nicht dazu).',
    },
  },
  open: {
    title: 'Offene Alarme, dringendste zuerst',
    count: '({count})',
    loadError: 'Die offenen Alarme konnten nicht geladen werden: {message}',
    listLabel: 'Offene Alarme, nach Priorität, dann Alter',
    none: 'Kein Alarm dieser Schicht ist offen.',
    preShift: '{count} Alarm aus der Zeit vor dieser Schicht | {count} Alarme aus der Zeit vor dieser Schicht',
    preShiftRest: '(vor {time}), nicht hochgestuft.',
    hide: 'Ausblenden',
    review: 'Ansehen',
    ackAll: 'Alle {count} mit einer Notiz quittieren…',
    preShiftListLabel: 'Alarme aus der Zeit vor dieser Schicht, älteste zuerst',
    setAsideListLabel: 'Zurückgestellte Alarme, älteste zuerst',
  },
  pages: {
    label: 'Seiten von {list}',
    place: '{from}–{to} von {total}',
    previous: 'Zurück',
    next: 'Weiter',
  },
  outage: {
    lostSince: 'Verbindung zum Dienst verloren seit {since}',
    notLive: '— die Ereignisse unten sind nicht live.',
    lostFromTo: 'Die Verbindung zum Dienst war von {from} bis {to} unterbrochen',
    allRead: '— jedes Ereignis dieser Zeit wurde seither gelesen.',
    acknowledge: 'Ausfall quittieren',
    acknowledgedAt: 'Quittiert um {time}',
    acknowledgedBy: 'Quittiert um {time} von {name}',
  },
  sound: {
    lastNew: 'Alarmton um {at}: {count} neuer Alarm seit {since} | Alarmton um {at}: {count} neue Alarme seit {since}',
    lastNewFirst: 'Alarmton um {at}: {count} neuer Alarm | Alarmton um {at}: {count} neue Alarme',
    lastEscalated: 'Alarmton um {at}: Alarme haben eine weitere Frist gewartet',
    lastCatchUp: 'Alarmton um {at}: {count} Alarm aus der Zeit, in der der Kiosk angehalten war | Alarmton um {at}: {count} Alarme aus der Zeit, in der der Kiosk angehalten war',
    mutedBackIn: 'Alarmton stumm, wieder an in {remaining}',
    unmute: 'Alarmton einschalten',
    mute: 'Alarmton stumm schalten ({minutes} Min.)',
    off: 'Alarmton aus',
  },
  fromMain: {
    setAside:
      '{count} Alarme sind zurückgestellt: Es warteten mehr als {bound}, daher haben die mit der niedrigsten Priorität und die ältesten die Liste verlassen. Sie sind weiterhin nicht quittiert: Prüfen und quittieren Sie sie unten.',
    recordsMovedAside:
      'Die gespeicherten Aufzeichnungen des Kiosks konnten nicht gelesen werden ({reason}); sie wurden als {file} beiseitegelegt und neu begonnen. Bereits quittierte Alarme können wieder erscheinen; prüfen Sie im Verlauf des Dienstes die letzten Stunden.',
  },
};

export default alarms;
