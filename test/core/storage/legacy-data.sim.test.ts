// Existing workstations (issue 29): the kiosk core starts on a copy of a data folder written by an
// earlier version's own code (test/fixtures/legacy-data: 9aeaf24, the last version with every log
// in files, and 399853d, the one before this with alarms in kiosk.db), with its data key and
// without one. Everything is moved in and nothing is lost (the manifest's counts); the old files
// are gone (or rewritten in the one seal's layout); a second start moves nothing twice; every file
// and folder the kiosk leaves is owner-only; and where there is a key, no personal value (the
// manifest's list, in clear, hex and base64) is found in any file under the data folder.
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BadgeLog } from '../../../electron/core/badges/badge-log';
import { loadConfig } from '../../../electron/core/config/load-config';
import { chooseVault, credentialDir } from '../../../electron/core/credentials/choose-vault';
import { startKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { BADGE_FONTS } from '../../support/badge-fonts';

const FIXTURES = path.resolve(__dirname, '../../fixtures/legacy-data');

interface Manifest {
  keyHex: string;
  serviceUrl: string;
  personal: string[];
  keyed: Folder;
  plain: Folder;
}
interface Folder {
  files: string[];
  counts: Record<'enrolments' | 'badgePrints' | 'shiftJournal' | 'handoverReports' | 'acknowledgements' | 'waitingAlarms' | 'outboxItems' | 'snapshotRecords' | 'changedRecords', number>;
  photos: number[];
}

let dir = '';
let core: KioskCore | null = null;
afterEach(async () => {
  await core?.stop();
  core = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every file under `root` (recursively), as the kiosk left them. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A copy of the fixture, owner-only as the kiosk left it on the workstation (git keeps no modes). */
function copyOf(version: string, variant: 'keyed' | 'plain'): string {
  const copy = mkdtempSync(path.join(tmpdir(), `kiosk-legacy-${version}-${variant}-`));
  cpSync(path.join(FIXTURES, version, variant), copy, { recursive: true });
  chmodSync(copy, 0o700);
  for (const entry of readdirSync(copy, { withFileTypes: true, recursive: true })) chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  return copy;
}

async function start(manifest: Manifest, key: Buffer | null, lines: string[]): Promise<KioskCore> {
  const { sink, lines: said } = memorySink();
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [`--service-url=${manifest.serviceUrl}`, '--directory-sync-minutes=0'], platform: 'linux' });
  return startKioskCore({
    config: { ...config, badges: { ...config.badges, photoCache: { enabled: true, retentionDays: 36_500 } } },
    vault: chooseVault(null, { dir: credentialDir(dir) }),
    dataDir: dir,
    log: createLogger((level, scope, message) => {
      sink(level, scope, message);
      lines.push(said.at(-1)!);
    }),
    pickSaveFile: async () => null,
    startDemoService: () => Promise.reject(new Error('a service is configured')),
    dataKey: key,
    badgeFontDir: BADGE_FONTS,
  });
}

/** What the started kiosk holds of each kind, read through its own modules. */
async function holdings(running: KioskCore, key: Buffer | null) {
  const badgeLog = new BadgeLog(running.database, dir, createLogger(() => undefined), { key });
  return {
    enrolments: (await running.cardholders.enrolmentLog.all()).length,
    badgePrints: (await badgeLog.list()).length,
    shiftJournal: (await running.operators.journal.between('2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z')).length,
    handoverReports: (await running.operators.handlers.listHandoverReports(undefined as never)).length,
    acknowledgements: running.events.alarms.acknowledgementPage(0, 10).total,
    waitingAlarms: running.events.alarms.unacknowledged(),
    outboxItems: running.cardholders.outbox.state().items.length,
    snapshotRecords: running.cardholders.directory.snapshot?.records ?? 0,
  };
}

describe.each(['9aeaf24', '399853d'])('a data folder written by %s', (version) => {
  const manifest = JSON.parse(readFileSync(path.join(FIXTURES, version, 'manifest.json'), 'utf8')) as Manifest;

  it.each(['keyed', 'plain'] as const)('(%s) is moved in whole at the first start, once, owner-only, and sealed where there is a key', async (variant) => {
    const folder = manifest[variant];
    const key = variant === 'keyed' ? Buffer.from(manifest.keyHex, 'hex') : null;
    dir = copyOf(version, variant);
    const lines: string[] = [];
    core = await start(manifest, key, lines);
    const first = await holdings(core, key);
    const { counts } = folder;
    expect(first).toEqual({
      enrolments: counts.enrolments,
      badgePrints: counts.badgePrints,
      shiftJournal: counts.shiftJournal,
      handoverReports: counts.handoverReports,
      acknowledgements: counts.acknowledgements,
      waitingAlarms: counts.waitingAlarms,
      outboxItems: counts.outboxItems,
      snapshotRecords: counts.snapshotRecords,
    });
    await core.stop();
    core = null;

    // The logs' files are gone: their entries live in the database now.
    const left = readdirSync(dir);
    expect(left.filter((name) => name.endsWith('.jsonl') || name === 'open-alarms.json')).toEqual([]);
    expect(lines.filter((line) => /could not be moved|was not moved|kept as it is/.test(line))).toEqual([]);

    // A second start: the same holdings, nothing moved twice.
    core = await start(manifest, key, lines);
    expect(await holdings(core, key)).toEqual(first);
    await core.stop();
    core = null;

    // Owner-only: every folder 0700, every file 0600.
    for (const file of filesUnder(dir)) expect({ file, mode: (statSync(file).mode & 0o777).toString(8) }).toEqual({ file, mode: '600' });
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isDirectory())) {
      expect((statSync(path.join(entry.parentPath, entry.name)).mode & 0o777).toString(8)).toBe('700');
    }

    // Where there is a key, no personal value is on disk in clear, in any file the kiosk wrote.
    const found: string[] = [];
    for (const file of filesUnder(dir)) {
      const bytes = readFileSync(file);
      const texts = [bytes.toString('latin1'), bytes.toString('utf8')];
      for (const value of manifest.personal) if (texts.some((text) => text.includes(value))) found.push(`${path.relative(dir, file)}: ${value}`);
    }
    if (key) expect(found).toEqual([]);
    else expect(found.length).toBeGreaterThan(0); // without a key they are in clear, as before (the test would see them)
  });
});
