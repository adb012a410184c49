/**
 * The front desk: the cardholder directory (lookup, sync), enrolment (create, update, its log and
 * choices) and the people an event names. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { KioskError } from './errors';
import type { OutboxItemView } from './outbox';
import { cardholderId, databaseId, MAX_PAGE, noPayload, op, taskId } from './operation';
import { CARDHOLDER_SEXES, CARDHOLDER_TEXT_FIELDS, EMAIL_ADDRESS, EMPLOYEE_ID_CHARACTERS, hasHiddenCharacters, MAX_TENANTS, type CardholderTextField } from './cardholder-fields';

/** A cardholder as the service defines it (spec field names kept verbatim; unknown fields kept). */
export interface CardholderRecord {
  id: number;
  displayName: string;
  first_Name: string;
  last_Name: string;
  middle_Name: string;
  card_Holder_Letter_ID: number;
  employee_ID: string;
  displayEmployeeId: string;
  email: string;
  sex: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  birthday: unknown;
  created: string;
  updated: string;
  tenant: number[];
  photo_Exists: boolean;
  card_Holder_Type_ID: number;
  card_Holder_ID: unknown;
  name: string;
  [extra: string]: unknown;
}

/** One row of a lookup result: what the list shows and the record view starts from. */
export type CardholderSummary = Pick<
  CardholderRecord,
  'id' | 'first_Name' | 'middle_Name' | 'last_Name' | 'displayName' | 'employee_ID' | 'displayEmployeeId' | 'email' | 'phone' | 'tenant' | 'photo_Exists' | 'card_Holder_Type_ID'
> & {
  /** Enrolments for this cardholder wait in the outbox (created offline: not on the service yet). */
  pending?: boolean;
};

export interface CardholderPage {
  query: string;
  /** Matches in all, ranked; `items` are those from `offset` on. */
  total: number;
  offset: number;
  items: CardholderSummary[];
  /** Names close to what was typed, when nothing was found ("Did you mean Lewandowski?"). */
  suggestions?: string[];
}

/** A record the service sent that the directory set aside. */
export interface DirectoryRecordProblem {
  /** Position in the service's list, from 1. */
  position: number;
  id: number | null;
  field: string;
  /**
   * What is wrong, worded by the renderer: `invalid` (does not fit the specification),
   * `duplicateId` (the id of an earlier record), `tooLong` (the field holds `length` characters,
   * over the directory's `limit`).
   */
  problem: 'invalid' | 'duplicateId' | 'tooLong';
  /** duplicateId: the position (from 1) of the record that has the id first. */
  firstPosition?: number;
  /** tooLong: the field's length in characters, and the limit. */
  length?: number;
  limit?: number;
}

export interface DirectorySyncReport {
  outcome: 'updated' | 'unchanged';
  at: string;
  total: number;
  added: number;
  changed: number;
  removed: number;
  /** Records the service sent that could not be used (the first ones in `problems`). */
  rejected: number;
  problems: DirectoryRecordProblem[];
}

/** A list much smaller than the directory (or empty) that was not taken without the officer's word. */
export interface DirectoryHeld {
  outcome: 'held';
  at: string;
  previous: number;
  received: number;
  usable: number;
}

export type DirectorySyncResult = DirectorySyncReport | DirectoryHeld;

export type DirectorySyncPhase = 'downloading' | 'checking' | 'indexing' | 'saving';

