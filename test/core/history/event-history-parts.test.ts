// EventHistory against a service that cuts its answers like the simulator (the highest ids that
// match, at most its limit): a cut search says so, its next parts bring the older events, none
// twice and none lost (events sharing the boundary's time included), only the queries that were
// cut are asked again, a part that fails can be asked again, the kiosk's own bound, the alarm flag
// where an alarm answer was cut, and the CSV of a cut result saying so in its first line.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventSearchResult, SystemEvent } from '../../../electron/contract/ipc';
import { EventCodeSearchRequest, EventSearchRequest, historyOperations, KIOSK_LOCALES } from '../../../electron/contract/ipc';
import type { EventCodeSearch, EventSearch } from '../../../electron/core/service/access-service';
import { createAlarmClassifier, DEFAULT_ALARM_RULES } from '../../../electron/core/alarms/alarm-rules';
import { csvTimes } from '../../../electron/core/history/csv';
import { cutNote, EventHistory } from '../../../electron/core/history/event-history';
import { wordsIn } from '../../../electron/core/language/words';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { FakeEventService, PushRecorder } from '../support/event-fakes';
import { systemEvent } from '../../support/events';
import { ShownLanguage } from '../../../electron/core/language/shown-language';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-parts-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const classifier = createAlarmClassifier(DEFAULT_ALARM_RULES);
const classify = (event: SystemEvent) => ({ ...event, alarm: classifier.classify(event) });
const T0 = Date.UTC(2026, 1, 1, 12, 0, 0);
const iso = (ms: number): string => new Date(ms).toISOString();
const window = { from: iso(T0 - 3_600_000), to: iso(T0 + 3_600_000) };

interface Stored {
  event: SystemEvent;
  alarm: boolean;
  device: number;
}

/** The simulator's search: inclusive times, the alarm flag and devices as filters, the `cap` highest ids. */
function cappedService(stored: Stored[], cap: number): FakeEventService {
  const service = new FakeEventService();
  service.answerSearch = (_op, body: EventSearch | EventCodeSearch) => {
    const from = Date.parse(body.from);
    const to = Date.parse(body.to);
    const devices = 'DeviceIds' in body ? body.DeviceIds : (body as EventCodeSearch).deviceIds;
    const text = 'searchstring' in body ? body.searchstring : undefined;
    return stored
      .filter(({ event, alarm, device }) => {
        const time = Date.parse(event.created);
        return (
          time >= from &&
          time <= to &&
          (body.isAlarm === undefined || body.isAlarm === alarm) &&
          (!devices || devices.includes(device)) &&
          (!text || String(event.device_Name).includes(text))
        );
      })
      .map(({ event }) => event)
      .sort((a, b) => b.record_ID - a.record_ID)
      .slice(0, cap);
  };
  return service;
}

/** Events 1…n, event i at T0 + i seconds unless `times` says otherwise; alarms for the service in `alarms`. */
function events(n: number, options: { times?: Record<number, number>; alarms?: number[]; device?: (id: number) => number } = {}): Stored[] {
  return Array.from({ length: n }, (_, index) => {
    const id = index + 1;
    const time = options.times?.[id] ?? T0 + id * 1000;
    return {
      event: systemEvent(id, { created: iso(time), device_Name: `Door ${options.device?.(id) ?? 1}`, custom_Text: 'Access granted' }),
      alarm: options.alarms?.includes(id) ?? false,
      device: options.device?.(id) ?? 1,
    };
  });
}

// The page's language as main knows it (showLanguage): the cut CSV's first line is worded in it (main's words now; the renderer sent them before).
const shown = new ShownLanguage('en');

function setup(service: FakeEventService, options: { serviceAnswerLimit?: number; maxResultEvents?: number } = {}) {
  const log = memorySink();
  shown.show('en');
  const history = new EventHistory({
    service,
    classify,
    push: new PushRecorder(),
    log: createLogger(log.sink),
    defaultTenants: [],
    pickSaveFile: async () => path.join(dir, 'out.csv'),
    words: () => shown.documentWords(),
    now: () => new Date(2026, 2, 4, 9, 7),
    ...options,
  });
  return { history, log };
}

const ids = (result: EventSearchResult): number[] => result.events.map((e) => e.record_ID);
const mainBodies = (service: FakeEventService): Array<EventSearch | EventCodeSearch> =>
  service.searches.map((s) => s.body as EventSearch | EventCodeSearch).filter((body) => body.isAlarm === undefined);

