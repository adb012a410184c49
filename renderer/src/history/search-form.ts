/**
 * History search form: what the guard chose → a validated request for the right endpoint.
 * Pure: no Vue, no IPC. Only what the guard chose is sent. Event types, subcodes or numbered
 * event categories → `searchEventsByCodes` (which needs tenants, and has no text search);
 * otherwise `searchEvents`. Pick-list values are keys: "id:<number>" for what the site catalogue
 * numbers (or the guard typed), "name:<text>" for devices and categories only seen by name.
 * Times are the kiosk's 24-hour clock, local; both ends of the range are inclusive (To takes in
 * its whole last second, or minute when no seconds are given). Nothing is sent unless the whole
 * form is valid, and every refusal is the form's own sentence, in the language shown when it is
 * checked (i18n messages history.problems).
 */
import type { EventCodeSearchRequest, EventSearchRequest } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';

export interface SearchForm {
  /** `<input type="date">` values: "2026-11-21". */
  fromDate: string;
  /** 24-hour times as typed: "08:00", "8:00:30", "0800". */
  fromTime: string;
  toDate: string;
  toTime: string;
  /** Pick-list keys ("id:3"); none: every tenant. */
  tenants: string[];
  /** "id:301" or "name:Gate 7". */
  devices: string[];
  /** At most one "id:4". */
  deviceType: string[];
  /** Only events the service flags as alarms (its isAlarm). */
  serviceAlarmsOnly: boolean;
  text: string;
  /** "id:3" or "name:Lift". */
  eventCategories: string[];
  eventTypes: string[];
  subcodeCategories: string[];
  subcodes: string[];
}

export type SearchField = keyof SearchForm;

export const CODE_FIELDS = ['eventCategories', 'eventTypes', 'subcodeCategories', 'subcodes'] as const satisfies readonly SearchField[];

/** In the language shown (getters: reactive where they are read). */
export const FIELD_LABELS: Readonly<Record<SearchField, string>> = {
  get fromDate() {
    return t('history.fields.fromDate');
  },
  get fromTime() {
    return t('history.fields.fromTime');
  },
  get toDate() {
    return t('history.fields.toDate');
  },
  get toTime() {
    return t('history.fields.toTime');
  },
  get tenants() {
    return t('history.fields.tenants');
  },
  get devices() {
    return t('history.fields.devices');
  },
  get deviceType() {
    return t('history.fields.deviceType');
  },
  get serviceAlarmsOnly() {
    return t('history.fields.serviceAlarmsOnly');
  },
  get text() {
    return t('history.fields.text');
  },
  get eventCategories() {
    return t('history.fields.eventCategories');
  },
  get eventTypes() {
    return t('history.fields.eventTypes');
  },
  get subcodeCategories() {
    return t('history.fields.subcodeCategories');
  },
  get subcodes() {
    return t('history.fields.subcodes');
  },
};

/** The contract's bounds, checked here first so the guard reads the form's words (a test keeps them equal). */
export const MAX_IDS = 1000;
export const MAX_TEXT = 200;
export const MAX_SERVICE_ID = 2_147_483_647;
export const MAX_SEEN_NAMES = 10;

export interface FieldProblem {
  field: SearchField;
  message: string;
}

export type PlannedSearch =
  | { endpoint: 'searchEvents'; request: EventSearchRequest }
  | { endpoint: 'searchEventsByCodes'; request: EventCodeSearchRequest };

export type SearchPlan = { ok: true; plan: PlannedSearch } | { ok: false; problems: FieldProblem[] };

export function emptySearchForm(defaultTenants: readonly number[] = []): SearchForm {
  return {
    fromDate: '',
    fromTime: '',
    toDate: '',
    toTime: '',
    tenants: defaultTenants.map(idKey),
    devices: [],
    deviceType: [],
    serviceAlarmsOnly: false,
    text: '',
    eventCategories: [],
    eventTypes: [],
    subcodeCategories: [],
    subcodes: [],
  };
}

export const idKey = (id: number): string => `id:${id}`;
export const nameKey = (name: string): string => `name:${name}`;

const pad = (n: number): string => String(n).padStart(2, '0');

/** A local date as `<input type="date">` holds it. */
export function toDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A local time of day on the 24-hour clock, with seconds. */
export function toTimeInput(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export interface TimeOfDay {
  hours: number;
  minutes: number;
  seconds: number;
  /** Whether seconds were given (To then takes in its whole second, else its whole minute). */
  withSeconds: boolean;
}

/** "8:05", "08:05:30", "0805", "080530" → a time of day; null when it is not one on the 24-hour clock. */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  const t = text.trim();
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t) ?? /^(\d{2})(\d{2})(\d{2})?$/.exec(t);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return { hours, minutes, seconds, withSeconds: match[3] !== undefined };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date and a time (local) → epoch ms at the start (`end` false) or the end of what they name. */
function instant(date: string, time: TimeOfDay, end: boolean): number | null {
  const match = DATE.exec(date.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(year, month - 1, day, time.hours, time.minutes, time.seconds, 0);
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== day) return null; // 2026-02-30
  const span = time.withSeconds ? 1_000 : 60_000;
  return at.getTime() + (end ? span - 1 : 0);
}

/** Which endpoint the form will use as it stands (for the hint next to the Search button). */
export function endpointFor(form: SearchForm): PlannedSearch['endpoint'] {
  const numberedCategory = form.eventCategories.some((key) => key.startsWith('id:'));
  return numberedCategory || form.eventTypes.length > 0 || form.subcodeCategories.length > 0 || form.subcodes.length > 0 ? 'searchEventsByCodes' : 'searchEvents';
}