export interface DirectoryState {
  status: 'empty' | 'loading' | 'ready';
  /** Cardholders the lookup holds. */
  records: number;
  /** When those records were received from the service (kept across restarts by the snapshot). */
  syncedAt: string | null;
  lastSync: DirectorySyncReport | null;
  syncing: { taskId: string; phase: DirectorySyncPhase; done: number; total: number | null; startedAt: string } | null;
  /**
   * Why the last sync failed; null once one succeeds. `error`: the whole sentence in English (the
   * log, the fallback); `cause`: the failure itself (keyed), and `kept`: the cardholders the lookup
   * still uses, for the renderer to word the sentence in the language shown.
   */
  lastFailure: { at: string; error: KioskError; cause?: KioskError; kept?: number } | null;
  held: DirectoryHeld | null;
  /** Why the saved directory could not be used at start, if it could not (English, for the log and the Administration view). */
  snapshotProblem: string | null;
  /**
   * The same as a code, for the front desk to word in the language shown: the saved directory could
   * not be loaded or saved, cannot be used (`code` says why; `detail`: the system's words), or came
   * from another service (`service`, as configured).
   */
  snapshotIssue?: {
    code:
      | 'notLoaded'
      | 'notSaved'
      | 'otherService'
      | 'unreadable'
      | 'otherOwner'
      | 'tooOpen'
      | 'notSnapshot'
      | 'notEncrypted'
      | 'noKey'
      | 'cutShort'
      | 'cannotDecrypt'
      | 'unknownFormat'
      | 'headerDamaged'
      | 'damaged';
    detail?: string;
    service?: string;
  } | null;
  /** Seconds between automatic syncs; 0: at start and on demand only. */
  intervalSeconds: number;
  /** Cardholders created on the service from this workstation since the kiosk started (in `records` at once). */
  enrolledHere?: number;
  /**
   * Where the directory comes from when a site store is configured (siteStore.url): the site's
   * shared copy in that store, or the service itself. Absent: no site store (this kiosk downloads
   * from the service, as a lone kiosk does).
   */
  origin?: DirectoryOrigin;
}

/**
 * The site copy of the directory, as this desk holds it, for the front desk's line ("500,000
 * cardholders · site copy, revision 1,204, checked against the service 4 min ago").
 */
export interface DirectoryOrigin {
  /**
   * 'site': the records come from the site copy in the site store (one desk downloads for all);
   * 'service': this kiosk downloads from the service itself, because the store has been away
   * longer than siteStore.directoryFallbackMinutes (or holds no copy and cannot get one).
   */
  source: 'site' | 'service';
  /** The site copy's revision this desk's lookup holds (null: none yet). */
  revision: number | null;
  /** When the site copy was last compared with the service, by whichever desk downloaded (ISO 8601; null: never). */
  checkedAt: string | null;
  /** This desk is the one downloading for the site now. */
  downloading: boolean;
  /** Since when the site store cannot be reached (ISO 8601; null: it can). */
  storeLostSince: string | null;
}

/** A record of the directory that looks like the person about to be enrolled. */
export interface DuplicateCandidate {
  cardholder: CardholderSummary;
  /** What is the same: the employee ID, the first and last name (accents and case aside), the e-mail. */
  reasons: Array<'employeeId' | 'name' | 'email'>;
}

/** What an update did. */
export type CardholderUpdateOutcome =
  /** The service could not be reached: the change waits in the outbox; `record` shows it applied. */
  | { outcome: 'queued'; record: CardholderRecord; item: OutboxItemView }
  /** Sent (only the fields that changed) and read back: `record` is what the server saved. */
  | { outcome: 'saved'; record: CardholderRecord; sent: string[]; warning: KioskError | null }
  /** Nothing had changed: nothing was sent. */
  | { outcome: 'unchanged'; record: CardholderRecord | null }
  /** The record changed on the server since it was opened: nothing was sent; `current` is the server's. */
  | { outcome: 'conflict'; current: CardholderRecord };

/** What a create or a photo upload did: sent, or saved on this workstation for later. */
export interface EnrolmentWrite {
  /** The record as the service saved it, or — queued — as it will be once sent. */
  record: CardholderRecord;
  /** Set when the service could not be reached: the write waits in the outbox. */
  queued: OutboxItemView | null;
}

/** An entry of the local log of enrolment actions (the Operator log view). */
/** What an enrolment was: a new cardholder, a change of some fields (their ids), or a photo. */
export type EnrolmentSubject = { kind: 'create' } | { kind: 'update'; fields: string[] } | { kind: 'photo' };

/** What an enrolment-log entry says happened (`fields`: cardholder field ids such as "last_Name"). */
export type EnrolmentOutcome =
  | { code: 'created' }
  | { code: 'createdAfterWaiting'; recordId: number }
  | { code: 'changed'; fields: string[] }
  | { code: 'changedAfterWaiting'; fields: string[] }
  | { code: 'alreadyHad' }
  /** `hints`: the photo hints the officer overrode, as they came from the renderer (codes). */
  | { code: 'photoUploaded'; hints: string[] }
  | { code: 'photoAfterWaiting' }
  | { code: 'queued'; subject: EnrolmentSubject }
  | { code: 'discarded'; subject: EnrolmentSubject }
  /** `error`: the service's refusal (keyed when main words it; `message` its English). */
  | { code: 'refused'; subject: EnrolmentSubject; error: Pick<KioskError, 'message' | 'key' | 'params'> }
  | { code: 'linked'; recordId: number };

