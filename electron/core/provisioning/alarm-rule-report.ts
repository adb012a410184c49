/**
 * What the alarm rules match at this site, for `--admin check`: reads the service's newest events
 * (GET /api/SystemEvents/maxid, then the ranges below it through the feed's RangeReader, whatever
 * the service's range semantics) and counts, with the rules the kiosk would use, how many events
 * each rule matched (and in which categories), and the events no rule matched by category, each
 * with its most frequent text — so a site sees on day one what its rules miss. Reads only; a
 * failure is a typed value with the officer's message, never a stack. Wording is English (the
 * administrator's command line).
 */
import { createAlarmClassifier, type AlarmRule } from '../alarms/alarm-rules';
import type { AccessService, SystemEvent } from '../service/access-service';
import { readRange } from '../feed/range-reader';
import { toKioskError } from '../ipc/failure';
import type { AlarmPriority, KioskError } from '../../contract/ipc';

/** How many of the newest events the check reads by default. */
export const RECENT_EVENTS = 5_000;
/** The check reads at most this many times `wanted` ids below the highest, however sparse the ids. */
const MAX_SPAN_FACTOR = 4;
/** Categories listed at most (the others are counted in one line). */
const MAX_CATEGORIES = 40;
/** An example text is cut to this many characters. */
const EXAMPLE_LENGTH = 70;

export type EventSource = Pick<AccessService, 'getMaxEventId' | 'listEvents'>;

export interface RuleCount {
  id: string;
  priority: AlarmPriority;
  matched: number;
  /** The categories of the events it matched, most first: [name, count]. */
  categories: Array<[string, number]>;
}

export interface UnmatchedCategory {
  /** event_Category_Name as the events carry it ('' when they carry none). */
  category: string;
  /** Events of this category read, and how many no rule matched. */
  total: number;
  unmatched: number;
  /** The text no rule matched that came most often in this category, and how many different ones there were. */
  example: string;
  texts: number;
}

export interface AlarmRuleReport {
  maxEventId: number;
  /** Events read, the lowest and highest id among them, and the oldest and newest `created`. */
  events: number;
  firstId: number | null;
  lastId: number | null;
  oldest: string | null;
  newest: string | null;
  rules: RuleCount[];
  unmatched: number;
  /** Categories with at least one event no rule matched, most unmatched first. */
  categories: UnmatchedCategory[];
}

export type AlarmRuleReportResult = { ok: true; report: AlarmRuleReport } | { ok: false; error: KioskError };

const byCountThenName = <T extends [string, number]>(a: T, b: T): number => b[1] - a[1] || a[0].localeCompare(b[0]);

/** Reads the newest `wanted` events of the service and classifies them with `rules`. */
export async function alarmRuleReport(service: EventSource, rules: readonly AlarmRule[], options: { wanted?: number; chunkSize: number; signal?: AbortSignal }): Promise<AlarmRuleReportResult> {
  const wanted = Math.max(1, Math.floor(options.wanted ?? RECENT_EVENTS));
  const events = new Map<number, SystemEvent>();
  let maxEventId: number;
  try {
    maxEventId = await service.getMaxEventId({ ...(options.signal ? { signal: options.signal } : {}) });
    // The newest `wanted` ids; where ids are sparse, further ranges below, up to MAX_SPAN_FACTOR × wanted ids in all.
    let hi = maxEventId;
    const floor = Math.max(0, maxEventId - wanted * MAX_SPAN_FACTOR);
    while (events.size < wanted && hi > floor) {
      const lo = Math.max(floor, hi - (wanted - events.size));
      await readRange(service, lo, hi, {
        chunkSize: options.chunkSize,
        ...(options.signal ? { signal: options.signal } : {}),
        deliver: (run) => {
          for (const event of run) events.set(event.record_ID, event);
        },
      });
      hi = lo;
    }
  } catch (thrown) {
    return { ok: false, error: toKioskError(thrown) };
  }
  // The newest `wanted` of what was read (a range may bring a few more).
  const read = [...events.values()].sort((a, b) => b.record_ID - a.record_ID).slice(0, wanted);
  return { ok: true, report: classifyAll(maxEventId, read, rules) };
}