interface Split {
  ids: number[];
  names: string[];
}

/** Pick-list keys → numbers and names; a number the service cannot hold is the form's problem. */
function splitKeys(keys: readonly string[], field: SearchField, add: (field: SearchField, message: string) => void): Split {
  const ids: number[] = [];
  const names: string[] = [];
  const outOfRange: string[] = [];
  for (const key of keys) {
    if (key.startsWith('id:')) {
      const raw = key.slice(3);
      const id = Number(raw);
      if (/^\d+$/.test(raw) && Number.isSafeInteger(id) && id <= MAX_SERVICE_ID) ids.push(id);
      else outOfRange.push(raw);
    } else if (key.startsWith('name:')) {
      names.push(key.slice(5));
    }
  }
  if (outOfRange.length > 0) {
    add(field, t('history.problems.outOfRange', { field: FIELD_LABELS[field], values: outOfRange.slice(0, 3).join(', '), max: formatNumber(MAX_SERVICE_ID) }, outOfRange.length));
  }
  if (ids.length > MAX_IDS) add(field, t('history.problems.tooMany', { field: FIELD_LABELS[field], max: formatNumber(MAX_IDS) }));
  if (names.length > MAX_SEEN_NAMES) add(field, t('history.problems.tooManyNames', { field: FIELD_LABELS[field], max: MAX_SEEN_NAMES }));
  return { ids: [...new Set(ids)], names: [...new Set(names)] };
}

/**
 * Validates everything, then builds the request with only what the guard chose. `knownTenants`:
 * every tenant the kiosk knows of, sent by the codes search (which needs tenants) when the guard
 * chose none, meaning all.
 */
export function planSearch(form: SearchForm, knownTenants: readonly number[] = []): SearchPlan {
  const problems: FieldProblem[] = [];
  const add = (field: SearchField, message: string): void => {
    problems.push({ field, message });
  };

  // Time range: required, 24-hour times, From not after To (both ends inclusive).
  const end = (which: 'from' | 'to'): number | null => {
    const dateField = which === 'from' ? 'fromDate' : 'toDate';
    const timeField = which === 'from' ? 'fromTime' : 'toTime';
    const start = which === 'from';
    const date = form[dateField].trim();
    const timeText = form[timeField].trim();
    if (date === '') add(dateField, start ? t('history.problems.enterStartDate') : t('history.problems.enterEndDate'));
    else if (!DATE.test(date)) add(dateField, start ? t('history.problems.invalidStartDate') : t('history.problems.invalidEndDate'));
    if (timeText === '') add(timeField, start ? t('history.problems.enterStartTime') : t('history.problems.enterEndTime'));
    const time = timeText === '' ? null : parseTimeOfDay(timeText);
    if (timeText !== '' && !time) add(timeField, start ? t('history.problems.invalidStartTime') : t('history.problems.invalidEndTime'));
    if (!time || date === '' || !DATE.test(date)) return null;
    const at = instant(date, time, which === 'to');
    if (at === null) add(dateField, which === 'from' ? t('history.problems.noStartDate') : t('history.problems.noEndDate'));
    return at;
  };
  const from = end('from');
  const to = end('to');
  if (from !== null && to !== null && from > to) add('toTime', t('history.problems.inverted'));

  const tenants = splitKeys(form.tenants, 'tenants', add).ids;
  const devices = splitKeys(form.devices, 'devices', add);
  const deviceType = splitKeys(form.deviceType, 'deviceType', add).ids[0];
  const categories = splitKeys(form.eventCategories, 'eventCategories', add);
  const codes = {
    eventCategoryIDs: categories.ids,
    eventTypeIDs: splitKeys(form.eventTypes, 'eventTypes', add).ids,
    subcodeCategoryIDs: splitKeys(form.subcodeCategories, 'subcodeCategories', add).ids,
    subcodeIDs: splitKeys(form.subcodes, 'subcodes', add).ids,
  };

  const text = form.text.trim();
  if (text.length > MAX_TEXT) add('text', t('history.problems.textTooLong', { max: MAX_TEXT, count: text.length }));

  const byCodes = endpointFor(form) === 'searchEventsByCodes';
  const codeTenants = tenants.length > 0 ? tenants : [...new Set(knownTenants)];
  if (byCodes) {
    if (codeTenants.length === 0) add('tenants', t('history.problems.codesNeedTenant'));
    if (text !== '') add('text', t('history.problems.codesNoText'));
  }

  if (problems.length > 0 || from === null || to === null) return { ok: false, problems };

  const common = {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    ...(devices.ids.length > 0 ? { deviceIds: devices.ids } : {}),
    ...(devices.names.length > 0 ? { deviceNames: devices.names } : {}),
    ...(categories.names.length > 0 ? { categoryNames: categories.names } : {}),
    ...(deviceType !== undefined ? { deviceType } : {}),
    ...(form.serviceAlarmsOnly ? { isAlarm: true } : {}),
  };
  if (byCodes) {
    const request: EventCodeSearchRequest = { ...common, tenants: codeTenants };
    for (const [field, ids] of Object.entries(codes) as [keyof typeof codes, number[]][]) if (ids.length > 0) request[field] = ids;
    return { ok: true, plan: { endpoint: 'searchEventsByCodes', request } };
  }
  const request: EventSearchRequest = { ...common, ...(tenants.length > 0 ? { tenants } : {}), ...(text ? { searchstring: text } : {}) };
  return { ok: true, plan: { endpoint: 'searchEvents', request } };
}
