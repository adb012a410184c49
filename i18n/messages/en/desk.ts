// English texts of the shared alarm desk (renderer/src/guard/desk/): the banner while its store is
// down or refused, the notices of actions other desks overtook, claims ("I'm on it"), take-overs
// and notes in the detail panel, an alarm's activity, the owner on rows, who is on duty and the
// site's handover. Names of operators and desks, notes and alarm texts come from the store and are
// never here.
import { SCREEN_TEXT } from '../../../electron/contract/screen-text';
/** Sentences main sends: its one table (electron/contract/screen-text.ts), imported as pure data, so the two cannot differ. */
const fromMain = SCREEN_TEXT.desk;

export default {
  /** A person at a desk, inside a sentence. */
  who: '{operator} at {desk}',
  banner: {
    down: 'Shared alarm desk unreachable: other desks’ actions are not visible; yours will be shared when it returns.',
    refused: 'The shared alarm desk cannot be used: this kiosk works alone.',
    waiting: '{count} of your actions waits to be sent | {count} of your actions wait to be sent',
  },
  notices: {
    label: 'Shared alarm desk notices',
    kind: 'Alarm desk',
    dismiss: 'Dismiss',
    dismissLabel: 'Dismiss: {message}',
  },
  claim: {
    label: 'Who is on this alarm',
    nobody: 'Nobody is on this alarm yet.',
    claim: 'I’m on it',
    claimLabel: 'I’m on it: claim this alarm for you, shared with every desk',
    mine: 'You are on it since {since}.',
    release: 'Release',
    releaseLabel: 'Release this alarm: another guard may take it',
    heldBy: 'Held by {who} since {since}',
    takeOver: 'Take over…',
    reason: 'Reason for taking over (required)',
    reasonMissing: 'Say why you take it over.',
    confirmTakeOver: 'Take over',
    cancel: 'Cancel',
    note: 'Note for every desk',
    addNote: 'Add note',
    noteMissing: 'Write the note first.',
    working: 'Sending…',
    outcome: {
      claimed: 'You are on it.',
      released: 'Released.',
      tookOver: 'You took it over.',
      noted: 'Note shared with every desk.',
      claimHeld: 'Not taken: {who} holds it since {time}.',
      alreadyAcknowledged: 'Already acknowledged by {who} at {time}.',
      alreadyAcknowledgedElsewhere: 'Already acknowledged at another desk.',
      heldElsewhere: 'Not taken: another guard holds it.',
      notOwner: 'You do not hold this alarm (any more).',
      waiting: 'Will be shared when the alarm desk returns.',
    },
  },
  activity: {
    label: 'Activity on this alarm, from every desk, oldest first',
    title: 'Activity',
    none: 'Nothing done about this alarm yet.',
    loading: 'Reading the activity…',
    loadError: 'The activity could not be read: {message}',
    notSent: 'not sent yet',
    kind: {
      claim: 'Claimed',
      release: 'Released',
      takeOver: 'Took over',
      acknowledge: 'Acknowledged',
      note: 'Note',
      signIn: 'Signed in',
      signOut: 'Signed out',
      handover: 'Handover',
      handoverConfirm: 'Handover read',
    },
    outcome: {
      alreadyAcknowledged: 'already acknowledged by {who} at {time}',
      claimHeld: 'not taken: {who} held it since {time}',
      notOwner: 'not held by them',
    },
  },
  row: {
    claimedBy: 'Claimed by',
    owner: '{operator} · {desk}',
    you: 'You',
  },
  onDuty: {
    summary: 'On duty: {count} desk | On duty: {count} desks',
    label: 'Guards on duty at the site',
    since: 'since {time}',
    here: 'this desk',
    silent: 'no heartbeat',
    none: 'Nobody is signed in at another desk.',
  },
  handover: {
    title: 'Handover from {who} at {time}',
    words: 'Their words',
    noWords: 'No words were written.',
    acknowledged: 'Acknowledged in the shift, by desk',
    ackCount: '{who}: {count} alarm | {who}: {count} alarms',
    open: 'Alarms still open',
    openMore: 'and {count} more open alarm | and {count} more open alarms',
    owner: 'held by {who}',
    noOwner: 'nobody on it',
    noneOpen: 'No alarm was open.',
    outages: 'Service outages',
    outageFromTo: 'from {from} to {to}',
    outageSince: 'since {from}, not over at the handover',
    notes: 'Notes',
    noteOn: 'on alarm {alarm}',
    confirm: 'I have read the handover',
    confirming: 'Recording…',
  },
  fromMain,
};
