/**
 * Sentences main sends for the screen that are not errors (feed notices, the alarm list's
 * warnings, Administration's warnings and action results): one table of keys and their English
 * wording, by capability. Main sends the key and its parameters with the English `message` (for
 * the log and as the fallback); the renderer words the key in the language shown
 * (renderer/src/shell/main-text.ts). The renderer's English messages use this table itself
 * (`fromMain` of messages/en/<capability>.ts), so the two cannot differ. Syntax as vue-i18n's and
 * error-text.ts's: `{name}` is a parameter. Numbers in parameters are numbers (the renderer
 * formats them in the language shown; English here with `toLocaleString('en')`). Part of the IPC
 * contract.
 */
import type { ErrorKey, ErrorParams } from './error-text';

const RELOADED = 'the event feed kept running.';
const CATALOGUE_CHECK = 'Check that their names are spelt as the service\'s events carry them (device_Name); History offers the names events carry as "seen in events".';

export const SCREEN_TEXT = {
  feed: {
    renumbered:
      "The service's event numbering restarted at {time} (a restore from a backup, or a new database). The kiosk reads its events again; an alarm acknowledged before is never taken for a new one that reuses its number.",
    caughtUp: 'While this kiosk was stopped, {from} to {to}: events read since: {events}; alarms among them: {alarms} ({critical} critical, {high} high, {medium} medium, {low} low), all in the alarm list.',
    caughtUpNoStart: 'Before this kiosk started ({to}): events read since: {events}; alarms among them: {alarms} ({critical} critical, {high} high, {medium} medium, {low} low), all in the alarm list.',
    readAgain: 'After the numbering restarted: events read again: {events}; alarms among them: {alarms} ({critical} critical, {high} high, {medium} medium, {low} low), all in the alarm list.',
    notRead: 'Events #{from} to #{to} ({count} events) from while this kiosk was stopped were NOT read: more than the catch-up reads at once ({bound}). Search History for that time.',
    lostToRenumbering: "{count} events from while this kiosk was stopped could not be read before the service's numbering restarted. Search History for that time.",
    reloadedUnresponsive: `The screen was reloaded after it stopped responding; ${RELOADED}`,
    reloadedOutOfMemory: `The screen was reloaded after it ran out of memory; ${RELOADED}`,
    reloadedCrashed: `The screen was reloaded after it crashed; ${RELOADED}`,
    reloadedKilled: `The screen was reloaded after it was stopped by the system; ${RELOADED}`,
    reloadedOther: `The screen was reloaded after it stopped ({reason}); ${RELOADED}`,
  },
  alarms: {
    setAside: '{count} alarms set aside (more than {bound} waited): the lowest priority and oldest, still unacknowledged.',
    recordsMovedAside:
      "The kiosk's saved records could not be read ({reason}); they were kept aside as {file} and a new record started. Alarms acknowledged before may be listed again; check the service's History for the last hours.",
  },
  admin: {
    quitting: 'The kiosk is quitting.',
    kioskModeOff: 'Kiosk mode is off: the window can be moved, resized and closed.',
    noCredential: 'No credential is stored although the service needs one: set it with the admin tool (set-secret).',
    plainHttp:
      'The service is reached over plain http:// ({origin}), allowed by service.allowPlainHttp: the credential and personal data cross the network unencrypted. Switch the service to https:// as soon as possible.',
    catalogueNeverSeen: `{missing} of the {total} devices of the site catalogue (site.devices) never appeared in the {events} events seen: {listed}. ${CATALOGUE_CHECK}`,
    catalogueNeverSeenMore: `{missing} of the {total} devices of the site catalogue (site.devices) never appeared in the {events} events seen: {listed} and {more} more. ${CATALOGUE_CHECK}`,
    // How the credential and personal data are kept without a keyring ({why}: one of the why… sentences, by key).
    credentialInUserFile: 'The service credential is stored unencrypted, in a file only this user account can read (permissions 0600), because {why}.',
    credentialInProfileFile: 'The service credential is stored unencrypted, in a file protected only by the access rules of this user profile folder, because {why}.',
    credentialInUserFileLinux: 'The service credential is stored unencrypted, in a file only this user account can read (permissions 0600), because {why}. To have it encrypted, install and unlock a keyring such as GNOME Keyring or KWallet.',
    dataUnencrypted:
      'Personal data kept on this workstation (the saved cardholder directory, the outbox, the enrolment and acknowledgement logs) is not encrypted, only in files this user account alone can read, because {why}.',
    whyNoKeyringAccess: 'this program runs without access to the system keyring',
    whyKeyringUnavailable: 'the system keyring is not available',
    whyBasicText: 'no system keyring was found (the only encryption available, "basic_text", uses a password built into the program, which protects nothing)',
    whyKeyringUnknown: 'the system keyring could not be identified (backend "{backend}")',
  },
  desk: {
    alreadyAcknowledged: 'Alarm {alarm} ({text} · {device}) was already acknowledged by {operator} at {desk} at {time}. Your acknowledgement is kept in its activity, not counted twice.',
    closedClaimed: 'Your acknowledgement closed alarm {alarm} ({text} · {device}) that {operator} at {desk} had claimed.',
    claimHeld: 'Your claim of alarm {alarm} ({text} · {device}) was not taken: {operator} at {desk} had claimed it at {time}.',
    takenOver: '{operator} at {desk} took over alarm {alarm} ({text} · {device}) from you: {reason}',
    unreachable: 'Shared alarm desk unreachable since {time}: other desks\' actions are not visible; yours will be shared when it returns.',
    schemaNewer: "The shared alarm desk's store ({store}) has schema version {found}, newer than this kiosk knows ({known}). This kiosk works alone until it is updated.",
    schemaOlder: "The shared alarm desk's store ({store}) has schema version {found} and this kiosk needs {known}; its role may not migrate it. An administrator runs: {command}",
    auth: "The shared alarm desk's store ({store}) refused this kiosk ({reason}). Check siteStore.url and the password set with the admin tool (set-site-store-password).",
    tls: "The shared alarm desk's store ({store}) could not be verified ({reason}). Check its certificate.",
    other: "The shared alarm desk's store ({store}) cannot be used ({reason}).",
  },
  operators: {
    listUnusable: 'The operator list ({file}) cannot be used ({reason}). Add the operators again with "{command}".',
    listDamaged: 'The operator list ({file}) is damaged. Add the operators again with "{command}".',
    noneProvisioned: 'No operators are provisioned on this kiosk. An administrator adds them at this workstation with "{command} NAME".',
  },
} as const;

