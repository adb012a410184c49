// English words of main's native dialogs (electron/core/language/, Electron's own windows outside
// the page): the save dialog's titles and file types, and the dialog before quitting with
// enrolments waiting. Worded by main in the language the page shows; the pseudo-locale en-XA
// shows them in English. English is the schema of every language.
export default {
  saveTitle: {
    searchResults: 'Export search results',
    operatorLog: 'Export the operator log',
    badgePdf: 'Save the badge as PDF',
  },
  csvFiles: 'CSV (spreadsheet)',
  pdfFiles: 'PDF',
  quitWaiting: '{count} enrolment has not reached the access-control service yet. | {count} enrolments have not reached the access-control service yet.',
  quitKept: 'It is kept on this workstation and sent after the kiosk starts again. | They are kept on this workstation and sent after the kiosk starts again.',
  quitOneFailed: 'One needs your attention first (the service refused it): see the outbox in the status bar.',
  quitSomeFailed: '{count} need your attention first (the service refused them): see the outbox in the status bar.',
  quitAnyway: 'Quit anyway',
  stay: 'Stay',
};
