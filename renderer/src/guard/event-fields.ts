/**
 * Every field of an event as the detail panel lists it: the known fields first in a fixed
 * order with readable labels, then whatever else the service sent, by name. A field without a
 * value (null, empty) shows "—", so it reads as empty rather than missing.
 */
import type { FeedEvent } from '../../../electron/contract/ipc';
import { formatLocalDateTime, formatUtc } from '../shell/time-format';
import { PRIORITY_LABEL } from '../shell/wording';
import { t } from '../i18n/i18n';

/** What an empty field shows. */
export const EMPTY_VALUE = '—';

export interface EventField {
  name: string;
  label: string;
  /** The value as text; EMPTY_VALUE when there is none. */
  value: string;
  /** The exact UTC instant for time fields (shown on hover). */
  title?: string;
}

/** The known fields and their labels (functions: in the language shown when listed). */
const KNOWN: readonly (readonly [string, () => string])[] = [
  ['record_ID', () => t('feed.fields.recordId')],
  ['created', () => t('feed.fields.time')],
  ['event_Category_Name', () => t('feed.fields.category')],
  ['device_Name', () => t('feed.fields.device')],
  ['custom_Text', () => t('feed.fields.text')],
  ['alarm', () => t('feed.fields.alarm')],
  ['origin_Name', () => t('feed.fields.origin')],
  ['additional_Info', () => t('feed.fields.additionalInfo')],
  ['cardnumber', () => t('feed.fields.cardNumber')],
  ['facility_Code', () => t('feed.fields.facilityCode')],
];
const KNOWN_NAMES = new Set(KNOWN.map(([name]) => name));

export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

const orEmpty = (text: string): string => (text.trim() === '' ? EMPTY_VALUE : text);

export function eventFields(event: FeedEvent): EventField[] {
  const fields: EventField[] = [];
  for (const [name, labelOf] of KNOWN) {
    const label = labelOf();
    const raw: unknown = event[name];
    if (name === 'alarm') {
      const alarm = event.alarm;
      fields.push({ name, label, value: alarm ? t('feed.fields.alarmValue', { priority: PRIORITY_LABEL[alarm.priority], rule: alarm.rule }) : t('feed.fields.notAlarm') });
    } else if (name === 'created') {
      fields.push({ name, label, value: orEmpty(formatLocalDateTime(raw as string)), title: formatUtc(raw as string) });
    } else {
      fields.push({ name, label, value: orEmpty(displayValue(raw)) });
    }
  }
  const extras = Object.keys(event)
    .filter((name) => !KNOWN_NAMES.has(name) && name !== 'serviceAlarm')
    .sort((a, b) => a.localeCompare(b));
  for (const name of extras) fields.push({ name, label: name, value: orEmpty(displayValue(event[name])) });
  return fields;
}
