// The enrolment log keeps outcomes as codes with field ids, never English words (issue 23: the
// renderer words them in the language shown); lines written before that keep their English
// sentence and still read back, next to the new ones. (The log is in the kiosk's database now: the
// old lines come from an earlier version's file moved in; what is stored is read from its rows.)
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENROLMENT_LOG_FILE, EnrolmentLog, outcomeSummary } from '../../../../electron/core/cardholders/enrolment/enrolment-log';
import { createLogger, memorySink } from '../../../../electron/core/log/logger';
import { KioskDatabase } from '../../../../electron/core/storage/kiosk-database';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'enrolment-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const now = () => new Date('2026-11-25T08:00:00.000Z');

describe('enrolment log outcomes', () => {
  it('stores field ids, not words, and reads lines written with English sentences as they are', async () => {
    const old = [
      { at: '2026-11-20T09:00:00.000Z', kind: 'updated', cardholderId: 7, name: 'Dupont, Marie', outcome: 'Changed on the service: Last name, City.', operator: null },
      { at: '2026-11-20T09:01:00.000Z', kind: 'discarded', cardholderId: -2, name: 'Roe, Jim', outcome: 'Discarded by the officer: the change of phone was not sent.' },
    ];
    await writeFile(path.join(dir, ENROLMENT_LOG_FILE), `${old.map((line) => JSON.stringify(line)).join('\n')}\n`, { mode: 0o600 });
    const database = KioskDatabase.open(dir, { info: () => undefined, error: () => undefined }).database;
    const log = new EnrolmentLog({ database, dataDir: dir, log: createLogger(memorySink().sink), now });
    await log.add({ kind: 'updated', cardholderId: 7, name: 'Dupont, Marie', outcome: { code: 'changed', fields: ['last_Name', 'city'] } });
    await log.add({ kind: 'discarded', cardholderId: -2, name: 'Roe, Jim', outcome: { code: 'discarded', subject: { kind: 'update', fields: ['phone'] } } });
    expect(existsSync(path.join(dir, ENROLMENT_LOG_FILE))).toBe(false);

    // No data key: the bodies are JSON in clear (in the owner-only database); the two new ones hold codes.
    const bodies = database.all<{ body: Uint8Array }>("SELECT body FROM log_entry WHERE kind = 'enrolment' ORDER BY id").map((row) => Buffer.from(row.body).toString('utf8'));
    const written = bodies.slice(2).join('\n');
    expect(written).toContain('"fields":["last_Name","city"]');
    expect(written).not.toMatch(/Last name|City|Changed on the service|Discarded by/);
    database.close();

    const again = KioskDatabase.open(dir, { info: () => undefined, error: () => undefined }).database;
    const reopened = await new EnrolmentLog({ database: again, dataDir: dir, log: createLogger(memorySink().sink), now }).all();
    again.close();
    expect(reopened.map((e) => e.outcome)).toEqual([
      'Changed on the service: Last name, City.',
      'Discarded by the officer: the change of phone was not sent.',
      { code: 'changed', fields: ['last_Name', 'city'] },
      { code: 'discarded', subject: { kind: 'update', fields: ['phone'] } },
    ]);
  });

  it('puts an outcome in plain terms for the log and a file with no words from the screen', () => {
    expect(outcomeSummary({ code: 'changed', fields: ['phone', 'zip'] })).toBe('changed: phone, zip');
    expect(outcomeSummary({ code: 'createdAfterWaiting', recordId: 61 })).toBe('createdAfterWaiting: 61');
    expect(outcomeSummary({ code: 'refused', subject: { kind: 'create' }, error: { message: 'The access-control service refused the data.' } })).toBe('refused: create: The access-control service refused the data.');
    expect(outcomeSummary('Created on the service.')).toBe('Created on the service.');
  });
});
