/**
 * The one table of error message keys and their English wording. Main builds a KioskError's
 * `message` (English, for the log and as the fallback) from it with `keyedError`, and sends the
 * key and its parameters; the renderer shows the key in the language shown
 * (renderer/src/i18n/error-text.ts). This table IS the renderer's English `errors` messages
 * (messages/en/errors.ts imports it: the one module of the contract the renderer imports as a
 * value, pure data), so main's English and the screen's cannot differ. Syntax as vue-i18n's: `{name}` is a
 * parameter, `a | b` are the singular and plural forms chosen by `{count}`. Part of the IPC contract.
 */
import type { KioskError } from './errors';

const ASK_ADMIN = 'If it keeps happening, tell the administrator.';
const TLS_AFTER = 'so the kiosk did not connect. Ask the administrator to check the certificate settings of the service (service.tls).';

export const ERROR_TEXT = {
  internal: 'Something went wrong inside the kiosk. The problem has been logged.',
  credentialDamaged: 'The stored service credential ({file}) is damaged. Set it again with the admin tool.',
  noAnswerFromMain: 'The kiosk could not complete the request.',
  notConnected: 'This page is not connected to the kiosk. Open it from the kiosk application.',
  cancelled: 'The request was cancelled.',
  timeout: `The access-control service is taking too long to answer. Try again in a moment. ${ASK_ADMIN}`,
  deadline: `The access-control service is taking too long to answer (no complete answer within {seconds} s). Try again in a moment. ${ASK_ADMIN}`,
  requestTimeout: `The access-control service gave up waiting for the request. Try again in a moment. ${ASK_ADMIN}`,
  unreachable: `The access-control service cannot be reached. Check the network connection. ${ASK_ADMIN}`,
  notFoundOnNetwork: `The access-control service cannot be found on the network (its name is not known). Check the network connection. ${ASK_ADMIN}`,
  refused: `The access-control service is not answering (the connection was refused); it may be stopped. ${ASK_ADMIN}`,
  cutOff: `The connection to the access-control service was cut off. Try again in a moment. ${ASK_ADMIN}`,
  networkUnreachable: 'The network does not reach the access-control service. Check the network connection, or tell the administrator.',
  tlsPin: `The server's certificate is not the one this kiosk was set up to trust (its fingerprint does not match), ${TLS_AFTER}`,
  tlsHostname: `The server's certificate was issued for a different address than the one the kiosk uses, ${TLS_AFTER}`,
  tlsExpired: `The server's certificate has expired or is not valid yet, ${TLS_AFTER}`,
  tlsUntrusted: `The server's certificate is not trusted, ${TLS_AFTER}`,
  tlsHandshake: `The secure (HTTPS) connection to the service could not be set up (the server may not speak HTTPS at this address), ${TLS_AFTER}`,
  redirect: 'The access-control service sent the kiosk elsewhere (a redirection), which the kiosk does not follow. Ask the administrator to check the service address.',
  unauthorized: "The access-control service did not accept this kiosk's credential. Ask the administrator to set it again.",
  forbidden: 'The access-control service does not allow this kiosk to do that. Ask the administrator about its permissions.',
  subjectNotFound: 'The {subject} was not found in the access-control service.',
  notFound: 'The access-control service did not recognise the request (not found). Ask the administrator to check the service address.',
  conflict: 'The access-control service refused the change because it conflicts with its records.',
  conflictSaid: 'The access-control service refused the change because it conflicts with its records: {server}',
  tooLarge: 'The access-control service refused the data because it is too large (for a photo: take it again at a lower size).',
  unsupportedFormat: 'The access-control service does not accept the format the kiosk sent.',
  unsupportedFormatSaid: 'The access-control service does not accept the format the kiosk sent: {server}',
  refusedData: 'The access-control service refused the data.',
  refusedDataSaid: 'The access-control service refused the data: {server}',
  busy: 'The access-control service is busy (too many requests). Try again in a moment.',
  serverError: `The access-control service had a problem (error {status}). Try again in a moment. ${ASK_ADMIN}`,
  refusedStatus: 'The access-control service refused the request (error {status}).',
  refusedStatusSaid: 'The access-control service refused the request (error {status}): {server}',
  unexpectedStatus: `The access-control service answered in a way the kiosk does not understand (status {status}). ${ASK_ADMIN}`,
  malformed: `The access-control service sent an answer the kiosk does not understand. ${ASK_ADMIN}`,
  malformedField: `The access-control service sent an answer the kiosk does not understand (in "{field}"). ${ASK_ADMIN}`,
  searchTooLarge: 'The search found more than the kiosk can read at once (the answer is over {size}). Search a shorter time or fewer doors.',
  answerTooLarge: `The access-control service sent an answer far larger than expected (over {size}); the kiosk stopped reading it. ${ASK_ADMIN}`,
  noServiceUrl: 'No address of the access-control service is configured.',
  noSecret: 'No credential for the access-control service has been set on this kiosk. Ask the administrator to set it (admin tool: set-secret).',
  caFileUnreadable: 'The certificate authority file {file} (service.tls.caFile) cannot be read.',
  badRecordNumber: 'The record number is not valid.',
  unknownOperation: 'The kiosk asked for an operation that does not exist.',
  invalidRequest: 'The request is not valid.',
  invalidField: 'The value of "{field}" is not valid.',
  noAdminPin: 'No administrator PIN is set on this kiosk. An administrator sets one at this workstation with "{command}".',
  lockedOut: 'Too many wrong PINs. Try again in {count} minute. | Too many wrong PINs. Try again in {count} minutes.',
  wrongPinLockedOut: 'Wrong PIN. Too many wrong PINs: try again in {count} minute. | Wrong PIN. Too many wrong PINs: try again in {count} minutes.',
  wrongPin: 'Wrong PIN. {count} try left before the PIN is locked for a while. | Wrong PIN. {count} tries left before the PIN is locked for a while.',
  adminNeeded: '{action} needs the administrator PIN. Unlock it first.',
  previewOnly: '{action} is only possible in the kiosk application, not in this browser preview.',
  shiftNeeded: "{action} is recorded with the operator's name: sign in at the start of your shift first.",
  readNeedsShift: '{action} shows personal data: sign in at the start of your shift first.',
  shiftUnderWay: '{name} is signed in. End that shift first.',
  unnamedShiftRefused: 'This site does not allow a shift without a name. Choose your name and type your PIN.',
  notOnOperatorList: "That name is not on this kiosk's operator list.",
  operatorLockedOut: 'Too many wrong PINs for {name}: the name is locked for {count} more second. An administrator can lift the lock. | Too many wrong PINs for {name}: the name is locked for {count} more seconds. An administrator can lift the lock.',
  operatorWrongPin: 'Wrong PIN. {count} try left before this name is locked for a while. | Wrong PIN. {count} tries left before this name is locked for a while.',
  operatorWrongPinLockedOut: 'Wrong PIN. Too many wrong PINs for {name}: the name is locked for {count} second. An administrator can lift the lock. | Wrong PIN. Too many wrong PINs for {name}: the name is locked for {count} seconds. An administrator can lift the lock.',
  signInSlowed: 'Too many wrong PINs at this kiosk: wait {count} second before the next sign-in. | Too many wrong PINs at this kiosk: wait {count} seconds before the next sign-in.',
  // i23-main: the admin PIN file, the feed's stall and the status check, an alarm's note.
  pinFileUnusable: 'The administrator PIN file ({file}) cannot be used ({reason}). Set the PIN again with "{command}".',
  pinFileDamaged: 'The administrator PIN file ({file}) is damaged. Set the PIN again with "{command}".',
  stalled: 'The access-control service is answering too slowly: the live feed has had no answer for over {seconds} s. New events may not be shown.',
  checkTimedOut: 'The access-control service did not answer the check in time.',
  noteRequired: 'A note is required to acknowledge this alarm ({alarm} on {device}): say what was done.',
  noteRequiredNoDevice: 'A note is required to acknowledge this alarm ({alarm} on an unnamed device): say what was done.',
  ackNotSaved: 'The acknowledgement could not be saved on this computer. Please tell the administrator.',
  acksUnreadable: 'The list of acknowledged alarms could not be read.',
  outageGone: 'That outage is over and was already dealt with.',
  groupChanged: 'The group changed while the dialog was open ({expected} shown, {found} now): look at it again, then acknowledge.',
  // i23-docs: the History export and End shift.
  searchResultGone: 'This search result is no longer available. Please run the search again, then export.',
  exportNotSaved: 'The file could not be saved there. Please choose another folder or file name.',
  noShiftToEnd: 'Nobody is signed in: there is no shift to end.',
  deskOff: 'This kiosk works alone: no shared alarm desk is configured (siteStore.url).',
  deskAlarmUnknown: 'This alarm is not known to the shared alarm desk (it was recorded before the desk was set up, or is no longer kept).',
  deskHandoverGone: 'That handover is no longer waiting to be confirmed.',
  // ── i23-desk: the front desk's photo check, enrolment and directory update ──
  photoWrongType: 'This kiosk uploads ID photos as {kind} images; take the photo again.',
  photoNotKind: 'The photo is not a {kind} image; take it again.',
  photoIncomplete: 'The photo is not a complete {kind} image; take it again.',
  photoWrongSize: 'The photo is {width}×{height} pixels; this kiosk uploads {wantedWidth}×{wantedHeight}. Take it again.',
  photoTooLarge: 'The photo is too large to send ({size} KB; the limit is {limit} KB). Take it again.',
  changeQueuedNotShown: 'The change was saved on this workstation, but the record is not in the directory to show it.',
  photoQueuedNotShown: 'The photo was saved on this workstation, but the record is not in the directory to show it.',
  directoryEmptyAnswer: 'The service answered the cardholder list with nothing.',
  directoryNotJson: 'The cardholder list from the service is not valid JSON (it may have been cut off).',
  directoryTooLarge: `The cardholder directory is {size}, over the limit of {limit} that the kiosk can read; the directory there was is kept. ${ASK_ADMIN}`,
  directoryOverLimit: `The cardholder directory is over the limit of {limit} that the kiosk can read; the kiosk stopped reading it and keeps the directory there was. ${ASK_ADMIN}`,
  directoryNoList: 'The answer of the service holds no list of cardholders.',
  directoryNoneReadable: 'The {count} cardholder the service sent could not be read. | None of the {count} cardholders the service sent could be read.',
  photoNotOnFile: 'The service accepted the photo, but the record does not show a photo on file. Try again, or tell the administrator.',
  photoNotOnFileLater: 'The service accepted the photo, but the record does not show a photo on file.',
  provisionalGone: 'This person is no longer waiting to be sent from this workstation (the enrolment was sent or discarded). Look the person up again, then make the change.',
  refusedPhotoNoFix: 'A refused photo cannot be changed: discard it, then take a new photo from the record.',
  changeSavedUnread: "The change was saved, but the record could not be read back; what is shown is the service's answer to the change. {reason}",
  savedUnread: 'The change was saved, but the kiosk could not read the record back. {reason}',
  // i23-badges: badges (print, preview, templates). {what}: the field's English words (the renderer says them in the language shown from {fieldCode}).
  badgeTemplateBuiltIn: 'The built-in badge templates cannot be edited: an administrator puts templates in the provisioning folder and sets badges.templatesDir (README, "Badges"); those replace the built-in ones and can be edited here.',
  badgeTemplateMissing: 'There is no badge template "{template}".',
  badgeNoTemplateForType: 'No badge template is for this cardholder\'s type and none is the default: ask an administrator.',
  badgeTemplateUnusable: 'The badge template "{template}" cannot be used: {problem}. Ask an administrator to run "--admin check".',
  badgeTextTooLong: 'The {what} "{value}" is too long for this card, even in the smallest type. Nothing was printed: ask an administrator for a template with more room, or use a shorter display name.',
  badgeBarcodeCannotHold: 'The barcode cannot hold this cardholder\'s {what} ("{value}"): {why}. Nothing was printed.',
  badgePreviewGone: 'This preview is no longer open: show the badge again, then print.',
  badgeNeedsPhoto: 'This badge needs a photo: take a new photo or choose an image file first.',
  badgeReprintReason: 'A badge was already printed for this person: choose why it is printed again.',
  badgeOtherReason: 'Say what the other reason is.',
  badgePdfFailed: 'The badge could not be saved as a PDF.',
  badgeNoPrinter: 'No badge printer is set up on this workstation: an administrator sets badges.printer. You can save the badge as a PDF instead.',
  badgePrinterMissing: 'The badge printer "{printer}" is not installed on this workstation. Installed: {installed}. Ask an administrator.',
  badgePrinterMissingNone: 'The badge printer "{printer}" is not installed on this workstation. No printer is installed. Ask an administrator.',
  badgePrinterRefused: 'The printer "{printer}" did not take the badge ({why}). Check that it is on, has cards and ribbon, then try again.',
  // badge-sec (issue 32): who a badge is for is main's word; a chosen photo is checked; a page that takes too long to lay out.
  badgeCardholderUnknown: 'This cardholder is not in the directory on this workstation: search again, open the record, then print the badge.',
  badgePhotoTooManyPixels: 'The image is {width}×{height} pixels; a badge photo can be at most {limit} pixels on a side. Choose a smaller image.',
  badgeRenderTimeout: 'The badge page took longer than {seconds} s to lay out, so nothing was printed. Ask an administrator to check the badge template ("--admin check").',
} as const;

