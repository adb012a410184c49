// EventHistory: search requests mapped onto the service's bodies, CSV cells and the CSV export
// (in English as before, and in the words of a German screen: main's words now, in the language
// the page reported, core/language/words.ts; the renderer sent them with the export before).
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { DeskActivity, FeedEvent, SystemEvent } from '../../../electron/contract/ipc';
import { EventCodeSearchRequest, EventSearchRequest, historyOperations } from '../../../electron/contract/ipc';
import { createAlarmClassifier, DEFAULT_ALARM_RULES } from '../../../electron/core/alarms/alarm-rules';
import { csvCell, csvLine } from '../../../electron/core/history/csv';
import { EventHistory, toServiceCodeSearch, toServiceSearch } from '../../../electron/core/history/event-history';
import { createLogger, silentSink } from '../../../electron/core/log/logger';
import { FakeEventService, PushRecorder } from '../support/event-fakes';
import { systemEvent } from '../../support/events';
import { ShownLanguage } from '../../../electron/core/language/shown-language';
import { wordsIn } from '../../../electron/core/language/words';
import { KIOSK_LOCALES } from '../../../electron/contract/ipc';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-export-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const classifier = createAlarmClassifier(DEFAULT_ALARM_RULES);
const classify = (event: SystemEvent) => ({ ...event, alarm: classifier.classify(event) });

function event(id: number, fields: Partial<SystemEvent> = {}): SystemEvent {
  return systemEvent(id, { created: new Date(Date.UTC(2026, 1, 1, 12, 0, id)).toISOString(), device_Name: `Door ${id}`, custom_Text: `Access granted ${id}`, ...fields });
}

function setup(options: { pick?: string | null; progressEvery?: number; keepResults?: number; shown?: ShownLanguage; activity?: (event: FeedEvent) => DeskActivity[] } = {}) {
  const service = new FakeEventService();
  const push = new PushRecorder();
  const picked: string[] = [];
  const history = new EventHistory({
    service,
    classify,
    push,
    log: createLogger(silentSink),
    defaultTenants: [0, 3],
    pickSaveFile: async (suggested) => {
      picked.push(suggested);
      return options.pick === undefined ? path.join(dir, 'out.csv') : options.pick;
    },
    progressEvery: options.progressEvery ?? 1_000,
    keepResults: options.keepResults ?? 5,
    ...(options.shown ? { words: () => options.shown!.documentWords() } : {}),
    ...(options.activity ? { activity: options.activity } : {}),
    now: () => new Date(2026, 2, 4, 9, 7),
  });
  return { service, push, history, picked };
}

const window = { from: '2026-02-01T00:00:00Z', to: '2026-02-02T00:00:00+01:00' };

