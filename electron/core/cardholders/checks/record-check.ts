/**
 * Checks the cardholder list the service answered, record by record, with the same tolerance as
 * the rest of the client (CardHolderSchema: the spec's types, null-only fields open, unknown fields
 * kept): a malformed record is set aside and reported by its position and field, the others stay
 * usable; a second record with an id already seen is set aside too, and so is one whose text
 * field is longer than any sane value (FIELD_CHARS_LIMIT: no person's name is a megabyte, and the
 * directory must not spend minutes on one). A fast hand-written check runs
 * first (the schema costs more than parsing the JSON itself at 500,000 records) and the schema is
 * asked only about records that fail it, for its message. Pure: no I/O.
 */
import { z } from 'zod';
import type { CardHolder } from '../../service/access-service';
import { CardHolderSchema, fieldPath, findEventList } from '../../service/service-schemas';

export interface RecordProblem {
  /** Position in the service's list (0-based). */
  index: number;
  /** The record's id when it has a usable one. */
  id: number | null;
  field: string;
  /**
   * `invalid`: the record does not fit the specification; `duplicateId`: its id is the one of an
   * earlier record; `tooLong`: the field holds more characters than FIELD_CHARS_LIMIT.
   */
  problem: 'invalid' | 'duplicateId' | 'tooLong';
  /** duplicateId: the position (0-based) of the record that has the id first. */
  firstIndex?: number;
  /** tooLong: the field's length in characters, and the limit. */
  length?: number;
  limit?: number;
  /** What is wrong, in the schema's English, for the log (the screen words `problem`). */
  message: string;
}

export interface CheckedList {
  records: CardHolder[];
  /** Problems of the set-aside records (the first MAX_PROBLEMS kept; problemCount counts all). */
  problems: RecordProblem[];
  problemCount: number;
  /** Records the service sent, good or not. */
  received: number;
}

/** Problems kept with their detail; beyond this only the count grows. */
export const MAX_PROBLEMS = 50;

/**
 * The longest text field a record may hold and stay in the directory: ten times the longest the
 * service takes for a name (cardholder-fields.ts: 100), four times its longest field (e-mail, 254).
 */
export const FIELD_CHARS_LIMIT = 1_000;

const DATETIME = z.core.regexes.datetime({ offset: true, precision: null, local: false });
const TEXT_FIELDS = [
  'displayName',
  'first_Name',
  'last_Name',
  'middle_Name',
  'employee_ID',
  'displayEmployeeId',
  'email',
  'sex',
  'phone',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'name',
] as const;
const INTEGER_FIELDS = ['id', 'card_Holder_Letter_ID', 'card_Holder_Type_ID'] as const;

/** True when `value` is a record CardHolderSchema accepts; fills the null-only fields it lacks. */
function wellFormed(value: unknown): value is CardHolder {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  for (const field of INTEGER_FIELDS) if (!Number.isSafeInteger(record[field])) return false;
  for (const field of TEXT_FIELDS) if (typeof record[field] !== 'string') return false;
  if (typeof record.created !== 'string' || !DATETIME.test(record.created)) return false;
  if (typeof record.updated !== 'string' || !DATETIME.test(record.updated)) return false;
  if (typeof record.photo_Exists !== 'boolean') return false;
  const tenant = record.tenant;
  if (!Array.isArray(tenant)) return false;
  for (const t of tenant) if (!Number.isSafeInteger(t)) return false;
  fillNullFields(record as unknown as CardHolder);
  return true;
}

/** Gives a record the null-only fields it lacks (as CardHolderSchema does). */
export function fillNullFields(record: CardHolder): void {
  if (record.birthday === undefined) record.birthday = null;
  if (record.card_Holder_ID === undefined) record.card_Holder_ID = null;
}

/** The text fields in the order their length is checked: the composed names (made of the others) last. */
const LENGTH_ORDER = [...TEXT_FIELDS.filter((field) => field !== 'displayName' && field !== 'name'), 'displayName', 'name'] as const;

