// English texts of the kiosk shell (renderer/src/shell/): title bar, tabs, skip links, theme and
// language switches, PIN keypad, pick list, idle reset notice. English is the schema of every language.
export default {
  title: 'Access Kiosk',
  screens: 'Screens',
  views: {
    frontDesk: 'Front desk',
    liveFeed: 'Live feed',
    history: 'History',
    operatorLog: 'Operator log',
    admin: 'Administration',
  },
  noScreens: 'No screens are available.',
  openAdministration: 'Open the Administration view',
  skip: {
    label: 'Skip links',
    screen: 'Skip to the screen',
    statusBar: 'Skip to the status bar',
  },
  theme: {
    night: 'Night theme',
  },
  language: {
    label: 'Language',
  },
  idle: {
    minutes: '{count} min',
    seconds: '{count} s',
    cleared: 'After {after} without activity the kiosk went back to its start screen and cleared the screens.',
    clearedFormLost:
      'After {after} without activity the kiosk went back to its start screen and cleared the screens; a form that was not sent was cleared (enrolments already saved on this workstation are kept).',
    dismiss: 'Dismiss',
  },
  keypad: {
    label: 'Keypad',
    digit: 'Digit {digit}',
    erase: 'Delete the last digit',
  },
  pick: {
    number: 'Number {id}',
    notInCatalogue: 'not in the catalogue',
    addNumber: 'Add number {id}',
    all: 'All {count} {noun}',
    ofThem: 'of them',
    twoAndMore: '{first}, {second} and {count} more',
    search: 'Search {label}',
    nameOrNumber: 'A name or a number',
    name: 'A name',
    seen: 'seen in events',
    nothing: 'Nothing matches “{query}”.',
    chooseAll: 'Choose all',
    done: 'Done',
  },
  priority: {
    critical: 'Critical alarm',
    high: 'High alarm',
    medium: 'Medium alarm',
    low: 'Low alarm',
  },
  operator: {
    /** A shift begun without a name (main records the marker "unnamed"). */
    unnamed: 'unnamed',
  },
};
