// Administration's warnings as key + parameters (issue 23, i23-main): plain http:// allowed and a
// site catalogue out of step with the events carry a key the screen words in its language, with
// the English as main's log keeps it.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { englishScreenText } from '../../../electron/contract/ipc';
import { createAdminOverviewHandler } from '../../../electron/core/config/admin-overview';
import { loadConfig } from '../../../electron/core/config/load-config';
import { chooseVault } from '../../../electron/core/credentials/choose-vault';
import { plainHttpWarning } from '../../../electron/core/credentials/credential-binding';
import { catalogueWarning, catalogueWarningText, EVENTS_BEFORE_CHECK } from '../../../electron/core/history/catalogue-check';

const DIRECTORY = {
  file: '/nonexistent/directory.snapshot',
  state: () => ({ status: 'empty' as const, records: 0, syncedAt: null, lastSync: null, syncing: null, lastFailure: null, held: null, snapshotProblem: null, intervalSeconds: 900 }),
  encrypted: false,
  warning: null,
};

describe("Administration's warnings as keys", () => {
  it('plain http:// allowed: the key with the origin, its English the same as the log’s', async () => {
    const url = 'http://10.0.0.5:8080/api';
    const overview = await createAdminOverviewHandler({
      config: loadConfig({ systemFile: null, userFile: null, env: {}, argv: [`--service-url=${url}`, '--allow-plain-http'], platform: 'linux' }),
      vault: chooseVault(null, { dir: mkdtempSync(join(tmpdir(), 'kiosk-admin-')) }),
      mode: 'configured',
      serviceLabel: '10.0.0.5:8080',
      directory: DIRECTORY,
    })();
    expect(overview.transportWarning).toBe(plainHttpWarning(url, true));
    expect(overview.transportWarningText).toEqual({ key: 'admin.fromMain.plainHttp', params: { origin: 'http://10.0.0.5:8080' }, message: overview.transportWarning });
    expect(englishScreenText('admin.fromMain.plainHttp', { origin: 'http://10.0.0.5:8080' })).toBe(overview.transportWarning);
  });

  it('a catalogue out of step: the key with the counts and the names as they are; English as before', () => {
    const devices = Array.from({ length: 7 }, (_, i) => ({ id: 200 + i, name: `Tür ${i}`, type: null }));
    const one = catalogueWarningText(devices.slice(0, 2), ['Tür 0'], 20_000);
    expect(one).toMatchObject({ key: 'admin.fromMain.catalogueNeverSeen', params: { missing: 1, total: 2, events: 20_000, listed: '"Tür 1" (#201)' } });
    expect(one?.message).toBe(catalogueWarning(devices.slice(0, 2), ['Tür 0'], 20_000));
    expect(one?.message).toMatch(/^1 of the 2 devices of the site catalogue \(site\.devices\) never appeared in the 20,000 events seen: "Tür 1" \(#201\)\. Check/);
    const many = catalogueWarningText(devices, [], EVENTS_BEFORE_CHECK);
    expect(many).toMatchObject({ key: 'admin.fromMain.catalogueNeverSeenMore', params: { missing: 7, total: 7, more: 2 } });
    expect(many?.message).toContain('"Tür 4" (#204) and 2 more. Check');
    expect(catalogueWarningText(devices, [], EVENTS_BEFORE_CHECK - 1)).toBeNull();
  });
});
