// The badge log at rest and its names: every entry carries the operator on shift as main knows it
// (whatever the entry handed in says), and with a data key no cardholder's name is on disk in clear.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BADGE_LOG_FILE, BadgeLog, badgeLogRow } from '../../../electron/core/badges/badge-log';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { SEALED_LINE_PREFIX } from '../../../electron/core/storage/json-lines-file';
import type { BadgePrintEntry } from '../../../electron/contract/ipc';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-badge-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entry: BadgePrintEntry = {
  at: '2026-11-23T10:05:00.000Z',
  workstation: 'desk-1',
  cardholderId: 7,
  name: 'Dupont, Marie',
  template: 'employee-portrait',
  printer: 'Zebra ZC300',
  outcome: 'printed',
  reason: 'lost',
  detail: '',
  operator: 'Somebody the renderer named',
};

describe('BadgeLog', () => {
  it('stamps the operator on shift and seals its lines with the data key', async () => {
    const key = randomBytes(32);
    const log = new BadgeLog(dir, createLogger(memorySink().sink), { key, operator: () => 'Ada Officer' });
    const kept = await log.add(entry);
    expect(kept.operator).toBe('Ada Officer');
    const text = await readFile(path.join(dir, BADGE_LOG_FILE), 'utf8');
    expect(text).not.toMatch(/Marie|Dupont|Ada/);
    for (const line of text.trim().split('\n')) expect(line.startsWith(SEALED_LINE_PREFIX)).toBe(true);
    // Read back after a restart with the same key.
    const again = await new BadgeLog(dir, createLogger(memorySink().sink), { key }).list();
    expect(again).toEqual([{ ...entry, operator: 'Ada Officer' }]);
    expect(badgeLogRow(again[0]!)).toEqual(['2026-11-23T10:05:00.000Z', 'desk-1', 7, 'Dupont, Marie', 'employee-portrait', 'Zebra ZC300', 'printed', 'lost', '', 'Ada Officer']);
  });

  it('with sign-in off an entry carries no name, and its CSV cell is empty', async () => {
    const log = new BadgeLog(dir, createLogger(memorySink().sink));
    const kept = await log.add(entry);
    expect(kept.operator).toBeNull();
    expect(badgeLogRow(kept).at(-1)).toBe('');
  });
});
