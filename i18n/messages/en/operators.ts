// English texts of the shift: sign-in, the title bar's operator and End shift, the handover
// report (renderer/src/operators/). English is the schema of every language.
import { SCREEN_TEXT } from '../../../electron/contract/screen-text';

export default {
  signIn: {
    title: 'Start of shift',
    hint: 'Sign in with your name and your personal PIN. Everything you acknowledge, note, enrol or export during the shift is recorded with your name.',
    yourName: 'Your name',
    pin: 'Personal PIN',
    checking: 'Checking…',
    submit: 'Sign in',
    unknown: 'The kiosk could not tell who is on shift.',
    tryAgain: 'Try again',
    unnamed: 'Start the shift without a name',
    unnamedNote: 'Records will say “unnamed”.',
    noUnnamed: 'This site does not allow a shift without a name: an administrator must add the operators first.',
  },
  badge: {
    onShift: 'On shift:',
    endShift: 'End shift',
    question: 'End the shift of {name}?',
    explain: "The kiosk saves the shift's handover report (PDF and CSV) and returns to the sign-in screen. The live feed keeps running.",
    handoverWords: 'Words for the next guard (every desk of the site reads them)',
    handoverWordsHint: 'Quiet night; door 3 sticks…',
    saving: 'Saving the report…',
    confirm: 'End shift and save the report',
    cancel: 'Cancel',
  },
  handover: {
    title: 'Shift handover — {operator}',
    span: 'From {from} to {to}.',
    caption: 'Alarms of the shift by priority',
    columns: {
      priority: 'Priority',
      raised: 'Raised',
      acknowledged: 'Acknowledged',
      waiting: 'Still waiting',
      setAside: 'Set aside',
      caughtUp: 'Found by catch-up',
      acknowledgedInShift: 'Acknowledgements made',
    },
    total: 'Total',
    priorities: {
      critical: 'critical',
      high: 'high',
      medium: 'medium',
      low: 'low',
    },
    summary: '{unacknowledged}; {notes}, {outages}, {downtime}, {catchUps}, {setAsideEvents}, {exports}.',
    unacknowledged: '{count} alarm still unacknowledged now, as the status bar counts | {count} alarms still unacknowledged now, as the status bar counts',
    notes: '{count} note | {count} notes',
    outages: '{count} service outage | {count} service outages',
    downtime: '{count} stop of the kiosk | {count} stops of the kiosk',
    catchUps: '{count} catch-up | {count} catch-ups',
    setAsideEvents: '{count} event set aside | {count} events set aside',
    exports: '{count} export | {count} exports',
    pdf: 'Saved as PDF: {path}',
    csv: 'Saved as CSV: {path}',
    warning: {
      csvNotSaved: 'The handover report was made, but the CSV could not be saved ({reason}).',
      pdfNotSaved: 'The handover report was made, but the PDF could not be saved ({reason}).',
      neitherSaved: 'The handover report was made, but the CSV could not be saved ({csvReason}) and the PDF could not be saved ({pdfReason}).',
    },
  },
  // Sentences main sends: its one table (electron/contract/screen-text.ts), imported as pure data.
  fromMain: SCREEN_TEXT.operators,
};
