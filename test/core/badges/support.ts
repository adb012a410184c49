/** Shared pieces of the badge tests: a site, a cardholder, a broken-template folder, a fake printer port, the capability with test defaults. */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BadgeCardholder, SiteNames } from '../../../electron/contract/ipc';
import type { BadgePrinterPort, BadgePrintJob } from '../../../electron/core/badges/badge-printer-port';
import type { BadgePersonReader } from '../../../electron/core/badges/badge-person';
import { createBadgesCapability, type BadgesOptions } from '../../../electron/core/badges/badges-capability';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { Writable } from 'node:stream';
import { runCheckCommand } from '../../../electron/core/provisioning/check-command';
import { chooseVault } from '../../../electron/core/credentials/choose-vault';

export const ROOT = join(__dirname, '..', '..', '..');
export const EXAMPLES = join(ROOT, 'examples', 'provisioning', 'badges');
import { BADGE_FONTS } from '../../support/badge-fonts';
export { BADGE_FONTS as FONTS };

export const SITE: SiteNames = {
  tenants: [{ id: 0, name: 'Building (shared)' }, { id: 2, name: 'Contoso' }],
  cardholderTypes: [{ id: 1, name: 'Employee' }, { id: 3, name: 'Visitor' }],
  devices: [],
  deviceTypes: [],
  eventCategories: [],
  eventTypes: [],
  subcodeCategories: [],
  subcodes: [],
};

export const PERSON: BadgeCardholder = { id: 41, first_Name: 'Zoë', middle_Name: '', last_Name: 'Dupont', displayName: '', employee_ID: '9123456', card_Holder_Type_ID: 1, tenant: [0, 2] };
/** A JPEG as far as the photo check reads one: its start, a 16 × 16 frame header, its end (no picture data: the layout only embeds it). */
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9]);

/** Main's directory as the badge capability reads it (by id): `put` files a cardholder and answers their id. */
export interface BadgeDirectory {
  read: BadgePersonReader;
  put(person: BadgeCardholder): number;
}
export function badgeDirectory(...people: BadgeCardholder[]): BadgeDirectory {
  const held = new Map(people.map((p) => [p.id, p]));
  return {
    read: async (id) => held.get(id) ?? null,
    put(person) {
      held.set(person.id, person);
      return person.id;
    },
  };
}

/** 60 characters, double-barrelled, accented. */
export const LONG_SURNAME = 'Álvarez-Fernández de la Peña-Ñúñez Sánchez-Villalobos Ortegà';

/** A copy of the example templates in a fresh folder (tests may add broken ones). */
export function templatesCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-badges-'));
  cpSync(EXAMPLES, dir, { recursive: true });
  return dir;
}

export function writeTemplate(dir: string, name: string, template: unknown): void {
  writeFileSync(join(dir, name), JSON.stringify(template, null, 2));
}

export interface FakePort extends BadgePrinterPort {
  printed: Array<{ job: BadgePrintJob; deviceName: string }>;
  printers: string[];
  refuse: string | null;
}

export function fakePort(printers: string[] = ['Card Printer']): FakePort {
  const port: FakePort = {
    printed: [],
    printers,
    refuse: null,
    listPrinters: async () => [...port.printers],
    async print(job, deviceName) {
      if (port.refuse) throw new Error(port.refuse);
      port.printed.push({ job, deviceName });
    },
    toPdf: async () => new TextEncoder().encode('%PDF-1.7 fake'),
  };
  return port;
}

/**
 * The badge capability as the tests use it: the example templates, the shipped fonts, a fake
 * port, a fresh data folder and an in-memory database; `options` replace any of these.
 */
export function badgesWith(options: Partial<Omit<BadgesOptions, 'port'>> & Pick<BadgesOptions, 'cardholder'> & { port?: FakePort }): { badges: ReturnType<typeof createBadgesCapability>; port: FakePort; dataDir: string } {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kiosk-badges-test-'));
  const port = options.port ?? fakePort();
  const badges = createBadgesCapability({
    templatesDir: EXAMPLES,
    fontDir: BADGE_FONTS,
    printerName: 'Card Printer',
    pickPdfFile: async (name) => join(dataDir, name),
    site: () => SITE,
    database: KioskDatabase.memory(),
    log: createLogger(memorySink().sink),
    workstation: 'desk-1',
    ...options,
    port,
    dataDir,
  });
  return { badges, port, dataDir };
}

/** The typed error a call failed with (the test fails when it did not fail). */
export async function failure(promise: Promise<unknown>): Promise<KioskFailure['error']> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof KioskFailure) return thrown.error;
    throw thrown;
  }
  throw new Error('expected a failure');
}

/** `--admin check` with this system configuration (in a fresh folder): its exit code and what it printed. */
export async function adminCheck(config: unknown): Promise<{ code: number; out: string }> {
  const home = mkdtempSync(join(tmpdir(), 'kiosk-check-'));
  const system = join(home, 'config.json');
  writeFileSync(system, JSON.stringify(config));
  let out = '';
  const stdout = new Writable({ write: (chunk, _enc, done) => ((out += String(chunk)), done()) });
  const code = await runCheckCommand({ load: { systemFile: system, userFile: null, env: {}, argv: [], platform: 'linux' }, stdout, vaultFor: () => chooseVault(null, { dir: home }), badgeFontDir: BADGE_FONTS });
  return { code, out };
}
