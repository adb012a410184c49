// Logs kept as JSON lines at rest: the enrolment log (names) and logs of notes are sealed with the
// data key where one exists, like the outbox and the directory snapshot; a log written in clear
// before is still read and is then sealed; without a key lines stay plain (and owner-only); a line
// cannot be moved from one log to the other.
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENROLMENT_LOG_FILE, EnrolmentLog } from '../../../electron/core/cardholders/enrolment-log';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { JsonLinesFile, SEALED_LINE_PREFIX } from '../../../electron/core/storage/json-lines-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-jsonl-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const key = randomBytes(32);
const NOTE = 'Called Marie Dupont on +33 6 12 34 56 78';
const ack = { alarmKey: 'door-a', recordIds: [7], note: NOTE, device: 'Main door', text: 'Door forced open' };
const now = () => new Date('2026-03-01T10:00:00Z');
const ACKNOWLEDGEMENTS_FILE = 'notes.jsonl';

/** A log of notes as JSON lines (as an earlier version kept acknowledgements): append, read newest first. */
function noteLog(logged: ReturnType<typeof memorySink>, dataKey: Buffer | null = null) {
  const file = new JsonLinesFile<typeof ack & { acknowledgedAt?: string }>(path.join(dir, ACKNOWLEDGEMENTS_FILE), (v) => (typeof v === 'object' && v !== null && 'note' in v ? (v as typeof ack) : null), {
    key: dataKey,
    migrated: (lines, failure) => logged.lines.push(failure === null ? `sealed ${lines} line(s)` : `could not seal: ${failure}`),
  });
  return {
    add: (entry: typeof ack) => file.append({ ...entry, acknowledgedAt: now().toISOString() }),
    list: async () => (await file.read((line, reason) => logged.lines.push(`skipped ${reason} line ${line}`))).reverse(),
  };
}

describe('the acknowledgement and enrolment logs at rest', () => {
  it('with a data key, no name or note is on disk in clear, and both logs read back after a restart', async () => {
    const logged = memorySink();
    const acks = noteLog(logged, key);
    await acks.add(ack);
    const enrolments = new EnrolmentLog(dir, createLogger(logged.sink), now, 2_000, key);
    await enrolments.add({ kind: 'created', cardholderId: 41, name: 'Dupont, Marie', outcome: 'created' });
    await enrolments.flush();

    for (const file of [ACKNOWLEDGEMENTS_FILE, ENROLMENT_LOG_FILE]) {
      const text = await readFile(path.join(dir, file), 'utf8');
      expect(text).not.toMatch(/Marie|Dupont|12 34|Main door|created/);
      for (const line of text.trim().split('\n')) expect(line.startsWith(SEALED_LINE_PREFIX)).toBe(true);
    }
    expect((await noteLog(logged, key).list()).map((a) => a.note)).toEqual([NOTE]);
    expect((await new EnrolmentLog(dir, createLogger(logged.sink), now, 2_000, key).list()).map((e) => e.name)).toEqual(['Dupont, Marie']);
  });

  it('reads a log written in clear by an older version, then seals it (the migration), keeping later appends', async () => {
    const file = path.join(dir, ACKNOWLEDGEMENTS_FILE);
    const old = { ...ack, recordIds: [3], acknowledgedAt: '2026-02-01T08:00:00.000Z' };
    await writeFile(file, `${JSON.stringify(old)}\n{"torn": "Jean Martin`, { mode: 0o644 });
    await chmod(file, 0o644);
    const logged = memorySink();
    const store = noteLog(logged, key);
    expect((await store.list()).map((a) => a.recordIds)).toEqual([[3]]);
    await store.add({ ...ack, recordIds: [9] });
    const text = await readFile(file, 'utf8');
    // The torn line (it may still name someone) is sealed too, not dropped.
    expect(text).not.toMatch(/Marie|Jean Martin|Main door/);
    expect(text.trim().split('\n')).toHaveLength(3);
    expect(logged.lines.some((line) => line.includes('sealed 2 line(s)'))).toBe(true);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    const reopened = memorySink();
    expect((await noteLog(reopened, key).list()).map((a) => a.recordIds)).toEqual([[9], [3]]);
    // The torn line is still reported as unreadable, not lost silently; nothing is sealed twice.
    expect(reopened.lines.some((line) => line.includes('skipped unreadable line 2'))).toBe(true);
    expect(reopened.lines.some((line) => line.includes('sealed'))).toBe(false);
  });

  it('without a data key, lines stay plain JSON (as before) in an owner-only file, and a sealed line is reported, not guessed', async () => {
    const logged = memorySink();
    const store = noteLog(logged);
    await store.add(ack);
    const file = path.join(dir, ACKNOWLEDGEMENTS_FILE);
    expect(JSON.parse((await readFile(file, 'utf8')).trim()).note).toBe(NOTE);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);

    const sealed = new JsonLinesFile(path.join(dir, 'x.jsonl'), (v) => v as object, { key });
    await sealed.append({ a: 1 });
    const reasons: string[] = [];
    expect(await new JsonLinesFile(path.join(dir, 'x.jsonl'), (v) => v as object).read((_line, reason) => reasons.push(reason))).toEqual([]);
    expect(reasons).toEqual(['sealed-without-key']);
    expect(await new JsonLinesFile(path.join(dir, 'x.jsonl'), (v) => v as object, { key: randomBytes(32) }).read((_line, reason) => reasons.push(reason))).toEqual([]);
    expect(reasons).toEqual(['sealed-without-key', 'cannot-decrypt']);
  });

  it('a sealed line copied from one log into another cannot be read there (the file name is bound in)', async () => {
    const a = new JsonLinesFile(path.join(dir, 'a.jsonl'), (v) => v as object, { key });
    await a.append({ who: 'Marie' });
    await writeFile(path.join(dir, 'b.jsonl'), await readFile(path.join(dir, 'a.jsonl')));
    const reasons: string[] = [];
    expect(await new JsonLinesFile(path.join(dir, 'b.jsonl'), (v) => v as object, { key }).read((_l, r) => reasons.push(r))).toEqual([]);
    expect(reasons).toEqual(['cannot-decrypt']);
    expect(await new JsonLinesFile(path.join(dir, 'a.jsonl'), (v) => v as object, { key }).read()).toEqual([{ who: 'Marie' }]);
  });
});