/** The first text field of a well-formed record longer than FIELD_CHARS_LIMIT, as a problem; null when none is. */
function tooLong(record: CardHolder, index: number): RecordProblem | null {
  for (const field of LENGTH_ORDER) {
    const length = record[field].length;
    if (length > FIELD_CHARS_LIMIT) {
      return { index, id: record.id, field, problem: 'tooLong', length, limit: FIELD_CHARS_LIMIT, message: `field ${field} is ${length.toLocaleString('en')} characters, over the limit ${FIELD_CHARS_LIMIT.toLocaleString('en')}` };
    }
  }
  return null;
}

/** A problem in English for the log: "record at position 3: field last_Name is 1,048,576 characters, over the limit 1,000". */
export function describeProblem(problem: RecordProblem): string {
  const where = `record at position ${(problem.index + 1).toLocaleString('en')}`;
  return problem.problem === 'tooLong' ? `${where}: ${problem.message}` : `${where}: ${problem.field}: ${problem.message}`;
}

function problemOf(value: unknown, index: number): RecordProblem {
  const result = CardHolderSchema.safeParse(value);
  const issue = result.success ? undefined : result.error.issues[0];
  const rawId = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  return {
    index,
    id: Number.isSafeInteger(rawId) ? (rawId as number) : null,
    field: (issue ? fieldPath(null, issue.path) : undefined) ?? '(record)',
    problem: 'invalid',
    message: issue?.message ?? 'does not fit the specification',
  };
}

/**
 * The usable records of a list answer, or null when the answer holds no list at all (then the
 * caller reports a malformed answer and keeps what it had).
 */
export function checkCardholderList(body: unknown): CheckedList | null {
  const list = findEventList(body);
  if (!list) return null;
  const checker = new ListChecker();
  const records: CardHolder[] = [];
  for (const item of list.items) {
    const record = checker.check(item);
    if (record) records.push(record);
  }
  return { records, ...checker.result() };
}

/**
 * The same check, one item at a time in list order (a list checked as it downloads): `check`
 * answers the record when it is usable, null when it is set aside (its problem noted).
 */
export class ListChecker {
  private readonly problems: RecordProblem[] = [];
  private problemCount = 0;
  private index = 0;
  /** Usable records so far. */
  usable = 0;
  // Ids seen, with the position of their record. While ids only grow (as a service usually lists
  // them) none can repeat, so the map is built only once they do not.
  private seen: Map<number, number> | null = null;
  private lastId = -Infinity;
  private ids: number[] = [];
  private positions: number[] = [];

  check(item: unknown): CardHolder | null {
    const index = this.index++;
    if (!wellFormed(item)) {
      this.note(problemOf(item, index));
      return null;
    }
    const oversize = tooLong(item, index);
    if (oversize) {
      this.note(oversize);
      return null;
    }
    if (this.seen === null && item.id <= this.lastId) {
      const seen = new Map<number, number>();
      this.ids.forEach((id, i) => seen.set(id, this.positions[i] as number));
      this.seen = seen;
      this.ids = [];
      this.positions = [];
    }
    if (this.seen !== null) {
      const first = this.seen.get(item.id);
      if (first !== undefined) {
        this.note({ index, id: item.id, field: 'id', problem: 'duplicateId', firstIndex: first, message: `the id ${item.id} is already used by the record at position ${first + 1}` });
        return null;
      }
      this.seen.set(item.id, index);
    } else {
      this.ids.push(item.id);
      this.positions.push(index);
    }
    this.lastId = item.id;
    this.usable++;
    return item;
  }

  result(): Omit<CheckedList, 'records'> {
    return { problems: this.problems, problemCount: this.problemCount, received: this.index };
  }

  private note(problem: RecordProblem): void {
    this.problemCount++;
    if (this.problems.length < MAX_PROBLEMS) this.problems.push(problem);
  }
}
