/**
 * A typed error from main (a KioskError) as the person reads it, in the language shown: its key
 * and parameters (electron/contract/error-text.ts) rendered from the `errors` messages; its English
 * `message` when it has no key this renderer knows. Call it where the text is shown (a computed or
 * the template) so a language switch re-renders it. Keys are literal `t()` calls (the key test).
 */
import type { ErrorKey, ErrorParams, KioskError } from '../../../electron/contract/ipc';
import { t } from './i18n';
import { badgeField } from '../badges/badge-field-words';

/** The actions main's policy names (in English), in the language shown; one this renderer does not know stays as it came. */
const ACTIONS: Record<string, () => string> = {
  'Editing a badge template': () => t('errors.action.editBadgeTemplate'),
  'Exporting the operator log': () => t('errors.action.exportOperatorLog'),
  'Leaving kiosk mode': () => t('errors.action.leaveKioskMode'),
  'Opening the Administration view': () => t('errors.action.openAdministration'),
  'Opening the badge templates': () => t('errors.action.openBadgeTemplates'),
  'Quitting the kiosk': () => t('errors.action.quitKiosk'),
  'Removing the saved directory': () => t('errors.action.removeDirectory'),
  'Saving a badge template': () => t('errors.action.saveBadgeTemplate'),
  'Showing a badge template': () => t('errors.action.showBadgeTemplate'),
  'Acknowledging an alarm': () => t('errors.action.acknowledgeAlarm'),
  'Changing a cardholder': () => t('errors.action.changeCardholder'),
  'Discarding a waiting enrolment': () => t('errors.action.discardEnrolment'),
  'Enrolling a cardholder': () => t('errors.action.enrolCardholder'),
  'Exporting search results': () => t('errors.action.exportSearchResults'),
  'Printing a badge': () => t('errors.action.printBadge'),
  'Sending a fixed enrolment again': () => t('errors.action.resendEnrolment'),
  'Uploading a photo': () => t('errors.action.uploadPhoto'),
  'Quitting': () => t('errors.action.quit'),
};

function withAction(params: ErrorParams): ErrorParams {
  const action = params.action;
  return typeof action === 'string' && Object.hasOwn(ACTIONS, action) ? { ...params, action: ACTIONS[action]!() } : params;
}

