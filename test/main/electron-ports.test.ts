// The save dialog is one port for every save, and each save asks with its own title: the operator
// log's export no longer opens a dialog titled "Export search results"; the title and the file
// type are in the language the page shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLogger, memorySink } from '../../electron/core/log/logger';
import { createOperatorLogExport } from '../../electron/core/operators/operator-log-export';
import { nativeWords } from '../../electron/core/language/native-words';
import { SAVE_ASKS } from '../../electron/core/ports/save-file';

const showSaveDialog = vi.fn(async (_options: { title?: string; filters?: Array<{ extensions: string[] }> }) => ({ canceled: true, filePath: '' }));
vi.mock('electron', () => ({ dialog: { showSaveDialog }, safeStorage: {} }));
vi.mock('electron-log/main', () => ({ default: { transports: { file: {}, console: {} } } }));
const { saveDialog } = await import('../../electron/main/electron-ports');

const documents = mkdtempSync(path.join(tmpdir(), 'kiosk-ports-'));
afterAll(() => rmSync(documents, { recursive: true, force: true }));

describe('the save dialog port', () => {
  it('asks for the operator log with its own title and a CSV filter', async () => {
    const exporter = createOperatorLogExport({ log: createLogger(memorySink().sink), pickSaveFile: saveDialog(() => null, documents, () => nativeWords('en')), listAcknowledgements: () => [], listEnrolmentLog: () => [] });
    expect(await exporter.exportOperatorLog({ part: 'alarms' })).toEqual({ saved: false, path: null, rows: 0 });
    const options = showSaveDialog.mock.calls.at(-1)?.[0];
    expect(options?.title).toBe('Export the operator log');
    expect(options?.filters?.[0]?.extensions).toEqual(['csv']);
  });

  it('titles each ask as the caller says, and filters PDF for a badge', async () => {
    const pick = saveDialog(() => null, documents, () => nativeWords('en'));
    await pick('events.csv', SAVE_ASKS.searchResults);
    expect(showSaveDialog.mock.calls.at(-1)?.[0]).toMatchObject({ title: 'Export search results' });
    await pick('badge-7.pdf', SAVE_ASKS.badgePdf);
    expect(showSaveDialog.mock.calls.at(-1)?.[0]).toMatchObject({ title: 'Save the badge as PDF', filters: [{ name: 'PDF', extensions: ['pdf'] }] });
  });

  it('words the title and the file type in the language the page shows, asked at each save', async () => {
    let locale: 'de' | 'fr' = 'de';
    const pick = saveDialog(() => null, documents, () => nativeWords(locale));
    await pick('events.csv', SAVE_ASKS.searchResults);
    expect(showSaveDialog.mock.calls.at(-1)?.[0]).toMatchObject({ title: 'Suchergebnisse exportieren', filters: [{ name: 'CSV (Tabelle)', extensions: ['csv'] }] });
    locale = 'fr';
    await pick('operator-log.csv', SAVE_ASKS.operatorLog);
    expect(showSaveDialog.mock.calls.at(-1)?.[0]).toMatchObject({ title: 'Exporter le journal des opérateurs', filters: [{ name: 'CSV (tableur)' }] });
  });
});
