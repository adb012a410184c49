// Deutsche Texte der Kiosk-Oberfläche (renderer/src/shell/); Schlüssel wie im Englischen.
import type { Messages } from '../../schema';

const shell: Messages['shell'] = {
  title: 'Zutrittskiosk',
  screens: 'Ansichten',
  views: {
    frontDesk: 'Empfang',
    liveFeed: 'Live-Ereignisse',
    history: 'Verlauf',
    operatorLog: 'Protokoll',
    admin: 'Verwaltung',
  },
  noScreens: 'Es sind keine Ansichten verfügbar.',
  openAdministration: 'Verwaltung öffnen',
  skip: {
    label: 'Sprunglinks',
    screen: 'Zur Ansicht springen',
    statusBar: 'Zur Statusleiste springen',
  },
  theme: {
    night: 'Nachtmodus',
  },
  language: {
    label: 'Sprache',
  },
  idle: {
    minutes: '{count} Min.',
    seconds: '{count} Sek.',
    cleared: 'Nach {after} ohne Bedienung ist der Kiosk zur Startansicht zurückgekehrt und hat die Ansichten geleert.',
    clearedFormLost:
      'Nach {after} ohne Bedienung ist der Kiosk zur Startansicht zurückgekehrt und hat die Ansichten geleert; ein nicht gesendetes Formular wurde verworfen (bereits auf diesem Arbeitsplatz gespeicherte Erfassungen bleiben erhalten).',
    dismiss: 'Schließen',
  },
  keypad: {
    label: 'Ziffernblock',
    digit: 'Ziffer {digit}',
    erase: 'Letzte Ziffer löschen',
  },
  pick: {
    number: 'Nummer {id}',
    notInCatalogue: 'nicht im Katalog',
    addNumber: 'Nummer {id} hinzufügen',
    all: 'Alle {count} {noun}',
    ofThem: 'Einträge',
    twoAndMore: '{first}, {second} und {count} weitere',
    search: '{label} durchsuchen',
    nameOrNumber: 'Name oder Nummer',
    name: 'Name',
    seen: 'in Ereignissen gesehen',
    nothing: 'Kein Treffer für „{query}“.',
    chooseAll: 'Alle auswählen',
    done: 'Fertig',
  },
  priority: {
    critical: 'Kritischer Alarm',
    high: 'Hoher Alarm',
    medium: 'Mittlerer Alarm',
    low: 'Niedriger Alarm',
  },
  operator: {
    /** A shift begun without a name (main records the marker "unnamed"). */
    unnamed: 'ohne Namen',
  },
};

export default shell;
