/**
 * Personal data kept out of the main-process log: what a log line must not carry of the people the
 * kiosk deals with — names, e-mail addresses, phone numbers, addresses, employee IDs, search texts
 * and image bytes. Two layers, both applied by the logger (logger.ts) to every line before a sink
 * sees it:
 *  - patterns: e-mail addresses, phone-like numbers (with a leading + or separators), data: URLs,
 *    long base64 or hex runs (image bytes) and Node's <Buffer …> dumps;
 *  - values: the personal fields of every request the gateway accepted (personalValuesOf, among
 *    them a reprint reason's free text), and a sign-in name that is not on the operator list (it
 *    may be a PIN typed in the wrong field; core/operators registers it), kept
 *    in a bounded set (the most recent PERSONAL_VALUES_KEPT) and replaced wherever they appear as
 *    whole words, ignoring case, also percent-encoded and as phone digits. A value made of digits
 *    only (an employee ID, a ZIP code, a search for a number) is replaced as a value, not as a
 *    measure: "attempt 2 of 3 in 1500 ms" keeps its 1500 even after someone searched for "1500",
 *    because a number followed by a unit (ms, s, bytes, %…) or following "attempt", "of", "port",
 *    "status" is a duration, a size, a count or a code, never the person's value.
 */
export const PERSONAL = '[personal]';
export const PERSONAL_VALUES_KEPT = 2000;
/** Shorter values ("Li", "Ng") would redact ordinary words; the patterns still catch e-mails and phones. */
const MIN_VALUE_LENGTH = 3;

const PATTERNS: Array<[RegExp, string]> = [
  [/data:[a-z]+\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+/gi, '[image bytes]'],
  [/<Buffer(?: [0-9a-f]{2})+(?: \.\.\. \d+ more bytes)?>/gi, '[bytes]'],
  [/[A-Za-z0-9+/]{120,}={0,2}/g, '[bytes]'],
  [/\b[0-9a-f]{160,}\b/gi, '[bytes]'],
  [/[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // A phone number: a leading + (or 00), or groups of digits split by spaces, dots, dashes or
  // brackets, 7 to 15 digits in all; ISO dates and times (2026-11-23T10:00) are not phones.
  [/(?<![\w:.-])(?:\+|%2B)?\(?\d{1,4}\)?(?:(?:[ .-]|%20)\(?\d{1,4}\)?){2,6}(?![\w:-])/g, '[phone]'],
  [/(?<![\w-])\+\d{7,15}\b/g, '[phone]'],
];

/** Dates and IPv4 addresses look like phone numbers to the pattern and are not. */
function isDateOrAddress(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) || /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(text) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(text);
}

function scrubPatterns(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) {
    out = out.replace(pattern, (match) => {
      if (replacement !== '[phone]') return replacement;
      const digits = match.replace(/%2B|%20/g, ' ').replace(/\D/g, '');
      return digits.length >= 7 && digits.length <= 15 && !isDateOrAddress(match) ? replacement : match;
    });
  }
  return out;
}

/** Units after a number that make it a measure, not a personal value ("1500 ms", "30 s", "12 %"). */
const UNITS = 'ms|s|sec|secs|seconds?|min|mins|minutes?|h|hours?|days?|bytes?|B|KiB|MiB|GiB|kB|KB|MB|GB|%|px|fps|events?|attempts?|tries|times|retries|cardholders?|records?|rows?|lines?|items?|entries|requests?|answers?';
/** Words before a number that make it a count or a code ("attempt 2", "of 3", "port 9222", "status 404"). */
const COUNT_WORDS = ['attempt', 'of', 'port', 'status', 'HTTP', 'code'];
/** What follows a number that is a measure, and what precedes one that is a count (matched at the ends of the text around it). */
const MEASURE_AFTER = new RegExp(`^\\s?(?:${UNITS})(?![\\p{L}\\p{N}])`, 'iu');
const COUNT_BEFORE = new RegExp(`(?<![\\p{L}])(?:${COUNT_WORDS.join('|')})\\s$`, 'iu');
/** The longest count word and its space: how far back a count word is looked for. */
const COUNT_REACH = Math.max(...COUNT_WORDS.map((word) => word.length)) + 2;
/** How far on a unit is looked for (the longest unit and a space). */
const MEASURE_REACH = 12;

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether the code point ending just before `at` is a letter or a digit. */
function wordCharBefore(text: string, at: number): boolean {
  if (at <= 0) return false;
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start) ?? 0));
}

/** Whether the code point starting at `at` is a letter or a digit. */
function wordCharAt(text: string, at: number): boolean {
  if (at >= text.length) return false;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(at) ?? 0));
}

/**
 * One class of values (with a letter or a sign; digits only), kept folded to lower case with how
 * many of them have each length. A line is scanned once: at each place a word may start, the
 * text of each length held (longest first) is looked up, so adding a value costs nothing at the
 * next line (one expression over 2,000 values took about 200 ms to compile, on the main thread,
 * at the first line logged after each search typed).
 */
