/**
 * History search form: what the guard typed → a validated request for the right endpoint.
 * Pure: no Vue, no IPC. Only the fields the guard filled are sent. Event-code fields present →
 * `searchEventsByCodes` (which needs tenants, and has no text search); otherwise `searchEvents`.
 * Nothing is sent unless the whole form is valid.
 */
import type { EventCodeSearchRequest, EventSearchRequest } from '../../../electron/contract/ipc';

export interface SearchForm {
  /** `<input type="datetime-local">` values, local time: "2026-11-21T08:00". */
  from: string;
  to: string;
  /** Comma-separated integer ids. */
  tenants: string;
  deviceIds: string;
  deviceType: string;
  alarmsOnly: boolean;
  text: string;
  eventCategoryIDs: string;
  eventTypeIDs: string;
  subcodeCategoryIDs: string;
  subcodeIDs: string;
}

export type SearchField = keyof SearchForm;

export const CODE_FIELDS = ['eventCategoryIDs', 'eventTypeIDs', 'subcodeCategoryIDs', 'subcodeIDs'] as const satisfies readonly SearchField[];

export const FIELD_LABELS: Record<SearchField, string> = {
  from: 'From',
  to: 'To',
  tenants: 'Tenants',
  deviceIds: 'Device ids',
  deviceType: 'Device type',
  alarmsOnly: 'Alarms only',
  text: 'Text',
  eventCategoryIDs: 'Event categories',
  eventTypeIDs: 'Event types',
  subcodeCategoryIDs: 'Subcode categories',
  subcodeIDs: 'Subcodes',
};

export const MAX_IDS = 1000;
export const MAX_TEXT = 200;

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
    from: '',
    to: '',
    tenants: defaultTenants.join(', '),
    deviceIds: '',
    deviceType: '',
    alarmsOnly: false,
    text: '',
    eventCategoryIDs: '',
    eventTypeIDs: '',
    subcodeCategoryIDs: '',
    subcodeIDs: '',
  };
}

/** `datetime-local` value for a Date, in local time (for defaults such as "the last 24 hours"). */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** A datetime-local value → ISO 8601 UTC, or null when it is not a valid local date-time. */
export function localInputToIso(value: string): string | null {
  const trimmed = value.trim();
  if (!LOCAL_INPUT.test(trimmed)) return null;
  const date = new Date(trimmed); // no offset: the ECMAScript spec reads it as local time
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export type ParsedIds = { ok: true; ids: number[] } | { ok: false; message: string };

/** "1, 2,3" → [1, 2, 3]; blanks ignored; anything but non-negative whole numbers is refused. */
export function parseIdList(text: string, label: string): ParsedIds {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const ids: number[] = [];
  const bad: string[] = [];
  for (const p of parts) {
    if (/^\d+$/.test(p) && Number.isSafeInteger(Number(p))) ids.push(Number(p));
    else bad.push(p);
  }
  if (bad.length > 0) {
    const shown = bad.slice(0, 3).map((b) => `"${b}"`).join(', ');
    return { ok: false, message: `${label}: ${shown} ${bad.length === 1 ? 'is not a whole number' : 'are not whole numbers'}. Use ids separated by commas, e.g. 1, 2, 3.` };
  }
  if (ids.length > MAX_IDS) return { ok: false, message: `${label}: at most ${MAX_IDS} ids.` };
  return { ok: true, ids: [...new Set(ids)] };
}

/** Which endpoint the form will use as it stands (for the hint next to the Search button). */
export function endpointFor(form: SearchForm): PlannedSearch['endpoint'] {
  return CODE_FIELDS.some((f) => form[f].trim() !== '') ? 'searchEventsByCodes' : 'searchEvents';
}

/** Validates everything, then builds the request with only the filled fields. */
export function planSearch(form: SearchForm): SearchPlan {
  const problems: FieldProblem[] = [];
  const add = (field: SearchField, message: string): void => {
    problems.push({ field, message });
  };

  // Date range: required, valid, from before to.
  const from = form.from.trim() === '' ? null : localInputToIso(form.from);
  const to = form.to.trim() === '' ? null : localInputToIso(form.to);
  if (form.from.trim() === '') add('from', 'Enter the start of the time range.');
  else if (!from) add('from', 'The start of the time range is not a valid date and time.');
  if (form.to.trim() === '') add('to', 'Enter the end of the time range.');
  else if (!to) add('to', 'The end of the time range is not a valid date and time.');
  if (from && to && Date.parse(from) >= Date.parse(to)) add('to', 'The start of the time range must be before its end.');

  const ids = (field: SearchField & ('tenants' | 'deviceIds' | (typeof CODE_FIELDS)[number])): number[] | undefined => {
    const raw = form[field];
    if (raw.trim() === '') return undefined;
    const parsed = parseIdList(raw, FIELD_LABELS[field]);
    if (!parsed.ok) {
      add(field, parsed.message);
      return undefined;
    }
    return parsed.ids.length > 0 ? parsed.ids : undefined;
  };
  const tenants = ids('tenants');
  const deviceIds = ids('deviceIds');
  const codes = {
    eventCategoryIDs: ids('eventCategoryIDs'),
    eventTypeIDs: ids('eventTypeIDs'),
    subcodeCategoryIDs: ids('subcodeCategoryIDs'),
    subcodeIDs: ids('subcodeIDs'),
  };

  let deviceType: number | undefined;
  const rawType = form.deviceType.trim();
  if (rawType !== '') {
    if (/^\d+$/.test(rawType) && Number.isSafeInteger(Number(rawType))) deviceType = Number(rawType);
    else add('deviceType', 'Device type: enter one whole number, e.g. 2.');
  }

  const text = form.text.trim();
  if (text.length > MAX_TEXT) add('text', `Text: at most ${MAX_TEXT} characters.`);

  const byCodes = endpointFor(form) === 'searchEventsByCodes';
  if (byCodes) {
    if (form.tenants.trim() === '') add('tenants', 'Searching by event codes needs at least one tenant id.');
    if (text !== '') add('text', 'Text cannot be combined with event codes: clear the text or the code fields.');
  }

  if (problems.length > 0 || !from || !to) return { ok: false, problems };

  const common = {
    from,
    to,
    ...(deviceIds ? { deviceIds } : {}),
    ...(deviceType !== undefined ? { deviceType } : {}),
    ...(form.alarmsOnly ? { isAlarm: true } : {}),
  };
  if (byCodes) {
    if (!tenants) return { ok: false, problems: [{ field: 'tenants', message: 'Searching by event codes needs at least one tenant id.' }] };
    const request: EventCodeSearchRequest = { ...common, tenants };
    for (const field of CODE_FIELDS) {
      const value = codes[field];
      if (value) request[field] = value;
    }
    return { ok: true, plan: { endpoint: 'searchEventsByCodes', request } };
  }
  const request: EventSearchRequest = { ...common, ...(tenants ? { tenants } : {}), ...(text ? { searchstring: text } : {}) };
  return { ok: true, plan: { endpoint: 'searchEvents', request } };
}
