/**
 * Runtime schemas of the service's answers, from ../shared/spec/service-api.md (system events are
 * read leniently, one by one, by event-reading.ts). Known fields
 * must have the spec's types; fields the spec shows only as null ("type when non-null: not
 * shown") accept any JSON value (and a missing one reads as null); unknown fields are kept.
 * Where the spec leaves the shape open (search answers, the list wrapper's maxID), the helpers
 * here accept the reasonable variants and nothing else.
 */
import { z } from 'zod';

/** A value the spec shows only as null: any JSON value, missing → null. */
const open = () => z.unknown().optional().transform((value) => (value === undefined ? null : value));

const integer = () => z.number({ error: 'expected a number' }).int({ error: 'expected a whole number' });
const text = () => z.string({ error: 'expected a text' });
/** ISO 8601 with a time zone: a timestamp without one would be read in the kiosk's own zone, silently wrong. */
const timestamp = () =>
  z.iso.datetime({ offset: true, error: 'expected an ISO 8601 timestamp with a time zone, e.g. 2024-05-01T08:00:00Z' });

export const CardHolderSchema = z.looseObject({
  id: integer(),
  displayName: text(),
  first_Name: text(),
  last_Name: text(),
  middle_Name: text(),
  card_Holder_Letter_ID: integer(),
  employee_ID: text(),
  displayEmployeeId: text(),
  email: text(),
  sex: text(),
  phone: text(),
  address1: text(),
  address2: text(),
  city: text(),
  state: text(),
  zip: text(),
  birthday: open(),
  created: timestamp(),
  updated: timestamp(),
  tenant: z.array(integer(), { error: 'expected a list of tenant numbers' }),
  photo_Exists: z.boolean({ error: 'expected true or false' }),
  card_Holder_Type_ID: integer(),
  card_Holder_ID: open(),
  name: text(),
});

export const CardHolderListSchema = z.array(CardHolderSchema, { error: 'expected a list of cardholders' });

/** GET /api/SystemEvents/maxid. Note maxId here, maxID in the list wrapper (as the spec says). */
export const MaxIdSchema = z.looseObject({ maxId: integer() });

/** maxID of the list wrapper: its value is not specified, and it may be missing or null. */
export const ListMaxIdSchema = integer().nullable().optional().transform((value) => value ?? null);

/** Keys under which a wrapped list of events is looked for, in this order (case-insensitive). */
const LIST_KEYS = ['events', 'items', 'results', 'data', 'records', 'value'];

/**
 * Finds the list of events in an answer whose shape the spec leaves open: the answer itself when
 * it is a list; else the list under one of LIST_KEYS (one level deeper under "data" too); else
 * the only list-valued field. Returns where it was found, for error messages; null when none.
 */
export function findEventList(body: unknown): { items: unknown[]; at: string | null } | null {
  if (Array.isArray(body)) return { items: body, at: null };
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const keys = Object.keys(record);
  for (const wanted of LIST_KEYS) {
    const key = keys.find((k) => k.toLowerCase() === wanted);
    if (key === undefined) continue;
    const value = record[key];
    if (Array.isArray(value)) return { items: value, at: key };
    if (wanted === 'data' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const inner = findEventList(value);
      if (inner) return { items: inner.items, at: inner.at === null ? key : `${key}.${inner.at}` };
    }
  }
  const lists = keys.filter((k) => Array.isArray(record[k]));
  if (lists.length === 1 && lists[0] !== undefined) return { items: record[lists[0]] as unknown[], at: lists[0] };
  return null;
}

/** "events[3].record_ID" from where the list was found ("events", "data.events") and a zod issue path. */
export function fieldPath(base: string | null, path: readonly PropertyKey[]): string | undefined {
  return z.core.toDotPath([...(base ? base.split('.') : []), ...path]) || undefined;
}