type Capability = keyof typeof SCREEN_TEXT;
/** A key of the renderer's messages: `<capability>.fromMain.<name>`. */
export type ScreenTextKey = { [C in Capability]: `${C}.fromMain.${keyof (typeof SCREEN_TEXT)[C] & string}` }[Capability];

/** A key of this table (a key from an older or newer main is not). */
export function isScreenTextKey(key: string): key is ScreenTextKey {
  const [capability, part, name, ...rest] = key.split('.');
  return part === 'fromMain' && rest.length === 0 && capability !== undefined && name !== undefined && Object.hasOwn(SCREEN_TEXT, capability) && Object.hasOwn(SCREEN_TEXT[capability as Capability], name);
}

/** A sentence main sends for the screen: its key, parameters and English wording. */
export interface ScreenText {
  key: ScreenTextKey;
  params: ErrorParams;
  message: string;
}

/** A sentence from main the renderer words: a screen text, a typed error's key, or only English (older mains, texts not converted). */
export interface MainText {
  key?: ScreenTextKey | ErrorKey;
  params?: ErrorParams;
  message: string;
}

/** The English wording of a key, with its parameters (numbers as in English). */
export function englishScreenText(key: ScreenTextKey, params: ErrorParams = {}): string {
  const [capability, , name] = key.split('.') as [Capability, string, string];
  const text = (SCREEN_TEXT[capability] as Record<string, string>)[name] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, param: string) => {
    const value = params[param];
    if (value === undefined) return whole;
    if (typeof value === 'number') return value.toLocaleString('en');
    // A parameter may name another sentence of this table (a reason inside a warning), worded with the same parameters.
    return isScreenTextKey(value) && value !== key ? englishScreenText(value, params) : value;
  });
}

/** The key, parameters and English message of a screen sentence, to send (or spread into a push). */
export function screenText(key: ScreenTextKey, params: ErrorParams = {}): ScreenText {
  return { key, params, message: englishScreenText(key, params) };
}
