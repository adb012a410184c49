// HTTP validators of GET /api/CardHolders and the conditional requests they answer: a strong ETag
// made of a per-start instance id, the directory revision and (for a test answer) the answer's
// generation — computed without serializing anything —, Last-Modified (the last change, to the
// second), If-None-Match (weak comparison, lists, *) and If-Modified-Since (only without
// If-None-Match) deciding 304. No routing and no body building here.

import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { CardholderDirectory } from './cardholders';
import type { ListAnswerControl } from './list-answer';

/** The validators of the list as it would be answered now. */
export interface ListVersion {
  etag: string;
  /** Last change, whole seconds (ms, a multiple of 1000). */
  lastModifiedMs: number;
  /** Grows on every change of the directory or of the test answer. */
  sequence: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SHORT_DAYS = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const LONG_DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const MONTH_PATTERN = MONTHS.join('|');
const IMF_FIXDATE = new RegExp(`^(?:${SHORT_DAYS}), (\\d{2}) (${MONTH_PATTERN}) (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
const RFC850_DATE = new RegExp(`^(?:${LONG_DAYS}), (\\d{2})-(${MONTH_PATTERN})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
const ASCTIME_DATE = new RegExp(`^(?:${SHORT_DAYS}) (${MONTH_PATTERN}) ([ \\d]\\d) (\\d{2}):(\\d{2}):(\\d{2}) (\\d{4})$`);

function utcMs(year: number, month: string, day: string, hours: string, minutes: string, seconds: string): number | undefined {
  const monthIndex = MONTHS.indexOf(month);
  const values = [Number(day), Number(hours), Number(minutes), Number(seconds)] as const;
  const [d, h, m, s] = values;
  if (d < 1 || d > 31 || h > 23 || m > 59 || s > 60) return undefined;
  const ms = Date.UTC(year, monthIndex, d, h, m, Math.min(s, 59));
  // Date.UTC rolls 31 Feb over into March: refuse dates that do not exist.
  return new Date(ms).getUTCDate() === d ? ms : undefined;
}

/**
 * An HTTP-date (RFC 9110 §5.6.7) in any of its three formats, in ms; undefined when it is not
 * one. A two-digit RFC 850 year more than 50 years ahead is taken in the past century.
 */
export function parseHttpDate(value: string, nowMs = Date.now()): number | undefined {
  const text = value.trim();
  let match = IMF_FIXDATE.exec(text);
  if (match !== null) {
    const [, day = '', month = '', year = '', h = '', m = '', s = ''] = match;
    return utcMs(Number(year), month, day, h, m, s);
  }
  match = RFC850_DATE.exec(text);
  if (match !== null) {
    const [, day = '', month = '', shortYear = '', h = '', m = '', s = ''] = match;
    const currentYear = new Date(nowMs).getUTCFullYear();
    let year = Math.floor(currentYear / 100) * 100 + Number(shortYear);
    if (year > currentYear + 50) year -= 100;
    return utcMs(year, month, day, h, m, s);
  }
  match = ASCTIME_DATE.exec(text);
  if (match !== null) {
    const [, month = '', day = '', h = '', m = '', s = '', year = ''] = match;
    return utcMs(Number(year), month, day.trim().padStart(2, '0'), h, m, s);
  }
  return undefined;
}

/** The entity tags of an If-None-Match value, without W/ (weak comparison); '*' alone for "any". */
export function parseEntityTags(value: string): string[] | '*' {
  if (value.trim() === '*') return '*';
  const tags: string[] = [];
  for (const match of value.matchAll(/(?:W\/)?"([^"]*)"/g)) tags.push(match[1] ?? '');
  return tags;
}

/** "abc" from "\"abc\"" or "W/\"abc\"". */
function opaqueTag(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"|"$/g, '');
}

export class ListValidators {
  /** Random per start: an ETag never repeats for different content, but changes after a restart. */
  private readonly instance = randomBytes(8).toString('hex');
  /**
   * The earliest list version whose Last-Modified was handed out while its second was still
   * running. A later change in that same second leaves that copy with the same Last-Modified as
   * the new list, so dates alone can no longer tell them apart (see notModified).
   */
  private openSecond: { second: number; sequence: number } | undefined;

  constructor(
    private readonly directory: CardholderDirectory,
    private readonly answer: ListAnswerControl,
  ) {}

  current(): ListVersion {
    const base = `${this.instance}-${this.directory.revision}`;
    const lastChange = Math.max(this.directory.lastChangedMs, this.answer.changedMs);
    return {
      etag: this.answer.isNormal ? `"${base}"` : `"${base}-${this.answer.generation}"`,
      lastModifiedMs: Math.floor(lastChange / 1000) * 1000,
      sequence: this.directory.revision + this.answer.generation,
    };
  }

  /** ETag, Last-Modified and Cache-Control; notes that this Last-Modified was handed out now. */
  headers(version: ListVersion, nowMs = Date.now()): Record<string, string> {
    const second = Math.floor(nowMs / 1000) * 1000;
    if (second === version.lastModifiedMs) {
      if (this.openSecond?.second !== second) this.openSecond = { second, sequence: version.sequence };
      else this.openSecond.sequence = Math.min(this.openSecond.sequence, version.sequence);
    }
    return {
      etag: version.etag,
      'last-modified': new Date(version.lastModifiedMs).toUTCString(),
      'cache-control': 'private, no-cache',
    };
  }

  /**
   * RFC 9110 §13.2.2 for GET/HEAD: If-None-Match decides when present (weak comparison, * matches);
   * otherwise If-Modified-Since, when it is a valid HTTP-date not in the future, and the
   * Last-Modified is not ambiguous (two versions of the list handed out with the same second).
   */
  notModified(headers: IncomingHttpHeaders, version: ListVersion, nowMs = Date.now()): boolean {
    const ifNoneMatch = headers['if-none-match'];
    if (ifNoneMatch !== undefined) {
      const tags = parseEntityTags(ifNoneMatch);
      if (tags === '*') return true;
      const mine = opaqueTag(version.etag);
      return tags.includes(mine);
    }
    const ifModifiedSince = headers['if-modified-since'];
    if (ifModifiedSince === undefined) return false;
    const since = parseHttpDate(ifModifiedSince, nowMs);
    if (since === undefined || since > nowMs) return false;
    const ambiguous = this.openSecond?.second === version.lastModifiedMs && this.openSecond.sequence < version.sequence;
    return !ambiguous && version.lastModifiedMs <= since;
  }
}
