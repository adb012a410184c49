/**
 * The search results' CSV words in the language shown, sent with the export (main keeps no copy):
 * a heading for every column and the alarm priorities; and the first line main writes when the
 * result it exports is cut (with `{limit}` and `{upTo}` left for main to fill in). Names, doors,
 * categories and times in the cells are the service's data and stay as they are. Called when the
 * export starts.
 */
import type { HistoryCsvCutWords, HistoryCsvWords } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { documentPriorities } from '../operators/document-words';

export function historyCsvWords(): HistoryCsvWords {
  return {
    headings: {
      record_ID: t('documents.historyCsv.record_ID'),
      created: t('documents.historyCsv.created'),
      created_Local_Time: t('documents.historyCsv.created_Local_Time'),
      created_UTC: t('documents.historyCsv.created_UTC'),
      event_Category_Name: t('documents.historyCsv.event_Category_Name'),
      device_Name: t('documents.historyCsv.device_Name'),
      custom_Text: t('documents.historyCsv.custom_Text'),
      origin_Name: t('documents.historyCsv.origin_Name'),
      additional_Info: t('documents.historyCsv.additional_Info'),
      cardnumber: t('documents.historyCsv.cardnumber'),
      facility_Code: t('documents.historyCsv.facility_Code'),
      alarm_Priority: t('documents.historyCsv.alarm_Priority'),
      alarm_Rule: t('documents.historyCsv.alarm_Rule'),
      service_Alarm_Flag: t('documents.historyCsv.service_Alarm_Flag'),
    },
    priorities: documentPriorities(),
  };
}

/** Each name as its own placeholder: `t` leaves `{name}` in the text for main to fill in. */
const KEPT = { limit: '{limit}', upTo: '{upTo}' };

export function historyCsvCutWords(): HistoryCsvCutWords {
  return { service: t('history.csvCut.service', KEPT), kiosk: t('history.csvCut.kiosk', KEPT) };
}