describe('a search cut at the service\'s limit', () => {
  it('says so, and its next parts bring the older events below: none twice, none lost, ties at the boundary included', async () => {
    // Events 9 and 10 share the first boundary's instant, 4, 5 and 6 a later one.
    const times = { 10: T0 + 9000, 4: T0 + 5000, 6: T0 + 5000 };
    const service = cappedService(events(13, { times, alarms: [3, 12] }), 5);
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const request = EventSearchRequest.parse(window);

    const first = await history.search(request);
    expect(ids(first)).toEqual([13, 12, 11, 10, 9]);
    expect(first).toMatchObject({ part: 1, total: 5, cut: { by: 'service', limit: 5, upTo: iso(T0 + 9000), canReadNext: true } });

    const seen = [...ids(first)];
    const parts: EventSearchResult[] = [];
    for (let part = 2; part < 10; part++) {
      const next = await history.search({ ...request, nextPartOf: first.resultId });
      parts.push(next);
      expect(next.resultId).toBe(first.resultId);
      expect(next.part).toBe(part);
      seen.push(...ids(next));
      expect(next.total).toBe(seen.length);
      if (!next.cut) break;
    }
    expect(parts.map(ids)).toEqual([[8, 7, 6], [5, 4, 3, 2], [1]]);
    // Each part ends one millisecond after where the last stopped (its ends are inclusive).
    expect(mainBodies(service).map((body) => body.to)).toEqual([window.to, iso(T0 + 9001), iso(T0 + 5001), iso(T0 + 2001)]);
    expect(mainBodies(service).every((body) => body.from === window.from)).toBe(true);
    expect(new Set(seen).size).toBe(13);
    expect(history.result(first.resultId)?.map((e) => e.record_ID)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(history.resultCut(first.resultId)).toBeUndefined();
    // The alarm answers were whole: every flag is known.
    expect(history.result(first.resultId)?.filter((e) => e.serviceAlarm).map((e) => e.record_ID)).toEqual([12, 3]);
    expect(history.result(first.resultId)?.every((e) => e.serviceAlarm !== null)).toBe(true);

    // Read whole: a next part asks the service nothing and adds nothing.
    const asked = service.searches.length;
    const after = await history.search({ ...request, nextPartOf: first.resultId });
    expect(after).toEqual({ resultId: first.resultId, events: [], part: 4, total: 13 });
    expect(service.searches).toHaveLength(asked);
  });

  it('takes 10,000 events (the simulator\'s limit) as cut, and 9,999 as whole', async () => {
    const many = events(10_500, { times: {} });
    for (const [index, stored] of many.entries()) stored.event.created = iso(T0 - 3_000_000 + index * 100);
    const service = cappedService(many, 10_000);
    const { history } = setup(service);
    const request = EventSearchRequest.parse(window);
    const first = await history.search(request);
    expect(first.events).toHaveLength(10_000);
    expect(first.cut).toMatchObject({ by: 'service', limit: 10_000, upTo: many[500]!.event.created, canReadNext: true });
    const next = await history.search({ ...request, nextPartOf: first.resultId });
    expect(next.events).toHaveLength(500);
    expect(next.cut).toBeUndefined();
    expect(new Set(history.result(first.resultId)?.map((e) => e.record_ID)).size).toBe(10_500);

    const whole = await setup(cappedService(many.slice(0, 9_999), 10_000)).history.search(request);
    expect(whole.events).toHaveLength(9_999);
    expect(whole.cut).toBeUndefined();
  });

  it('learns that the service answers more than it was taken to, and judges later answers by that', async () => {
    const service = cappedService(events(7), 100);
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const first = await history.search(EventSearchRequest.parse(window));
    // 7 is more than the 5 it was taken to cut at: the most it has been seen to send, so maybe cut.
    expect(first.cut).toMatchObject({ by: 'service', limit: 7 });
    const second = await history.search(EventSearchRequest.parse({ ...window, to: iso(T0 + 6000) }));
    expect(second.events).toHaveLength(6);
    expect(second.cut).toBeUndefined();
  });

  it('says when reading further brings nothing new: more events than the limit at one instant', async () => {
    const sameInstant = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [i + 1, T0]));
    const service = cappedService(events(7, { times: sameInstant }), 5);
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const request = EventSearchRequest.parse(window);
    const first = await history.search(request);
    expect(first.cut).toMatchObject({ canReadNext: true, upTo: iso(T0) });
    const next = await history.search({ ...request, nextPartOf: first.resultId });
    expect(next.events).toEqual([]);
    expect(next.cut).toEqual({ by: 'service', limit: 5, upTo: iso(T0), canReadNext: false });
    const asked = service.searches.length;
    expect(await history.search({ ...request, nextPartOf: first.resultId })).toMatchObject({ events: [], part: 2, cut: { canReadNext: false } });
    expect(service.searches).toHaveLength(asked);
  });

  it('keeps at most what the kiosk keeps of one search, the most recent, and says up to when events were left out', async () => {
    const service = cappedService(events(12), 5);
    const { history } = setup(service, { serviceAnswerLimit: 5, maxResultEvents: 7 });
    const request = EventSearchRequest.parse(window);
    const first = await history.search(request);
    const next = await history.search({ ...request, nextPartOf: first.resultId });
    // The part brought 7, 6, 5 and 4; two fit.
    expect(ids(next)).toEqual([7, 6]);
    expect(next).toMatchObject({ total: 7, cut: { by: 'kiosk', limit: 7, upTo: iso(T0 + 5000), canReadNext: false } });
  });

  it('asks again only the queries that were cut (a numbered device and one by name)', async () => {
    const stored = events(12, { device: (id) => (id <= 10 ? 201 : 7) });
    for (const s of stored) if (s.device === 7) s.event.device_Name = 'Gate 7';
    const service = cappedService(stored, 5);
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const request = EventSearchRequest.parse({ ...window, deviceIds: [201], deviceNames: ['Gate 7'] });
    const first = await history.search(request);
    expect(ids(first)).toEqual([12, 11, 10, 9, 8, 7, 6]);
    expect(first.cut).toMatchObject({ canReadNext: true, upTo: iso(T0 + 6000) });
    const before = service.searches.length;
    const next = await history.search({ ...request, nextPartOf: first.resultId });
    expect(ids(next)).toEqual([5, 4, 3, 2]);
    const asked = service.searches.slice(before).map((s) => s.body as EventSearch).filter((body) => body.isAlarm === undefined);
    expect(asked).toEqual([{ from: window.from, to: iso(T0 + 6001), DeviceIds: [201] }]);
  });

  it('reads by codes too', async () => {
    const service = cappedService(events(8), 5);
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const request = EventCodeSearchRequest.parse({ ...window, tenants: [1], eventCategoryIDs: [3] });
    const first = await history.searchByCodes(request);
    const next = await history.searchByCodes({ ...request, nextPartOf: first.resultId });
    expect([...ids(first), ...ids(next)]).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(service.searches.at(-2)).toEqual({ op: 'searchbycodes', body: { from: window.from, to: iso(T0 + 4001), tenants: [1], eventCategoryIDs: [3] } });
  });

  it('a part that fails leaves the result where it was: asked again, it brings the same events', async () => {
    const service = cappedService(events(8), 5);
    const answer = service.answerSearch!;
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const request = EventSearchRequest.parse(window);
    const first = await history.search(request);
    let fail = true;
    service.answerSearch = (op, body) => {
      if (fail && body.isAlarm) {
        fail = false;
        throw new Error('service gone');
      }
      return answer(op, body);
    };
    // The alarm flag failing costs the flag only; the service failing costs the part.
    const flagless = await history.search({ ...request, nextPartOf: first.resultId });
    expect(flagless.events.every((e) => e.serviceAlarm === null)).toBe(true);

    const again = cappedService(events(8), 5);
    const second = setup(again, { serviceAnswerLimit: 5 }).history;
    const result = await second.search(request);
    const good = again.answerSearch!;
    again.answerSearch = () => {
      throw new Error('service gone');
    };
    await expect(second.search({ ...request, nextPartOf: result.resultId })).rejects.toThrow('service gone');
    again.answerSearch = good;
    const retried = await second.search({ ...request, nextPartOf: result.resultId });
    expect(ids(retried)).toEqual([3, 2, 1]);
    expect(retried).toMatchObject({ part: 2, total: 8 });
  });

  it('refuses the next part of another search, and of a result it no longer keeps', async () => {
    const service = cappedService(events(8), 5);
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const request = EventSearchRequest.parse(window);
    const first = await history.search(request);
    await expect(history.search({ ...request, searchstring: 'door', nextPartOf: first.resultId })).rejects.toMatchObject({ error: { code: 'invalid_request' } });
    await expect(history.searchByCodes(EventCodeSearchRequest.parse({ ...window, tenants: [], nextPartOf: first.resultId }))).rejects.toMatchObject({ error: { code: 'invalid_request' } });
    await expect(history.search({ ...request, nextPartOf: 'gone' })).rejects.toMatchObject({ error: { code: 'not_found', key: 'errors.searchResultGone' } });
    // The same search with its fields in another order is the same search.
    const reordered = EventSearchRequest.parse({ nextPartOf: first.resultId, to: window.to, from: window.from });
    expect(ids(await history.search(reordered))).toEqual([3, 2, 1]);
  });

  it('reads two next parts asked at once one after the other', async () => {
    const service = cappedService(events(13), 5);
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const request = EventSearchRequest.parse(window);
    const first = await history.search(request);
    const [a, b] = await Promise.all([history.search({ ...request, nextPartOf: first.resultId }), history.search({ ...request, nextPartOf: first.resultId })]);
    expect([...ids(a), ...ids(b)]).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('leaves the service\'s flag unknown where a cut alarm answer may have left an event out', async () => {
    // Event 6 shares its instant with the alarm 5, where the alarm answer stopped.
    const service = cappedService(events(10, { times: { 5: T0 + 6000 }, alarms: [10, 9, 8, 7, 5, 4] }), 5);
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const first = await history.search(EventSearchRequest.parse(window));
    const flags = Object.fromEntries(first.events.map((e) => [e.record_ID, e.serviceAlarm]));
    expect(flags).toEqual({ 10: true, 9: true, 8: true, 7: true, 6: null });
  });
});

describe('the CSV of a cut result', () => {
  it('holds what was read and says so in its first line, in the language shown; whole once every part is read', async () => {
    const service = cappedService(events(8), 5);
    const { history } = setup(service, { serviceAnswerLimit: 5 });
    const request = EventSearchRequest.parse(window);
    const first = await history.search(request);
    const saved = await history.exportCsv({ resultId: first.resultId });
    expect(saved).toMatchObject({ saved: true, rows: 5 });
    const local = csvTimes(iso(T0 + 4000))[0];
    let lines = (await readFile(path.join(dir, 'out.csv'), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(`"# Incomplete: the service answered with its limit of 5 events; events of this search up to ${local} may be missing from this file."`);
    expect(lines[1]).toMatch(/^record_ID,created,/);
    expect(lines.slice(2).filter(Boolean)).toHaveLength(5);

    shown.show('de');
    await history.exportCsv({ resultId: first.resultId });
    lines = (await readFile(path.join(dir, 'out.csv'), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(`"# Unvollständig: Der Dienst hat mit seiner Höchstzahl von 5 Ereignissen geantwortet; Ereignisse dieser Suche bis ${local} fehlen vielleicht in dieser Datei."`);

    // Back in English (the German headings are checked in event-history.test.ts): the whole result's first line is the heading.
    shown.show('en');
    await history.search({ ...request, nextPartOf: first.resultId });
    expect(await history.exportCsv({ resultId: first.resultId })).toMatchObject({ rows: 8 });
    lines = (await readFile(path.join(dir, 'out.csv'), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^record_ID,created,/);
    expect(lines.slice(1).filter(Boolean).map((line) => Number(line.split(',')[0]))).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('words the kiosk\'s own bound', async () => {
    const service = cappedService(events(12), 5);
    const { history } = setup(service, { serviceAnswerLimit: 5, maxResultEvents: 7 });
    const request = EventSearchRequest.parse(window);
    const first = await history.search(request);
    await history.search({ ...request, nextPartOf: first.resultId });
    await history.exportCsv({ resultId: first.resultId });
    const text = (await readFile(path.join(dir, 'out.csv'), 'utf8')).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(`"# Incomplete: the kiosk keeps at most 7 events of one search; events of this search up to ${csvTimes(iso(T0 + 5000))[0]} may be missing from this file."`);
  });

  it('words the cut line in every language (the long pseudo-locale too), the limit and the time filled in', () => {
    // Moved from test/renderer/history/history-cut.test.ts (the renderer's cut words within the contract's bounds).
    const cut = { by: 'service' as const, limit: 10_000, upTo: iso(T0 + 4000), canReadNext: true };
    const local = csvTimes(cut.upTo)[0];
    for (const locale of KIOSK_LOCALES) {
      const [line = ''] = cutNote(cut, wordsIn(locale));
      expect(line, locale).toMatch(/^# /);
      expect(line, locale).toContain('10000');
      expect(line, locale).toContain(local);
      expect(line, locale).not.toMatch(/[{}]/);
    }
  });

  it('refuses cut words (main words the line itself now), and an empty result id for a next part', () => {
    // Cut words without their placeholders were refused; the request takes no words at all now.
    const exportRequest = historyOperations.exportSearchCsv.request;
    expect(exportRequest.safeParse({ resultId: 'r' }).success).toBe(true);
    expect(exportRequest.safeParse({ resultId: 'r', cutWords: { service: 'Incomplete.', kiosk: 'Incomplete.' } }).success).toBe(false);
    expect(EventSearchRequest.safeParse({ ...window, nextPartOf: '' }).success).toBe(false);
  });
});
