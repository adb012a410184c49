/**
 * An enrolment-log entry's outcome as the officer reads it, in the language shown: main stores a
 * code with its values (field ids such as "last_Name", record numbers, the service's refusal), and
 * the fields are named as the enrolment form names them. A line written before outcomes were codes
 * is an English sentence, shown as it is. Call it where the text is shown (a computed or a template).
 */
import type { EnrolmentOutcome, EnrolmentSubject } from '../../../electron/contract/ipc';
import { errorText } from '../i18n/error-text';
import { t } from '../i18n/i18n';
import { FIELD_IN_SENTENCE, FIELD_LABELS, type FormField } from './enrolment-rules';

/** Fields as the form names them ("Last name, City"); one the form does not have as it came. */
function fieldNames(fields: readonly string[], inSentence = false): string {
  const names = inSentence ? FIELD_IN_SENTENCE : FIELD_LABELS;
  return fields.map((field) => (Object.hasOwn(names, field) ? names[field as FormField] : field)).join(', ');
}

/** The photo hints overridden, named short; one this kiosk does not know as it came. */
const HINTS: Readonly<Record<string, () => string>> = {
  'detector-unavailable': () => t('enrolment.log.hint.detectorUnavailable'),
  'no-face': () => t('enrolment.log.hint.noFace'),
  'several-faces': () => t('enrolment.log.hint.severalFaces'),
  'face-cut-off': () => t('enrolment.log.hint.faceCutOff'),
  'face-too-small': () => t('enrolment.log.hint.faceTooSmall'),
  'face-off-centre': () => t('enrolment.log.hint.faceOffCentre'),
  'too-dark': () => t('enrolment.log.hint.tooDark'),
  'too-bright': () => t('enrolment.log.hint.tooBright'),
  blurred: () => t('enrolment.log.hint.blurred'),
  // What photo-upload-store.ts sends when the officer confirmed a photo without a face.
  'no face, confirmed by the officer': () => t('enrolment.log.hint.noFaceConfirmed'),
};
const hintNames = (hints: readonly string[]): string => hints.map((hint) => (Object.hasOwn(HINTS, hint) ? HINTS[hint]!() : hint)).join(', ');

/** "The new cardholder", "The change", "The photo": the subject of a sentence. */
function subjectText(subject: EnrolmentSubject): string {
  if (subject.kind === 'create') return t('enrolment.log.subject.create');
  if (subject.kind === 'update') return t('enrolment.log.subject.change');
  return t('enrolment.log.subject.photo');
}

/** "the new cardholder", "the change of phone", "the photo": inside a sentence. */
function subjectInSentence(subject: EnrolmentSubject): string {
  if (subject.kind === 'create') return t('enrolment.log.subjectInSentence.create');
  if (subject.kind === 'photo') return t('enrolment.log.subjectInSentence.photo');
  return subject.fields.length > 0 ? t('enrolment.log.subjectInSentence.changeOf', { fields: fieldNames(subject.fields, true) }) : t('enrolment.log.subjectInSentence.changeOfNothing');
}

export function enrolmentOutcomeText(outcome: EnrolmentOutcome | string): string {
  if (typeof outcome === 'string') return outcome;
  switch (outcome.code) {
    case 'created':
      return t('enrolment.log.created');
    case 'createdAfterWaiting':
      return t('enrolment.log.createdAfterWaiting', { id: String(outcome.recordId) });
    case 'changed':
      return t('enrolment.log.changed', { fields: fieldNames(outcome.fields) });
    case 'changedAfterWaiting':
      return t('enrolment.log.changedAfterWaiting', { fields: fieldNames(outcome.fields) });
    case 'alreadyHad':
      return t('enrolment.log.alreadyHad');
    case 'photoUploaded':
      return outcome.hints.length > 0 ? t('enrolment.log.photoUploadedDespite', { hints: hintNames(outcome.hints) }) : t('enrolment.log.photoUploaded');
    case 'photoAfterWaiting':
      return t('enrolment.log.photoAfterWaiting');
    case 'queued':
      return t('enrolment.log.queued', { subject: subjectText(outcome.subject) });
    case 'discarded':
      return t('enrolment.log.discarded', { subject: subjectInSentence(outcome.subject) });
    case 'refused':
      return t('enrolment.log.refused', { subject: subjectInSentence(outcome.subject), message: errorText(outcome.error) });
    case 'linked':
      return t('enrolment.log.linked', { id: String(outcome.recordId) });
    default:
      return String((outcome as { code: unknown }).code);
  }
}