function classifyAll(maxEventId: number, events: readonly SystemEvent[], rules: readonly AlarmRule[]): AlarmRuleReport {
  const classifier = createAlarmClassifier(rules);
  const perRule = new Map<string, Map<string, number>>(rules.map((rule) => [rule.id, new Map()]));
  const perCategory = new Map<string, { total: number; unmatched: number; texts: Map<string, number> }>();
  const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  let unmatched = 0;
  let oldest: number | null = null;
  let newest: number | null = null;
  for (const event of events) {
    const category = String(event.event_Category_Name ?? '').trim();
    const entry = perCategory.get(category) ?? { total: 0, unmatched: 0, texts: new Map<string, number>() };
    perCategory.set(category, entry);
    entry.total++;
    const found = classifier.classify(event);
    if (found) {
      const counts = perRule.get(found.rule);
      if (counts) bump(counts, category);
    } else {
      unmatched++;
      entry.unmatched++;
      bump(entry.texts, String(event.custom_Text ?? '').trim());
    }
    const created = Date.parse(String(event.created ?? ''));
    if (Number.isFinite(created)) {
      oldest = oldest === null ? created : Math.min(oldest, created);
      newest = newest === null ? created : Math.max(newest, created);
    }
  }
  const ids = events.map((event) => event.record_ID);
  return {
    maxEventId,
    events: events.length,
    firstId: ids.length > 0 ? Math.min(...ids) : null,
    lastId: ids.length > 0 ? Math.max(...ids) : null,
    oldest: oldest === null ? null : new Date(oldest).toISOString(),
    newest: newest === null ? null : new Date(newest).toISOString(),
    rules: rules.map((rule) => {
      const categories = [...(perRule.get(rule.id) ?? new Map<string, number>()).entries()].sort(byCountThenName);
      return { id: rule.id, priority: rule.priority, matched: categories.reduce((sum, [, n]) => sum + n, 0), categories };
    }),
    unmatched,
    categories: [...perCategory.entries()]
      .filter(([, entry]) => entry.unmatched > 0)
      .map(([category, entry]) => {
        const [example = ''] = [...entry.texts.entries()].sort(byCountThenName)[0] ?? [];
        return { category, total: entry.total, unmatched: entry.unmatched, example, texts: entry.texts.size };
      })
      .sort((a, b) => b.unmatched - a.unmatched || a.category.localeCompare(b.category)),
  };
}

// ───────────────────────── the administrator's lines ─────────────────────────

const count = (n: number): string => n.toLocaleString('en-GB');
const plural = (n: number, one: string, many = `${one}s`): string => `${count(n)} ${n === 1 ? one : many}`;
const minute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
/** A service's words, on one line and quoted: control characters become spaces, long texts are cut. */
const quoted = (text: string): string => {
  const clean = text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').trim();
  return clean === '' ? '(no text)' : `"${clean.length > EXAMPLE_LENGTH ? `${clean.slice(0, EXAMPLE_LENGTH - 1)}…` : clean}"`;
};
const categoryName = (name: string): string => (name === '' ? '(no category)' : quoted(name));
/** "all 12 events" when no rule matched any event of the category, "3 of 40 events" when some. */
const amount = (entry: UnmatchedCategory): string =>
  entry.unmatched < entry.total ? `${count(entry.unmatched)} of ${plural(entry.total, 'event')}` : entry.total === 1 ? '1 event' : `all ${count(entry.total)} events`;

/** The report as the check prints it: a headline for its row, then indented lines. */
export function alarmRuleReportLines(report: AlarmRuleReport): { headline: string; lines: string[] } {
  if (report.events === 0) {
    return { headline: `not checked against events: the service has none yet (highest event id ${report.maxEventId})`, lines: [] };
  }
  const span = report.oldest && report.newest ? `, ${minute(report.oldest)} to ${minute(report.newest)} UTC` : '';
  const headline = `the newest ${plural(report.events, 'event')} of the service (ids ${count(report.firstId ?? 0)} to ${count(report.lastId ?? 0)}${span})`;
  const lines: string[] = [];
  const idWidth = Math.max(...report.rules.map((r) => r.id.length), 10);
  const numberWidth = Math.max(...report.rules.map((r) => count(r.matched).length), count(report.unmatched).length);
  for (const rule of report.rules) {
    const where =
      rule.matched === 0
        ? 'none in these events (if the site has such events, compare the rule\'s words with the categories and texts below)'
        : rule.categories.length === 1
          ? `in ${categoryName(rule.categories[0]?.[0] ?? '')}`
          : `in ${rule.categories
              .slice(0, 3)
              .map(([category, n]) => `${categoryName(category)} (${count(n)})`)
              .join(', ')}${rule.categories.length > 3 ? ` and ${plural(rule.categories.length - 3, 'other category', 'other categories')}` : ''}`;
    lines.push(`  ${rule.id.padEnd(idWidth)}  ${rule.priority.padEnd(8)}  ${count(rule.matched).padStart(numberWidth)} ${rule.matched === 1 ? 'event ' : 'events'}  ${where}`);
  }
  lines.push(`  ${'no rule'.padEnd(idWidth)}  ${''.padEnd(8)}  ${count(report.unmatched).padStart(numberWidth)} ${report.unmatched === 1 ? 'event ' : 'events'}  not alarms`);
  if (report.categories.length === 0) {
    lines.push('  Every event read matched a rule.');
    return { headline, lines };
  }
  lines.push('', 'Events no rule matches, by category (the kiosk shows them as ordinary rows: check that none should be an alarm):');
  const shown = report.categories.slice(0, MAX_CATEGORIES);
  const nameWidth = Math.min(40, Math.max(...shown.map((c) => categoryName(c.category).length)));
  const amountWidth = Math.max(...shown.map((c) => amount(c).length));
  for (const entry of shown) {
    const others = entry.texts > 1 ? ` (${plural(entry.texts, 'different text')})` : '';
    lines.push(`  ${categoryName(entry.category).padEnd(nameWidth)}  ${amount(entry).padEnd(amountWidth)}  e.g. ${quoted(entry.example)}${others}`);
  }
  const rest = report.categories.slice(MAX_CATEGORIES);
  if (rest.length > 0) lines.push(`  … and ${plural(rest.length, 'other category', 'other categories')} (${plural(rest.reduce((sum, c) => sum + c.unmatched, 0), 'event')})`);
  return { headline, lines };
}