export interface EnrolmentLogEntry {
  at: string;
  kind: 'created' | 'updated' | 'photo' | 'queued' | 'replayed' | 'linked' | 'refused' | 'discarded';
  cardholderId: number;
  /** The officer-visible name ("Dupont, Marie"); never a secret. */
  name: string;
  /**
   * What happened, as a code with its values (field ids, never words), worded by the renderer in
   * the language shown; a string: a line written before outcomes were codes, in English, shown as it is.
   */
  outcome: EnrolmentOutcome | string;
  /** Who did it: the signed-in operator's name as main knew it; null before operators existed or with sign-in off. */
  operator?: string | null;
}

/**
 * A cardholder type or a tenant the enrolment form offers: named where the site catalogue names
 * it, and with how many cardholders of the directory carry it (0: nobody yet; `seen`: some do).
 */
export interface EnrolmentChoice {
  id: number;
  /** The site catalogue's name, or "Tenant 2" / "Type 3" where it has none. */
  name: string;
  /** The site catalogue names it. */
  named: boolean;
  /** Cardholders of the directory that carry it. */
  count: number;
}

/** What the enrolment form offers and starts with, from the site catalogue, the configuration and the directory. */
export interface EnrolmentChoices {
  tenants: EnrolmentChoice[];
  cardholderTypes: EnrolmentChoice[];
  /** Preselected on a new cardholder: the site's configured defaults (frontDesk.*) only; empty and null when none is configured. */
  defaults: { tenants: number[]; cardholderType: number | null };
  /** frontDesk.employeeIdPattern, when the site narrows employee IDs. */
  employeeIdPattern: string | null;
  /** Cardholders the counts come from. */
  records: number;
}

/** Counts of the values the directory's records carry (computed where the directory lives). */
export interface DirectoryValueCounts {
  records: number;
  tenants: Array<{ id: number; count: number }>;
  cardholderTypes: Array<{ id: number; count: number }>;
  /** Tenant sets as records carry them (sorted, joined by ","), most common first, at most a few. */
  tenantSets: Array<{ ids: number[]; count: number }>;
}

/** A cardholder's record as the record view shows it. */
export interface CardholderView {
  record: CardholderRecord;
  /** True when it was just read from the service; false when the service could not be asked. */
  refreshed: boolean;
  /** Why it could not be refreshed. */
  warning: KioskError | null;
  /** Enrolments for this cardholder waiting in the outbox. */
  queued: OutboxItemView[];
}

/** A cardholder of the directory that an event's text names (the guard's read-only link). */
export interface EventPerson {
  id: number;
  displayName: string;
  /** The words of the event's text that matched. */
  matched: string;
}

/** How main's English names each text field in its refusals. */
const FIELD_WHAT: Record<CardholderTextField, string> = {
  first_Name: 'first name',
  middle_Name: 'middle name',
  last_Name: 'last name',
  employee_ID: 'employee ID',
  email: 'e-mail address',
  phone: 'phone number',
  address1: 'address',
  address2: 'address',
  city: 'city',
  state: 'state',
  zip: 'ZIP code',
};

/** The fields that refuse bidirectional controls and invisible characters: what the duplicate check compares and a badge prints. */
const NO_HIDDEN_CHARACTERS: ReadonlySet<CardholderTextField> = new Set(['first_Name', 'middle_Name', 'last_Name', 'email']);

/**
 * A text field as its rule (cardholder-fields.ts) says: NFC-normalised (an accent typed as a
 * letter and a combining mark is the one letter); required ones trimmed and not empty; every one
 * at most its length; names and e-mail without bidirectional controls or invisible characters.
 */
function textField(field: CardholderTextField) {
  const { max, required } = CARDHOLDER_TEXT_FIELDS[field];
  const what = FIELD_WHAT[field];
  const text = required ? z.string().normalize('NFC').trim().min(1, `The ${what} is required.`) : z.string().normalize('NFC');
  const bounded = text.max(max, `The ${what} can have at most ${max} characters.`);
  return NO_HIDDEN_CHARACTERS.has(field)
    ? bounded.refine((value) => !hasHiddenCharacters(value), `The ${what} holds an invisible or direction-changing character (such as a zero-width space or a right-to-left override); type it again without it.`)
    : bounded;
}