/**
 * The actions main's access policy names in a refusal ("{action} needs the administrator PIN"):
 * the contract's policy (`op(..., { admin, shift })`) names them in English; an error carries the
 * action's id in `params.action` and each language words it (`errors.action.<id>`).
 */
export const ERROR_ACTION = {
  editBadgeTemplate: 'Editing a badge template',
  exportOperatorLog: 'Exporting the operator log',
  leaveKioskMode: 'Leaving kiosk mode',
  openAdministration: 'Opening the Administration view',
  openBadgeTemplates: 'Opening the badge templates',
  quitKiosk: 'Quitting the kiosk',
  removeDirectory: 'Removing the saved directory',
  saveBadgeTemplate: 'Saving a badge template',
  showBadgeTemplate: 'Showing a badge template',
  acknowledgeAlarm: 'Acknowledging an alarm',
  acknowledgeAlarms: 'Acknowledging alarms',
  acknowledgeOutage: 'Acknowledging an outage',
  claimAlarm: 'Claiming an alarm',
  writeAlarmNote: 'Writing an alarm note',
  confirmHandover: 'Confirming the handover',
  changeCardholder: 'Changing a cardholder',
  discardEnrolment: 'Discarding a waiting enrolment',
  enrolCardholder: 'Enrolling a cardholder',
  exportSearchResults: 'Exporting search results',
  printBadge: 'Printing a badge',
  resendEnrolment: 'Sending a fixed enrolment again',
  uploadPhoto: 'Uploading a photo',
  quit: 'Quitting',
  // The read guard (the contract's `personal`): what an answer with personal data shows.
  lookUpCardholders: 'Looking up cardholders',
  readOperatorLog: 'Reading the operator log',
  showLiveFeed: 'Showing the live feed',
  showAlarms: 'Showing the alarms waiting',
  searchHistory: 'Searching the event history',
  showBadge: 'Showing a badge',
  showOutbox: 'Showing the enrolments waiting to be sent',
} as const;