const TEXT: Record<ErrorKey, (params: ErrorParams) => string> = {
  'errors.internal': (p) => t('errors.internal', p),
  'errors.cancelled': (p) => t('errors.cancelled', p),
  'errors.timeout': (p) => t('errors.timeout', p),
  'errors.deadline': (p) => t('errors.deadline', p),
  'errors.requestTimeout': (p) => t('errors.requestTimeout', p),
  'errors.unreachable': (p) => t('errors.unreachable', p),
  'errors.notFoundOnNetwork': (p) => t('errors.notFoundOnNetwork', p),
  'errors.refused': (p) => t('errors.refused', p),
  'errors.cutOff': (p) => t('errors.cutOff', p),
  'errors.networkUnreachable': (p) => t('errors.networkUnreachable', p),
  'errors.tlsPin': (p) => t('errors.tlsPin', p),
  'errors.tlsHostname': (p) => t('errors.tlsHostname', p),
  'errors.tlsExpired': (p) => t('errors.tlsExpired', p),
  'errors.tlsUntrusted': (p) => t('errors.tlsUntrusted', p),
  'errors.tlsHandshake': (p) => t('errors.tlsHandshake', p),
  'errors.redirect': (p) => t('errors.redirect', p),
  'errors.unauthorized': (p) => t('errors.unauthorized', p),
  'errors.forbidden': (p) => t('errors.forbidden', p),
  'errors.subjectNotFound': (p) => t('errors.subjectNotFound', p),
  'errors.notFound': (p) => t('errors.notFound', p),
  'errors.conflict': (p) => t('errors.conflict', p),
  'errors.conflictSaid': (p) => t('errors.conflictSaid', p),
  'errors.tooLarge': (p) => t('errors.tooLarge', p),
  'errors.unsupportedFormat': (p) => t('errors.unsupportedFormat', p),
  'errors.unsupportedFormatSaid': (p) => t('errors.unsupportedFormatSaid', p),
  'errors.refusedData': (p) => t('errors.refusedData', p),
  'errors.refusedDataSaid': (p) => t('errors.refusedDataSaid', p),
  'errors.busy': (p) => t('errors.busy', p),
  'errors.serverError': (p) => t('errors.serverError', p),
  'errors.refusedStatus': (p) => t('errors.refusedStatus', p),
  'errors.refusedStatusSaid': (p) => t('errors.refusedStatusSaid', p),
  'errors.unexpectedStatus': (p) => t('errors.unexpectedStatus', p),
  'errors.malformed': (p) => t('errors.malformed', p),
  'errors.malformedField': (p) => t('errors.malformedField', p),
  'errors.searchTooLarge': (p) => t('errors.searchTooLarge', p),
  'errors.answerTooLarge': (p) => t('errors.answerTooLarge', p),
  'errors.noServiceUrl': (p) => t('errors.noServiceUrl', p),
  'errors.noSecret': (p) => t('errors.noSecret', p),
  'errors.caFileUnreadable': (p) => t('errors.caFileUnreadable', p),
  'errors.badRecordNumber': (p) => t('errors.badRecordNumber', p),
  'errors.unknownOperation': (p) => t('errors.unknownOperation', p),
  'errors.invalidRequest': (p) => t('errors.invalidRequest', p),
  'errors.invalidField': (p) => t('errors.invalidField', p),
  'errors.noAdminPin': (p) => t('errors.noAdminPin', p),
  'errors.lockedOut': (p) => t('errors.lockedOut', p, Number(p.count)),
  'errors.wrongPinLockedOut': (p) => t('errors.wrongPinLockedOut', p, Number(p.count)),
  'errors.wrongPin': (p) => t('errors.wrongPin', p, Number(p.count)),
  'errors.adminNeeded': (p) => t('errors.adminNeeded', withAction(p)),
  'errors.previewOnly': (p) => t('errors.previewOnly', withAction(p)),
  'errors.shiftNeeded': (p) => t('errors.shiftNeeded', withAction(p)),
  'errors.shiftUnderWay': (p) => t('errors.shiftUnderWay', p),
  'errors.unnamedShiftRefused': (p) => t('errors.unnamedShiftRefused', p),
  'errors.notOnOperatorList': (p) => t('errors.notOnOperatorList', p),
  'errors.operatorLockedOut': (p) => t('errors.operatorLockedOut', p, Number(p.count)),
  'errors.operatorWrongPin': (p) => t('errors.operatorWrongPin', p, Number(p.count)),
  // i23-badges
  'errors.badgesNotSetUp': (p) => t('errors.badgesNotSetUp', p),
  'errors.badgeTemplateMissing': (p) => t('errors.badgeTemplateMissing', p),
  'errors.badgeNoTemplateForType': (p) => t('errors.badgeNoTemplateForType', p),
  'errors.badgeTemplateUnusable': (p) => t('errors.badgeTemplateUnusable', p),
  'errors.badgeTextTooLong': (p) => t('errors.badgeTextTooLong', badgeField(p, 'subject')),
  'errors.badgeBarcodeCannotHold': (p) => t('errors.badgeBarcodeCannotHold', badgeField(p, 'inSentence')),
  'errors.badgePreviewGone': (p) => t('errors.badgePreviewGone', p),
  'errors.badgeNeedsPhoto': (p) => t('errors.badgeNeedsPhoto', p),
  'errors.badgeReprintReason': (p) => t('errors.badgeReprintReason', p),
  'errors.badgeOtherReason': (p) => t('errors.badgeOtherReason', p),
  'errors.badgePdfFailed': (p) => t('errors.badgePdfFailed', p),
  'errors.badgeNoPrinter': (p) => t('errors.badgeNoPrinter', p),
  'errors.badgePrinterMissing': (p) => t('errors.badgePrinterMissing', p),
  'errors.badgePrinterMissingNone': (p) => t('errors.badgePrinterMissingNone', p),
  'errors.badgePrinterRefused': (p) => t('errors.badgePrinterRefused', p),
};

/** The error's sentence in the language shown (its English `message` when the key is missing or unknown). */
export function errorText(error: Pick<KioskError, 'message' | 'key' | 'params'> & Partial<KioskError>): string {
  const text = error.key !== undefined && Object.hasOwn(TEXT, error.key) ? TEXT[error.key] : undefined;
  return text ? text(error.params ?? {}) : error.message;
}