describe('search mapping', () => {
  it('sends only the fields the guard chose, with the service names and UTC times', () => {
    const request = EventSearchRequest.parse({ ...window, deviceIds: [4, 4, 9], isAlarm: false, searchstring: '  forced ' });
    expect(toServiceSearch(request, [0, 3])).toEqual({
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-01T23:00:00.000Z',
      tenants: [0, 3],
      searchstring: 'forced',
      DeviceIds: [4, 9],
      isAlarm: false,
    });
    expect(toServiceSearch(EventSearchRequest.parse({ ...window, tenants: [7], deviceType: 2 }), [0])).toEqual({
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-01T23:00:00.000Z',
      tenants: [7],
      DeviceType: 2,
    });
    // Nothing chosen, no default tenants: only the dates.
    expect(toServiceSearch(EventSearchRequest.parse({ ...window, searchstring: '   ', deviceIds: [] }), [])).toEqual({
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-01T23:00:00.000Z',
    });
  });

  it('sends the required fields of searchbycodes plus only the optional ones chosen', () => {
    const request = EventCodeSearchRequest.parse({ ...window, tenants: [], eventCategoryIDs: [5, 6] });
    expect(toServiceCodeSearch(request, [0, 3])).toEqual({
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-01T23:00:00.000Z',
      tenants: [0, 3],
      eventCategoryIDs: [5, 6],
    });
    const full = EventCodeSearchRequest.parse({
      ...window,
      tenants: [1],
      deviceType: 0,
      deviceIds: [2],
      isAlarm: true,
      eventCategoryIDs: [],
      eventTypeIDs: [8],
      subcodeCategoryIDs: [9],
      subcodeIDs: [10],
    });
    expect(toServiceCodeSearch(full, [0])).toEqual({
      from: '2026-02-01T00:00:00.000Z',
      to: '2026-02-01T23:00:00.000Z',
      tenants: [1],
      deviceType: 0,
      deviceIds: [2],
      isAlarm: true,
      eventTypeIDs: [8],
      subcodeCategoryIDs: [9],
      subcodeIDs: [10],
    });
  });

  it('classifies and deduplicates results, newest first, and keeps them under a result id', async () => {
    const { service, history } = setup();
    service.searchAnswer = [event(1), event(3, { custom_Text: 'Door forced open' }), event(2), event(3)];
    const result = await history.search(EventSearchRequest.parse(window));
    expect(service.searches[0]).toEqual({ op: 'search', body: { from: '2026-02-01T00:00:00.000Z', to: '2026-02-01T23:00:00.000Z', tenants: [0, 3] } });
    expect(result.events.map((e) => e.record_ID)).toEqual([3, 2, 1]);
    expect(result.events[0]?.alarm).toEqual({ priority: 'critical', rule: 'door-forced' });
    expect(history.result(result.resultId)).toHaveLength(3);
  });

  it('classifies with the feed\'s rules and learns the service\'s own flag by asking again with isAlarm', async () => {
    const { service, history } = setup();
    const tamper = event(5, { custom_Text: 'TAMPER', event_Category_Name: 'Device Status' });
    const forced = event(6, { custom_Text: 'FORCED OPEN' });
    const flaggedOnly = event(7, { custom_Text: 'Lift fault' });
    service.answerSearch = (_op, body) => (body.isAlarm ? [tamper, flaggedOnly] : [tamper, forced, flaggedOnly, event(8)]);
    const result = await history.search(EventSearchRequest.parse(window));
    expect(service.searches.map((s) => (s.body as { isAlarm?: boolean }).isAlarm)).toEqual([undefined, true]);
    const byId = new Map(result.events.map((e) => [e.record_ID, e]));
    expect(byId.get(5)).toMatchObject({ alarm: { priority: 'high', rule: 'tamper' }, serviceAlarm: true });
    expect(byId.get(6)).toMatchObject({ alarm: { priority: 'critical' }, serviceAlarm: false });
    expect(byId.get(7)).toMatchObject({ alarm: null, serviceAlarm: true });
    expect(byId.get(8)).toMatchObject({ alarm: null, serviceAlarm: false });
  });

  it('takes the flag from the guard\'s isAlarm filter without asking again, and leaves it unknown when asking fails', async () => {
    const { service, history } = setup();
    service.searchAnswer = [event(1)];
    const flagged = await history.search(EventSearchRequest.parse({ ...window, isAlarm: true }));
    expect(service.searches).toHaveLength(1);
    expect(flagged.events[0]?.serviceAlarm).toBe(true);
    let calls = 0;
    service.answerSearch = () => {
      calls += 1;
      if (calls === 2) throw new Error('flag query refused');
      return [event(1)];
    };
    const unknown = await history.search(EventSearchRequest.parse(window));
    expect(unknown.events[0]?.serviceAlarm).toBeNull();
  });

  it('searches a device the catalogue does not number by its name, keeping only that device', async () => {
    const { service, history } = setup();
    service.answerSearch = (_op, body) => {
      const text = (body as { searchstring?: string }).searchstring;
      if (text === 'Gate 7') return [event(1, { device_Name: 'Gate 7' }), event(2, { device_Name: 'Gate 70' }), event(3, { device_Name: 'x', custom_Text: 'seen at Gate 7' })];
      if ((body as { DeviceIds?: number[] }).DeviceIds) return [event(4, { device_Name: 'Main Entrance' })];
      return [];
    };
    const result = await history.search(EventSearchRequest.parse({ ...window, deviceIds: [201], deviceNames: ['Gate 7'] }));
    expect(result.events.map((e) => e.record_ID)).toEqual([4, 1]);
    const bodies = service.searches.slice(0, 2).map((s) => s.body);
    expect(bodies).toEqual([
      { from: '2026-02-01T00:00:00.000Z', to: '2026-02-01T23:00:00.000Z', tenants: [0, 3], DeviceIds: [201] },
      { from: '2026-02-01T00:00:00.000Z', to: '2026-02-01T23:00:00.000Z', tenants: [0, 3], searchstring: 'Gate 7' },
    ]);
  });

  it('keeps the guard\'s text as the text search and filters seen categories on what comes back', async () => {
    const { service, history } = setup();
    service.searchAnswer = [event(1, { event_Category_Name: 'Lift' }), event(2, { event_Category_Name: 'Access' })];
    const result = await history.search(EventSearchRequest.parse({ ...window, searchstring: 'fault', categoryNames: ['lift'] }));
    expect(result.events.map((e) => e.record_ID)).toEqual([1]);
    expect(service.searches[0]?.body).toMatchObject({ searchstring: 'fault' });
    const perCategory = setup();
    perCategory.service.searchAnswer = [];
    await perCategory.history.search(EventSearchRequest.parse({ ...window, categoryNames: ['Lift', 'Fire'] }));
    expect(perCategory.service.searches.map((s) => (s.body as { searchstring?: string }).searchstring)).toEqual(['Lift', 'Fire']);
  });

  it('filters names on the codes search, which has no text search', async () => {
    const { service, history } = setup();
    service.searchAnswer = [event(1, { device_Name: 'Gate 7' }), event(2, { device_Name: 'Gate 8' })];
    const result = await history.searchByCodes(EventCodeSearchRequest.parse({ ...window, tenants: [1], eventCategoryIDs: [3], deviceNames: ['gate 7'] }));
    expect(result.events.map((e) => e.record_ID)).toEqual([1]);
    expect(service.searches[0]).toEqual({ op: 'searchbycodes', body: { from: '2026-02-01T00:00:00.000Z', to: '2026-02-01T23:00:00.000Z', tenants: [1], eventCategoryIDs: [3] } });
  });

  it('accepts a range of one instant, and refuses ids the service cannot hold', () => {
    expect(EventSearchRequest.safeParse({ from: '2026-02-01T10:00:00Z', to: '2026-02-01T10:00:00Z' }).success).toBe(true);
    expect(EventSearchRequest.safeParse({ from: '2026-02-01T10:00:01Z', to: '2026-02-01T10:00:00Z' }).success).toBe(false);
    expect(EventSearchRequest.safeParse({ ...window, tenants: [2_147_483_648] }).success).toBe(false);
    expect(EventSearchRequest.safeParse({ ...window, deviceNames: Array.from({ length: 11 }, (_, i) => `d${i}`) }).success).toBe(false);
  });

  it('keeps only the last few results', async () => {
    const { service, history } = setup({ keepResults: 2 });
    service.searchAnswer = [event(1)];
    const a = await history.search(EventSearchRequest.parse(window));
    const b = await history.searchByCodes(EventCodeSearchRequest.parse({ ...window, tenants: [1] }));
    history.result(a.resultId); // a is now the most recently used
    const c = await history.search(EventSearchRequest.parse(window));
    expect(history.result(a.resultId)).toBeDefined();
    expect(history.result(b.resultId)).toBeUndefined();
    expect(history.result(c.resultId)).toBeDefined();
  });
});