/**
 * The fields the front desk enrols and edits (spec names), built from their rules
 * (cardholder-fields.ts), which the renderer's form checks read too, with its own messages
 * (renderer/src/enrolment/enrolment-rules.ts); these are main's guard. `sex` goes to the service
 * in lower case, as the spec says for create. Only the names are required: the spec shows no
 * other field as required, so a create carries the fields the officer filled and nothing else
 * (the seed's example sends six: first and last name, employee ID, e-mail, sex and city).
 */
export const CardholderFields = z
  .object({
    first_Name: textField('first_Name'),
    last_Name: textField('last_Name'),
    middle_Name: textField('middle_Name').optional(),
    employee_ID: textField('employee_ID').refine((v) => EMPLOYEE_ID_CHARACTERS.test(v), 'The employee ID can hold letters, digits, dashes and dots only.').optional(),
    email: textField('email').refine((v) => v === '' || EMAIL_ADDRESS.test(v), 'The e-mail address is not valid.').optional(),
    sex: z.enum(CARDHOLDER_SEXES).optional(),
    phone: textField('phone').optional(),
    address1: textField('address1').optional(),
    address2: textField('address2').optional(),
    city: textField('city').optional(),
    state: textField('state').optional(),
    zip: textField('zip').optional(),
    tenant: z.array(databaseId).min(1, 'Choose at least one tenant, or leave the tenants to the service.').max(MAX_TENANTS, `At most ${MAX_TENANTS} tenants.`).optional(),
    card_Holder_Type_ID: databaseId.optional(),
  })
  .strict();
export type CardholderFields = z.infer<typeof CardholderFields>;

export const CardholderSearchRequest = z
  .object({
    query: z.string().max(200),
    offset: z.number().int().min(0).max(100_000_000),
    limit: z.number().int().min(1).max(MAX_PAGE),
  })
  .strict();
export type CardholderSearchRequest = z.infer<typeof CardholderSearchRequest>;

export const cardholdersOperations = {
  getDirectoryState: op<DirectoryState>()(noPayload, { personal: false }),
  syncDirectory: op<DirectorySyncResult>()(z.object({ taskId: taskId.optional(), acceptShrink: z.boolean().optional() }).strict(), { personal: false }),
  searchCardholders: op<CardholderPage>()(CardholderSearchRequest, { personal: 'Looking up cardholders' }),
  getCardholder: op<CardholderView>()(z.object({ id: cardholderId }).strict(), { personal: 'Looking up cardholders' }),
  removeDirectorySnapshot: op<DirectoryState>()(noPayload, { admin: 'Removing the saved directory', personal: false }),
  findDuplicateCardholders: op<DuplicateCandidate[]>()(
    z
      .object({
        first_Name: z.string().max(CARDHOLDER_TEXT_FIELDS.first_Name.max),
        last_Name: z.string().max(CARDHOLDER_TEXT_FIELDS.last_Name.max),
        employee_ID: z.string().max(CARDHOLDER_TEXT_FIELDS.employee_ID.max).optional(),
        email: z.string().max(CARDHOLDER_TEXT_FIELDS.email.max).optional(),
        excludeId: cardholderId.optional(),
      })
      .strict(),
    { personal: 'Looking up cardholders' },
  ),
  createCardholder: op<EnrolmentWrite>()(CardholderFields, { shift: 'Enrolling a cardholder', personal: 'Looking up cardholders' }),
  updateCardholder: op<CardholderUpdateOutcome>()(
    z
      .object({
        id: cardholderId,
        changes: CardholderFields.partial().strict(),
        /** The record's `updated` when the officer opened it: a later one on the server is a conflict. */
        expectedUpdated: z.string().min(1).max(100),
      })
      .strict(),
    { shift: 'Changing a cardholder', personal: 'Looking up cardholders' },
  ),
  listEnrolmentLog: op<EnrolmentLogEntry[]>()(noPayload, { personal: 'Reading the operator log' }),
  /** The cardholder types and tenants the enrolment form offers (named and seen in the directory, with counts). */
  getEnrolmentChoices: op<EnrolmentChoices>()(noPayload, { personal: false }),
  /** Cardholders of the directory an event's text names (read-only link for the guard). */
  findEventPeople: op<EventPerson[]>()(z.object({ text: z.string().max(2000) }).strict(), { personal: 'Looking up cardholders' }),
} as const;
