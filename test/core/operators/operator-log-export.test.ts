// The operator log's CSV export in the words of the screen that asks: German headings and fixed
// cell words (priorities, kinds of action, badge outcomes), names and notes as recorded; English
// as before. The words are main's now (core/language/words.ts, in the language the page
// reported); the renderer sent them with the request before (test/support/document-words.ts,
// removed), so the contract's bounds on those words became: the request carries none.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OperatorLogExportRequest, type OperatorLogExportRequest as Request } from '../../../electron/contract/ipc';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { createOperatorLogExport } from '../../../electron/core/operators/operator-log-export';
import { ShownLanguage } from '../../../electron/core/language/shown-language';
import type { KioskLocale } from '../../../electron/contract/ipc';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-oplog-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function exporter(language: KioskLocale) {
  let n = 0;
  const shown = new ShownLanguage('en');
  shown.show(language);
  return createOperatorLogExport({
    words: () => shown.documentWords(),
    log: createLogger(memorySink().sink),
    pickSaveFile: async () => path.join(dir, `log-${++n}.csv`),
    listAcknowledgements: () => [
      { alarmKey: 'k', recordIds: [4, 5], note: 'Wachdienst informiert', acknowledgedAt: '2026-11-23T10:00:00.000Z', device: 'Tür 3', text: 'Forced', operator: 'Ada Guard', eventCreated: '2026-11-23T09:59:00.000Z', priority: 'critical' },
    ],
    listEnrolmentLog: () => [
      { at: '2026-11-23T10:00:00.000Z', kind: 'created', cardholderId: 7, name: 'Dupont, Marie', outcome: 'Created.', operator: 'Bo Officer' },
      { at: '2026-11-23T10:01:00.000Z', kind: 'updated', cardholderId: 7, name: 'Dupont, Marie', outcome: { code: 'changed', fields: ['last_Name', 'city'] }, operator: 'Bo Officer' },
    ],
    listBadgeLog: async () => [
      { at: '2026-11-23T10:05:00.000Z', workstation: 'desk-1', cardholderId: 7, name: 'Dupont, Marie', template: 'employee-portrait', printer: 'Zebra_ZC300', outcome: 'printed', reason: 'lost', detail: '', operator: 'Bo Officer' },
    ],
  });
}

async function lines(request: Request, language: KioskLocale = 'en'): Promise<string[]> {
  const result = await exporter(language).exportOperatorLog(OperatorLogExportRequest.parse(request));
  return (await readFile(result.path ?? '', 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
}

describe('operator log CSV in the language of the screen', () => {
  it('writes German headings, priorities, kinds of action and badge outcomes; names, doors and notes unchanged', async () => {
    const alarms = await lines({ part: 'alarms' }, 'de');
    expect(alarms[0]).toBe('Quittiert am,Ereigniszeit,Priorität,Gerät,Text,Notiz,Bediener,Ereignis-IDs');
    expect(alarms[1]).toBe('2026-11-23T10:00:00.000Z,2026-11-23T09:59:00.000Z,kritisch,Tür 3,Forced,Wachdienst informiert,Ada Guard,4 5');
    const enrolments = await lines({ part: 'enrolments' }, 'de');
    expect(enrolments[0]).toBe('Zeit,Vorgang,Ausweisinhaber-ID,Name,Ergebnis,Bediener');
    expect(enrolments[1]).toBe('2026-11-23T10:00:00.000Z,Angelegt,7,"Dupont, Marie",Created.,Bo Officer');
    // An outcome kept as a code: the screen's word for it, the fields as the form names them (enrolment.field).
    expect(enrolments[2]).toBe('2026-11-23T10:01:00.000Z,Geändert,7,"Dupont, Marie","geändert: Nachname, Ort",Bo Officer');
    const badges = await lines({ part: 'badges' }, 'de');
    expect(badges[0]).toBe('Zeit,Arbeitsplatz,Ausweisinhaber-ID,Name,Vorlage,Drucker,Ergebnis,Grund,Detail,Bediener');
    expect(badges[1]).toBe('2026-11-23T10:05:00.000Z,desk-1,7,"Dupont, Marie",employee-portrait,Zebra_ZC300,Gedruckt,lost,,Bo Officer');
  });

  it('writes English as before: in English, and from an exporter that knows no language shown', async () => {
    const unset = createOperatorLogExport({ log: createLogger(memorySink().sink), pickSaveFile: async () => path.join(dir, 'unset.csv'), listAcknowledgements: () => [], listEnrolmentLog: () => [] });
    await unset.exportOperatorLog({ part: 'alarms' });
    expect((await readFile(path.join(dir, 'unset.csv'), 'utf8')).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('acknowledgedAt,eventTime,priority,device,text,note,operator,recordIds');
    const text = await lines({ part: 'alarms' });
    expect(text[0]).toBe('acknowledgedAt,eventTime,priority,device,text,note,operator,recordIds');
    expect(text[1]).toContain(',critical,Tür 3,');
    expect((await lines({ part: 'enrolments' }))[1]).toContain(',created,7,');
    expect((await lines({ part: 'badges' }))[0]).toBe('at,workstation,cardholderId,name,template,printer,outcome,reason,detail,operator');
  });

  it('words the pseudo-locale (accented, longer); the request takes the part only, and refuses words', async () => {
    const pseudo = await lines({ part: 'alarms' }, 'en-XA');
    expect(pseudo[0]).toMatch(/^\[áçķñóŵľéđğéđÁŧ ·+\],/);
    const ok = (request: unknown): boolean => OperatorLogExportRequest.safeParse(request).success;
    expect(ok({ part: 'badges' })).toBe(true);
    expect(ok({ part: 'badges', words: { headings: {}, outcomes: {} } })).toBe(false);
    expect(ok({ part: 'shifts' })).toBe(false);
  });
});