describe('CSV cells', () => {
  it('quotes as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvLine(['x', 1, null])).toBe('x,1,\r\n');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell(-5)).toBe('-5'); // a number is data
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('no formula comes out of a line read back with a comma, a semicolon or a tab as the separator, quotes honoured or not', () => {
    const hostile = ["x;=cmd|' /C calc'!A0;", 'x\t=cmd|calc', 'x,=1+2', 'a\n@SUM(A1)', 'note; +33 1 23', 'x;-cmd', 'Smith; -5 °C; - dash', '"=quoted"', 'plain'];
    const line = csvLine([...hostile, -5, 'end']).replace(/\r\n$/, '');
    const looksLikeFormula = (cell: string): boolean => /^[=+@]|^-[^0-9 .]/.test(cell);
    /** RFC 4180 with another separator (what Excel does with its regional separator). */
    const parse = (text: string, separator: string): string[] => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < text.length; i++) {
        const c = text[i]!;
        if (quoted) {
          if (c === '"' && text[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (c === '"') quoted = false;
          else cell += c;
        } else if (c === '"' && cell === '') quoted = true;
        else if (c === separator) {
          cells.push(cell);
          cell = '';
        } else cell += c;
      }
      cells.push(cell);
      return cells;
    };
    for (const separator of [',', ';', '\t']) {
      const cells = parse(line, separator);
      // Quotes honoured: each cell comes back whole, whatever the separator (none is split).
      // Read with its own separator, every cell comes back whole.
      if (separator === ',') expect(cells).toHaveLength(hostile.length + 2);
      for (const cell of cells) expect(looksLikeFormula(cell), `${JSON.stringify(separator)}: ${cell}`).toBe(false);
      // Quotes not honoured (a naive split at the separator or at a line end): still no formula.
      for (const part of line.split(new RegExp(`[${separator === '\t' ? '\\t' : separator}\n]`))) expect(looksLikeFormula(part.replace(/^"/, '')), `naive ${JSON.stringify(separator)}: ${part}`).toBe(false);
    }
    // Numbers and ordinary text are left as they were.
    expect(csvCell('Smith; -5 °C; - dash')).toBe('"Smith; -5 °C; - dash"');
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('CSV export', () => {
  it('writes a BOM, a header with every field and the alarm, and quoted rows; each time also local (as on screen, with its offset) and in UTC', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Paris';
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    const { service, history, picked } = setup();
    const rows = [event(1, { device_Name: 'Entrée, Bâtiment A', custom_Text: '=cmd|" /C calc"!A0', site: 'Nord' }), event(2, { custom_Text: 'Door forced open' })];
    service.answerSearch = (_op, body) => (body.isAlarm ? rows.slice(1) : rows);
    const { resultId } = await history.search(EventSearchRequest.parse(window));
    const result = await history.exportCsv({ resultId });
    expect(result).toEqual({ saved: true, path: path.join(dir, 'out.csv'), rows: 2 });
    expect(picked).toEqual(['system-events-2026-03-04_09-07-00.csv']);
    const bytes = await readFile(path.join(dir, 'out.csv'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'record_ID,created,created_Local_Time,created_UTC,event_Category_Name,device_Name,custom_Text,origin_Name,additional_Info,cardnumber,facility_Code,site,alarm_Priority,alarm_Rule,service_Alarm_Flag',
    );
    expect(lines[1]).toBe('2,2026-02-01T12:00:02.000Z,2026-02-01 13:00:02 +01:00,2026-02-01 12:00:02 UTC,Access,Door 2,Door forced open,,,,,,critical,door-forced,true');
    expect(lines[2]).toBe(`1,2026-02-01T12:00:01.000Z,2026-02-01 13:00:01 +01:00,2026-02-01 12:00:01 UTC,Access,"Entrée, Bâtiment A","'=cmd|"" /C calc""!A0",,,,,Nord,,,false`);
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('with a shared alarm desk, carries what guards did about each alarm in alarm_Activity (oldest first, who @ desk, the outcome, the note)', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    const entry = (patch: Partial<DeskActivity>): DeskActivity => ({ actionId: 'a', kind: 'claim', operator: 'Ada', desk: 'Desk 1', at: '2026-02-01T12:01:00.000Z', recordedAt: '2026-02-01T12:01:00.000Z', outcome: 'done', note: '', by: null, ...patch });
    const { service, history } = setup({
      activity: (e) =>
        e.record_ID === 2
          ? [entry({}), entry({ kind: 'acknowledge', at: '2026-02-01T12:03:00.000Z', note: 'Patrol sent' }), entry({ kind: 'acknowledge', operator: 'Ben', desk: 'Desk 2', at: '2026-02-01T12:04:00.000Z', outcome: 'alreadyAcknowledged', by: { operator: 'Ada', desk: 'Desk 1', at: '2026-02-01T12:03:00.000Z' } }), entry({ kind: 'note', operator: 'Ben', desk: 'Desk 2', at: '2026-02-01T12:05:00.000Z', outcome: 'waiting', note: 'door shut' })]
          : [],
    });
    service.answerSearch = (_op, body) => (body.isAlarm ? [event(2, { custom_Text: 'Door forced open' })] : [event(1), event(2, { custom_Text: 'Door forced open' })]);
    const { resultId } = await history.search(EventSearchRequest.parse(window));
    await history.exportCsv({ resultId });
    const lines = (await readFile(path.join(dir, 'out.csv'), 'utf8')).slice(1).split('\r\n');
    expect(lines[0]!.endsWith(',alarm_Priority,alarm_Rule,service_Alarm_Flag,alarm_Activity')).toBe(true);
    expect(lines[1]).toContain(
      '"2026-02-01 12:01:00 +00:00 Ada @ Desk 1: claimed; 2026-02-01 12:03:00 +00:00 Ada @ Desk 1: acknowledged — ""Patrol sent""; 2026-02-01 12:04:00 +00:00 Ben @ Desk 2: acknowledged (already acknowledged by Ada @ Desk 1); 2026-02-01 12:05:00 +00:00 Ben @ Desk 2: note (not sent yet) — ""door shut"""',
    );
    // An event that is no alarm has an empty cell.
    expect(lines[2]!.endsWith(',false,')).toBe(true);
  });

  it('writes the headings and the alarm priorities in the language the screen shows (German); names, doors, categories and times unchanged', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    const shown = new ShownLanguage('en');
    const { service, history } = setup({ shown });
    const rows = [event(1, { device_Name: 'Entrée, Bâtiment A', event_Category_Name: 'Zutritt', site: 'Nord' }), event(2, { custom_Text: 'Door forced open' })];
    service.answerSearch = (_op, body) => (body.isAlarm ? rows.slice(1) : rows);
    const { resultId } = await history.search(EventSearchRequest.parse(window));
    shown.show('de');
    await history.exportCsv(historyOperations.exportSearchCsv.request.parse({ resultId }));
    const lines = (await readFile(path.join(dir, 'out.csv'), 'utf8')).slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Ereignis-ID,Zeit (Dienst),Ortszeit,Zeit (UTC),Ereigniskategorie,Gerät,Ereignistext,Herkunft,Zusatzinformation,Kartennummer,Anlagencode,site,Alarmpriorität,Alarmregel,Alarm laut Dienst',
    );
    expect(lines[1]).toBe('2,2026-02-01T12:00:02.000Z,2026-02-01 13:00:02 +01:00,2026-02-01 12:00:02 UTC,Access,Door 2,Door forced open,,,,,,kritisch,door-forced,true');
    expect(lines[2]).toBe('1,2026-02-01T12:00:01.000Z,2026-02-01 13:00:01 +01:00,2026-02-01 12:00:01 UTC,Zutritt,"Entrée, Bâtiment A",Access granted 1,,,,,Nord,,,false');
  });

  it('words the English headings as the columns\' names (as before) and every language\'s in full; the request carries no words', () => {
    // The request carried the headings and was refused a missing or over-long one; main words them
    // now (every language typed against English, test/renderer/i18n/messages.test.ts), and the
    // request refuses words as any field it does not know.
    expect(wordsIn('en').t('documents.historyCsv.record_ID')).toBe('record_ID');
    for (const language of KIOSK_LOCALES) expect(wordsIn(language).t('documents.historyCsv.alarm_Rule').trim(), language).not.toBe('');
    const parse = (request: unknown) => historyOperations.exportSearchCsv.request.safeParse(request).success;
    expect(parse({ resultId: 'r1' })).toBe(true);
    expect(parse({ resultId: 'r1', words: { headings: {}, priorities: {} } })).toBe(false);
    expect(parse({ resultId: 'r1', cutWords: { service: '{limit} {upTo}', kiosk: '{limit} {upTo}' } })).toBe(false);
  });

  it('sorts by the chosen column', async () => {
    const { service, history } = setup();
    service.searchAnswer = [event(1, { device_Name: 'b' }), event(2, { device_Name: 'C' }), event(3, { device_Name: 'a' })];
    const { resultId } = await history.search(EventSearchRequest.parse(window));
    await history.exportCsv({ resultId, sort: { column: 'device_Name', direction: 'asc' } });
    const ids = (await readFile(path.join(dir, 'out.csv'), 'utf8')).split('\r\n').slice(1, 4).map((l) => l.split(',')[0]);
    expect(ids).toEqual(['3', '1', '2']);
    await history.exportCsv({ resultId, sort: { column: 'created', direction: 'asc' } });
    const byTime = (await readFile(path.join(dir, 'out.csv'), 'utf8')).split('\r\n').slice(1, 4).map((l) => l.split(',')[0]);
    expect(byTime).toEqual(['1', '2', '3']);
  });

  it('reports progress for a large result and leaves no temporary file', async () => {
    const { service, history, push } = setup({ progressEvery: 1_000 });
    service.searchAnswer = Array.from({ length: 4_500 }, (_, i) => event(i + 1));
    const { resultId } = await history.search(EventSearchRequest.parse(window));
    const result = await history.exportCsv({ resultId });
    expect(result.rows).toBe(4_500);
    const progress = push.of('taskProgress');
    expect(progress.map((p) => p.done)).toEqual([0, 1_000, 2_000, 3_000, 4_000, 4_500]);
    expect(progress.every((p) => p.total === 4_500 && p.taskId === progress[0]!.taskId)).toBe(true);
    const before = push.of('taskProgress').length;
    await history.exportCsv({ resultId, taskId: 'export-by-renderer-7' });
    const chosen = push.of('taskProgress').slice(before);
    expect(chosen.length).toBeGreaterThan(1);
    expect(chosen.every((p) => p.taskId === 'export-by-renderer-7')).toBe(true);
    expect(progress.map((p) => p.finished)).toEqual([false, false, false, false, false, true]);
    expect(await readdir(dir)).toEqual(['out.csv']);
    const lines = (await readFile(path.join(dir, 'out.csv'), 'utf8')).split('\r\n');
    expect(lines).toHaveLength(4_502);
  });

  it('saves nothing when the guard cancels the dialog', async () => {
    const { service, history, push } = setup({ pick: null });
    service.searchAnswer = [event(1)];
    const { resultId } = await history.search(EventSearchRequest.parse(window));
    expect(await history.exportCsv({ resultId })).toEqual({ saved: false, path: null, rows: 0 });
    expect(await readdir(dir)).toEqual([]);
    expect(push.of('taskProgress')).toEqual([]);
  });

  it('answers not_found with a clear message for an unknown result', async () => {
    const { history, picked } = setup();
    await expect(history.exportCsv({ resultId: 'gone' })).rejects.toMatchObject({
      error: { code: 'not_found', message: expect.stringContaining('run the search again'), key: 'errors.searchResultGone' },
    });
    expect(picked).toEqual([]);
  });

  it('answers a typed failure and ends the progress when the file cannot be written', async () => {
    const { service, history, push } = setup({ pick: path.join(dir, 'missing-folder', 'out.csv') });
    service.searchAnswer = [event(1)];
    const { resultId } = await history.search(EventSearchRequest.parse(window));
    await expect(history.exportCsv({ resultId })).rejects.toMatchObject({ error: { code: 'internal', message: expect.stringContaining('could not be saved'), key: 'errors.exportNotSaved' } });
    expect(push.of('taskProgress').at(-1)?.finished).toBe(true);
  });
});
