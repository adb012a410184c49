// English texts of the alarms (renderer/src/alarms/): the acknowledgement dialog, the alarms
// waiting, the outage alarm and the alarm sound. Alarm texts, devices and rule instructions come
// from the service and are never here; priority names are shell.priority.
import { SCREEN_TEXT } from '../../../../../electron/contract/screen-text';
/** Sentences main sends: its one table (electron/contract/screen-text.ts), imported as pure data, so the two cannot differ. */
const fromMain = SCREEN_TEXT.alarms;

export default {
  ack: {
    titleOne: 'Acknowledge alarm',
    titleMany: 'Acknowledge {count} alarms',
    priority: 'Priority',
    event: 'Event',
    device: 'Device',
    text: 'Text',
    occurrences: 'Occurrences',
    occurrencesValue: '{times}, last at {time}',
    times: '{count} time | {count} times',
    selection: '{alarms} on {rows}:',
    alarms: '{count} alarm | {count} alarms',
    rows: '{count} row | {count} rows',
    moreRows: 'and {count} more row | and {count} more rows',
    instructions: 'Instructions',
    whatToDo: 'What to do',
    noteEach: 'The note is written into the operator log for each of them.',
    noteRequired: 'Note (required)',
    noteOptional: 'Note (optional)',
    noteMissing: 'A note is required for this alarm: say what was done.',
    noteTooLong: 'The note is too long: at most {max} characters.',
    nothing: 'There is no alarm to acknowledge.',
    tooMany: 'At most {max} alarms can be acknowledged at once: select fewer.',
    acknowledging: 'Acknowledging…',
    acknowledge: 'Acknowledge',
    cancel: 'Cancel',
  },
  open: {
    title: 'Alarms waiting, most urgent first',
    count: '({count})',
    loadError: 'The alarms waiting could not be loaded: {message}',
    listLabel: 'Alarms waiting, by priority then age',
    none: 'No alarm of this shift waits.',
    more: 'and {count} more alarm: "Unacknowledged only" lists them all. | and {count} more alarms: "Unacknowledged only" lists them all.',
    preShift: '{count} alarm from before this shift | {count} alarms from before this shift',
    preShiftRest: '(before {time}), not raised.',
    hide: 'Hide them',
    review: 'Review them',
    ackAll: 'Acknowledge all {count} with one note…',
    preShiftListLabel: 'Alarms from before this shift, oldest first',
  },
  outage: {
    lostSince: 'Service lost since {since}',
    notLive: '— the events below are not live.',
    lostFromTo: 'The service was lost from {from} to {to}',
    mayBeMissing: '— events of that time may be missing from the feed: check History.',
    acknowledge: 'Acknowledge outage',
    acknowledgedAt: 'Acknowledged at {time}',
  },
  sound: {
    mutedBackIn: 'Alarm sound muted, back on in {remaining}',
    unmute: 'Unmute alarm sound',
    mute: 'Mute alarm sound ({minutes} min)',
    off: 'Alarm sound off',
  },
  fromMain,
};