export type ErrorActionName = keyof typeof ERROR_ACTION;
/** An action as the policy names it (English). */
export type ErrorActionText = (typeof ERROR_ACTION)[ErrorActionName];

export type ErrorTextName = keyof typeof ERROR_TEXT;
/** A key of the renderer's `errors` messages. */
export type ErrorKey = `errors.${ErrorTextName}`;
export type ErrorParams = Record<string, string | number>;

export const isErrorKey = (key: string): key is ErrorKey => key.startsWith('errors.') && Object.hasOwn(ERROR_TEXT, key.slice('errors.'.length));
export const isErrorAction = (value: unknown): value is ErrorActionName => typeof value === 'string' && Object.hasOwn(ERROR_ACTION, value);
const ACTION_BY_TEXT = new Map(Object.entries(ERROR_ACTION).map(([name, text]) => [text as string, name as ErrorActionName]));

/** The English sentence of a key, as vue-i18n renders it in English (two forms: `{count}` 1 takes the first). */
export function englishErrorText(name: ErrorTextName, params: ErrorParams = {}): string {
  const forms = ERROR_TEXT[name].split(' | ');
  const form = forms.length === 2 ? forms[params.count === 1 ? 0 : 1]! : forms[0]!;
  const words = isErrorAction(params.action) ? { ...params, action: ERROR_ACTION[params.action] } : params;
  return form.replace(/\{(\w+)\}/g, (whole, param: string) => (param in words ? String(words[param]) : whole));
}

