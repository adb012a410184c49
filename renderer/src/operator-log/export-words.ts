/**
 * The operator log CSV's words in the language shown, sent with the export (main keeps no copy):
 * the headings of the part exported and the fixed words of its cells (alarm priorities, kinds of
 * enrolment action, badge outcomes). Names, doors and notes stay as they were recorded.
 */
import type { OperatorLogExportRequest } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { documentPriorities } from '../operators/document-words';
import { FIELD_LABELS } from '../enrolment/enrolment-rules';

export type OperatorLogPart = OperatorLogExportRequest['part'];

export function operatorLogExportRequest(part: OperatorLogPart): OperatorLogExportRequest {
  switch (part) {
    case 'alarms':
      return {
        part,
        words: {
          headings: {
            acknowledgedAt: t('documents.operatorLogCsv.alarms.acknowledgedAt'),
            eventTime: t('documents.operatorLogCsv.alarms.eventTime'),
            priority: t('documents.operatorLogCsv.alarms.priority'),
            device: t('documents.operatorLogCsv.alarms.device'),
            text: t('documents.operatorLogCsv.alarms.text'),
            note: t('documents.operatorLogCsv.alarms.note'),
            operator: t('documents.operatorLogCsv.alarms.operator'),
            recordIds: t('documents.operatorLogCsv.alarms.recordIds'),
          },
          priorities: documentPriorities(),
        },
      };
    case 'enrolments':
      return {
        part,
        words: {
          headings: {
            at: t('documents.operatorLogCsv.enrolments.at'),
            kind: t('documents.operatorLogCsv.enrolments.kind'),
            cardholderId: t('documents.operatorLogCsv.enrolments.cardholderId'),
            name: t('documents.operatorLogCsv.enrolments.name'),
            outcome: t('documents.operatorLogCsv.enrolments.outcome'),
            operator: t('documents.operatorLogCsv.enrolments.operator'),
          },
          kinds: {
            created: t('documents.operatorLogCsv.kinds.created'),
            updated: t('documents.operatorLogCsv.kinds.updated'),
            photo: t('documents.operatorLogCsv.kinds.photo'),
            queued: t('documents.operatorLogCsv.kinds.queued'),
            replayed: t('documents.operatorLogCsv.kinds.replayed'),
            linked: t('documents.operatorLogCsv.kinds.linked'),
            refused: t('documents.operatorLogCsv.kinds.refused'),
            discarded: t('documents.operatorLogCsv.kinds.discarded'),
          },
          outcomes: {
            created: t('documents.operatorLogCsv.enrolmentOutcomes.created'),
            createdAfterWaiting: t('documents.operatorLogCsv.enrolmentOutcomes.createdAfterWaiting'),
            changed: t('documents.operatorLogCsv.enrolmentOutcomes.changed'),
            changedAfterWaiting: t('documents.operatorLogCsv.enrolmentOutcomes.changedAfterWaiting'),
            alreadyHad: t('documents.operatorLogCsv.enrolmentOutcomes.alreadyHad'),
            photoUploaded: t('documents.operatorLogCsv.enrolmentOutcomes.photoUploaded'),
            photoAfterWaiting: t('documents.operatorLogCsv.enrolmentOutcomes.photoAfterWaiting'),
            queued: t('documents.operatorLogCsv.enrolmentOutcomes.queued'),
            discarded: t('documents.operatorLogCsv.enrolmentOutcomes.discarded'),
            refused: t('documents.operatorLogCsv.enrolmentOutcomes.refused'),
            linked: t('documents.operatorLogCsv.enrolmentOutcomes.linked'),
          },
          // The form's fields as the form names them (an outcome names the fields it changed).
          fields: Object.fromEntries(Object.keys(FIELD_LABELS).map((field) => [field, FIELD_LABELS[field as keyof typeof FIELD_LABELS]])),
        },
      };
    case 'badges':
      return {
        part,
        words: {
          headings: {
            at: t('documents.operatorLogCsv.badges.at'),
            workstation: t('documents.operatorLogCsv.badges.workstation'),
            cardholderId: t('documents.operatorLogCsv.badges.cardholderId'),
            name: t('documents.operatorLogCsv.badges.name'),
            template: t('documents.operatorLogCsv.badges.template'),
            printer: t('documents.operatorLogCsv.badges.printer'),
            outcome: t('documents.operatorLogCsv.badges.outcome'),
            reason: t('documents.operatorLogCsv.badges.reason'),
            detail: t('documents.operatorLogCsv.badges.detail'),
            operator: t('documents.operatorLogCsv.badges.operator'),
          },
          outcomes: {
            printed: t('documents.operatorLogCsv.outcomes.printed'),
            saved: t('documents.operatorLogCsv.outcomes.saved'),
            failed: t('documents.operatorLogCsv.outcomes.failed'),
          },
        },
      };
  }
}
