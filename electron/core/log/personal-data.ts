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

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Units after a number that make it a measure, not a personal value ("1500 ms", "30 s", "12 %"). */
const UNITS = 'ms|s|sec|secs|seconds?|min|mins|minutes?|h|hours?|days?|bytes?|B|KiB|MiB|GiB|kB|KB|MB|GB|%|px|fps|events?|attempts?|tries|times|retries|cardholders?|records?|rows?|lines?|items?|entries|requests?|answers?';
/** Words before a number that make it a count or a code ("attempt 2", "of 3", "port 9222", "status 404"). */
const COUNT_WORDS = ['attempt', 'of', 'port', 'status', 'HTTP', 'code'];
const NOT_A_MEASURE = `(?!\\s?(?:${UNITS})(?![\\p{L}\\p{N}]))`;
const NOT_A_COUNT = COUNT_WORDS.map((word) => `(?<!(?<![\\p{L}])${word}\\s)`).join('');

/** One expression for whole-word values, longest first. */
function wholeWords(values: Iterable<string>, before = '', after = ''): RegExp | null {
  const list = [...values].sort((a, b) => b.length - a.length).map(escape);
  if (list.length === 0) return null;
  return new RegExp(`${before}(?<![\\p{L}\\p{N}])(?:${list.join('|')})(?![\\p{L}\\p{N}])${after}`, 'giu');
}

/** The registered personal values and the one expression that finds them all. */
export class PersonalValues {
  private readonly values = new Map<string, true>();
  /** Built on demand: [values with a letter or a sign, values of digits only]; null when stale. */
  private patterns: [RegExp | null, RegExp | null] | null = null;

  add(value: string): void {
    const trimmed = value.trim();
    if (trimmed.length < MIN_VALUE_LENGTH) return;
    const forms = new Set([trimmed, encodeURIComponent(trimmed), trimmed.replace(/ /g, '+')]);
    const digits = trimmed.replace(/\D/g, '');
    if (digits.length >= 7 && /^[\d\s().+-]+$/.test(trimmed)) forms.add(digits);
    for (const form of forms) {
      this.values.delete(form);
      this.values.set(form, true);
    }
    while (this.values.size > PERSONAL_VALUES_KEPT) {
      const oldest = this.values.keys().next().value;
      if (oldest === undefined) break;
      this.values.delete(oldest);
    }
    this.patterns = null;
  }

  scrub(text: string): string {
    let out = text;
    if (this.values.size > 0) {
      // Whole words only: a search typed letter by letter ("ser") must not eat "service" in later lines.
      if (this.patterns === null) {
        const keys = [...this.values.keys()];
        const digitsOnly = (value: string): boolean => /^\d+$/.test(value);
        this.patterns = [wholeWords(keys.filter((value) => !digitsOnly(value))), wholeWords(keys.filter(digitsOnly), NOT_A_COUNT, NOT_A_MEASURE)];
      }
      for (const pattern of this.patterns) if (pattern) out = out.replace(pattern, PERSONAL);
    }
    return scrubPatterns(out);
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