/**
 * The key, parameters and English message of a typed error, to spread into a KioskError. An
 * action the policy names in English travels as its id, so the renderer can word it.
 */
export function keyedError(name: ErrorTextName, params: ErrorParams = {}): Pick<KioskError, 'key' | 'params' | 'message'> {
  const action = typeof params.action === 'string' ? ACTION_BY_TEXT.get(params.action) : undefined;
  const sent = action ? { ...params, action } : params;
  return { key: `errors.${name}`, params: sent, message: englishErrorText(name, sent) };
}

/**
 * An error worded around another (`name` takes the other's sentence as `{reason}`): the other's key
 * and parameters go along (`causeKey`, `cause.<name>`), so the renderer words both in the language
 * shown; `message` is the whole in English. The other's code, detail and status are kept.
 */
export function keyedAround(name: ErrorTextName, cause: KioskError, params: ErrorParams = {}): KioskError {
  const causeParams: ErrorParams = cause.key ? { causeKey: cause.key, ...Object.fromEntries(Object.entries(cause.params ?? {}).map(([k, v]) => [`cause.${k}`, v])) } : {};
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the cause's own key and params are replaced
  const { key, params: inner, message, ...rest } = cause;
  return { ...rest, ...keyedError(name, { ...params, reason: message, ...causeParams }) };
}