class ValueSet {
  private readonly values = new Set<string>();
  private readonly lengths = new Map<number, number>();
  /** The lengths held, longest first; null when stale. */
  private ordered: number[] | null = null;

  constructor(private readonly accept: (text: string, start: number, end: number) => boolean = () => true) {}

  add(folded: string): void {
    if (this.values.has(folded)) return;
    this.values.add(folded);
    this.lengths.set(folded.length, (this.lengths.get(folded.length) ?? 0) + 1);
    this.ordered = null;
  }

  delete(folded: string): void {
    if (!this.values.delete(folded)) return;
    const left = (this.lengths.get(folded.length) ?? 1) - 1;
    if (left === 0) this.lengths.delete(folded.length);
    else this.lengths.set(folded.length, left);
    this.ordered = null;
  }

  /** `text` with every whole-word occurrence of a value (ignoring case) replaced, leftmost first, the longest at one place. */
  scrub(text: string): string {
    if (this.values.size === 0) return text;
    this.ordered ??= [...this.lengths.keys()].sort((a, b) => b - a);
    let out = '';
    let copied = 0;
    let at = 0;
    while (at < text.length) {
      let matched = 0;
      if (!wordCharBefore(text, at)) {
        for (const length of this.ordered) {
          const end = at + length;
          if (end > text.length || wordCharAt(text, end)) continue;
          if (this.values.has(text.slice(at, end).toLowerCase()) && this.accept(text, at, end)) {
            matched = length;
            break;
          }
        }
      }
      if (matched > 0) {
        out += text.slice(copied, at) + PERSONAL;
        at += matched;
        copied = at;
      } else at += 1;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }
}

/** A number is a measure or a count, not a person's value, by the word before it or the unit after it. */
function notMeasureNorCount(text: string, start: number, end: number): boolean {
  if (COUNT_BEFORE.test(text.slice(Math.max(0, start - COUNT_REACH), start))) return false;
  return !MEASURE_AFTER.test(text.slice(end, end + MEASURE_REACH));
}

/** The registered personal values, and the scan that finds them in a line. */
export class PersonalValues {
  /** Every form registered, folded to lower case, the most recent last. */
  private readonly values = new Map<string, true>();
  /** Values with a letter or a sign; values of digits only (redacted only where not a measure or a count). */
  private readonly words = new ValueSet();
  private readonly numbers = new ValueSet(notMeasureNorCount);

  add(value: string): void {
    const trimmed = value.trim();
    if (trimmed.length < MIN_VALUE_LENGTH) return;
    const forms = new Set([trimmed, encodeURIComponent(trimmed), trimmed.replace(/ /g, '+')]);
    const digits = trimmed.replace(/\D/g, '');
    if (digits.length >= 7 && /^[\d\s().+-]+$/.test(trimmed)) forms.add(digits);
    for (const form of forms) {
      const folded = form.toLowerCase();
      this.values.delete(folded);
      this.values.set(folded, true);
      this.classOf(folded).add(folded);
    }
    while (this.values.size > PERSONAL_VALUES_KEPT) {
      const oldest = this.values.keys().next().value;
      if (oldest === undefined) break;
      this.values.delete(oldest);
      this.classOf(oldest).delete(oldest);
    }
  }

  scrub(text: string): string {
    // Whole words only: a search typed letter by letter ("ser") must not eat "service" in later lines.
    return scrubPatterns(this.numbers.scrub(this.words.scrub(text)));
  }

  private classOf(folded: string): ValueSet {
    return /^\d+$/.test(folded) ? this.numbers : this.words;
  }
}

/** Request fields of the contract that carry personal data (names, contact, address, IDs, search and note texts). */
const PERSONAL_KEYS = new Set([
  'first_Name',
  'last_Name',
  'middle_Name',
  'employee_ID',
  'email',
  'phone',
  'address1',
  'address2',
  'city',
  'zip',
  'query',
  'searchstring',
  'note',
]);

/** Fields personal only inside another: a reprint reason's free text (`reason.text` of printBadge). */
const PERSONAL_KEYS_UNDER: Readonly<Record<string, ReadonlySet<string>>> = { reason: new Set(['text']) };

/** The personal values in a request payload, at any depth. */
export function personalValuesOf(payload: unknown, depth = 0, parent = ''): string[] {
  if (depth > 5 || payload === null || typeof payload !== 'object' || payload instanceof Uint8Array) return [];
  const found: string[] = [];
  const under = Object.hasOwn(PERSONAL_KEYS_UNDER, parent) ? PERSONAL_KEYS_UNDER[parent] : undefined;
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === 'string' && (PERSONAL_KEYS.has(key) || under?.has(key) === true)) {
      found.push(value);
      // The words of a search text or a name too ("Marie Dupont" → "Marie", "Dupont").
      for (const word of value.split(/\s+/)) if (word !== value) found.push(word);
    } else if (typeof value === 'object') found.push(...personalValuesOf(value, depth + 1, key));
  }
  return found;
}

export { scrubPatterns };
