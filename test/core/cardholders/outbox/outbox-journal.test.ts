/**
 * The outbox journal on disk: records come back as written (plain or encrypted); a record cut off
 * by a crash (at any byte) is dropped and the journal goes on; a damaged, foreign or wrongly keyed
 * file is reported and kept aside byte for byte with what could be read returned; a rewrite is the
 * old journal or the new one even when the process is killed in the middle; the file is owner-only
 * and, with a key, holds no personal data in the clear.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutboxJournal } from '../../../../electron/core/cardholders/outbox/outbox-journal';
import { bundleEntry, startChild } from './support/bundle';
import { recordSet, type SetRecord } from './support/journal-records';

interface Entry {
  n: number;
  name: string;
}

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiosk-outbox-journal-'));
  file = join(dir, 'outbox.journal');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entry = (n: number): Entry => ({ n, name: `Ní Bhriain, Saoirse ${n} — ünïcödé` });
const KEYS: Array<[string, Buffer | null]> = [
  ['without a key', null],
  ['with a key', randomBytes(32)],
];

/** Writes `count` entries one append each and returns the file size after each append. */
async function writeEntries(journal: OutboxJournal<Entry>, count: number): Promise<number[]> {
  const sizes: number[] = [];
  for (let n = 1; n <= count; n++) {
    await journal.append(entry(n));
    sizes.push(journal.bytes);
  }
  return sizes;
}

describe('outbox journal', () => {
  describe.each(KEYS)('%s', (_label, key) => {
    it('gives back every record in order, across appends, batches and a rewrite', async () => {
      const journal = new OutboxJournal<Entry>(file, key);
      expect(await journal.load()).toEqual({ records: [], damage: null });
      await journal.append(entry(1));
      await journal.append(entry(2), entry(3));
      await journal.close();
      expect(await new OutboxJournal<Entry>(file, key).load()).toEqual({ records: [entry(1), entry(2), entry(3)], damage: null });

      const again = new OutboxJournal<Entry>(file, key);
      await again.rewrite([entry(9)]);
      await again.append(entry(10));
      await again.close();
      expect(await new OutboxJournal<Entry>(file, key).load()).toEqual({ records: [entry(9), entry(10)], damage: null });
      expect(await readdir(dir)).toEqual(['outbox.journal']);
    });

    it('cuts a record torn at any byte, keeps the earlier ones, and appends after them', async () => {
      const journal = new OutboxJournal<Entry>(file, key);
      const sizes = await writeEntries(journal, 3);
      await journal.close();
      const whole = await readFile(file);
      const before = sizes[1] ?? 0;
      const end = sizes[2] ?? 0;
      expect(end).toBe(whole.length);
      let cuts = 0;
      for (let at = before + 1; at < end; at++) {
        await writeFile(file, whole.subarray(0, at), { mode: 0o600 });
        const loaded = await new OutboxJournal<Entry>(file, key).load();
        expect(loaded, `cut at byte ${at}`).toEqual({ records: [entry(1), entry(2)], damage: null });
        // The torn bytes are gone from the file, so the next record follows the last whole one.
        expect((await stat(file)).size, `cut at byte ${at}`).toBe(before);
        const next = new OutboxJournal<Entry>(file, key);
        await next.append(entry(4));
        await next.close();
        expect((await new OutboxJournal<Entry>(file, key).load()).records, `cut at byte ${at}`).toEqual([entry(1), entry(2), entry(4)]);
        cuts++;
      }
      expect(cuts).toBe(end - before - 1);
      expect(await readdir(dir)).toEqual(['outbox.journal']);
    });

    it('keeps a journal with a damaged record aside, byte for byte, and gives back the records it can read', async () => {
      const journal = new OutboxJournal<Entry>(file, key, () => new Date('2026-03-01T10:00:00.000Z'));
      const sizes = await writeEntries(journal, 5);
      await journal.close();
      const bytes = await readFile(file);
      // A byte in the middle of the third record's payload.
      const third = sizes[1] ?? 0;
      const flipAt = third + 8 + Math.floor(((sizes[2] ?? 0) - third - 8) / 2);
      bytes[flipAt] = (bytes[flipAt] ?? 0) ^ 0x5a;
      await writeFile(file, bytes, { mode: 0o600 });

      const loaded = await new OutboxJournal<Entry>(file, key, () => new Date('2026-03-01T10:00:00.000Z')).load();
      expect(loaded.records).toEqual([entry(1), entry(2), entry(4), entry(5)]);
      expect(loaded.damage).toEqual({ keptAt: `${file}.damaged-2026-03-01T10-00-00-000Z`, unreadable: 1, cause: 'records', reason: '1 record in it could not be read' });
      expect((await readFile(loaded.damage?.keptAt ?? '')).equals(bytes)).toBe(true);
      expect(await readdir(dir)).toEqual(['outbox.journal.damaged-2026-03-01T10-00-00-000Z']);
    });
  });

  it('cuts a tail of zeros (the file grew, its bytes never reached the disk) like a torn record', async () => {
    for (const key of [null, randomBytes(32)]) {
      const journal = new OutboxJournal<Entry>(file, key);
      const sizes = await writeEntries(journal, 2);
      await journal.close();
      const whole = await readFile(file);
      for (const zeros of [1, 8, 9, 100, 4096]) {
        await writeFile(file, Buffer.concat([whole, Buffer.alloc(zeros)]), { mode: 0o600 });
        expect(await new OutboxJournal<Entry>(file, key).load(), `${zeros} zero bytes`).toEqual({ records: [entry(1), entry(2)], damage: null });
        expect((await stat(file)).size).toBe(sizes[1]);
      }
      await rm(file);
    }
  });

  it('reports a journal read with another key as damaged and keeps it aside', async () => {
    const journal = new OutboxJournal<Entry>(file, randomBytes(32));
    await writeEntries(journal, 3);
    await journal.close();
    const bytes = await readFile(file);
    const loaded = await new OutboxJournal<Entry>(file, randomBytes(32)).load();
    expect(loaded.records).toEqual([]);
    expect(loaded.damage).toMatchObject({ unreadable: 3, cause: 'records', reason: '3 records in it could not be read' });
    expect((await readFile(loaded.damage?.keptAt ?? '')).equals(bytes)).toBe(true);
    // An encrypted journal read without the key is not taken for plain records either.
    const moved = loaded.damage?.keptAt ?? '';
    await writeFile(file, bytes, { mode: 0o600 });
    expect((await new OutboxJournal<Entry>(file, null).load()).damage).toMatchObject({ unreadable: 3 });
    expect(moved).not.toBe(file);
  });

  it('reports a file that is not a journal and keeps it aside untouched', async () => {
    const foreign = Buffer.from('{"items":[{"name":"not a journal"}]}\n');
    await writeFile(file, foreign, { mode: 0o600 });
    const loaded = await new OutboxJournal<Entry>(file, null).load();
    expect(loaded.records).toEqual([]);
    expect(loaded.damage).toMatchObject({ unreadable: 1, cause: 'notJournal', reason: 'it is not an outbox journal of this kiosk' });
    expect((await readFile(loaded.damage?.keptAt ?? '')).equals(foreign)).toBe(true);
    // The outbox starts afresh beside it.
    const fresh = new OutboxJournal<Entry>(file, null);
    await fresh.append(entry(1));
    await fresh.close();
    expect((await new OutboxJournal<Entry>(file, null).load()).records).toEqual([entry(1)]);
  });

  it('reports a journal that other accounts could read, and keeps it aside untouched', async () => {
    if (process.platform === 'win32') return;
    const journal = new OutboxJournal<Entry>(file, null);
    await writeEntries(journal, 2);
    await journal.close();
    await chmod(file, 0o644);
    const bytes = await readFile(file);
    const loaded = await new OutboxJournal<Entry>(file, null).load();
    expect(loaded.records).toEqual([]);
    expect(loaded.damage?.reason).toMatch(/^it cannot be read \(.*permissions 0644\)$/);
    expect(loaded.damage).toMatchObject({ cause: 'unreadable', detail: expect.stringMatching(/permissions 0644\)?$/) });
    expect((await readFile(loaded.damage?.keptAt ?? '')).equals(bytes)).toBe(true);
  });

  it('is readable by its owner only, and encrypted it holds no personal data in the clear', async () => {
    const journal = new OutboxJournal<Entry>(file, randomBytes(32));
    await journal.append(entry(1));
    if (process.platform !== 'win32') {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(dir)).mode & 0o077).toBe(0);
    }
    await journal.rewrite([entry(2), entry(3)]);
    await journal.append(entry(4));
    await journal.close();
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    const bytes = await readFile(file);
    for (const clear of ['Bhriain', 'Saoirse', Buffer.from('Saoirse').toString('base64'), '"name"', 'ünïcödé']) {
      expect(bytes.includes(Buffer.from(clear, 'utf8')), clear).toBe(false);
    }
    // The same records without a key are in the clear (the check above would see them).
    const plain = new OutboxJournal<Entry>(join(dir, 'plain.journal'), null);
    await plain.append(entry(1));
    await plain.close();
    expect((await readFile(join(dir, 'plain.journal'))).includes(Buffer.from('Saoirse'))).toBe(true);
  });

  it('a rewrite killed at any moment leaves the old journal or the new one, never a mix', async () => {
    const script = bundleEntry(join(__dirname, 'support', 'journal-rewrite-child.ts'));
    const key = randomBytes(32);
    const setOf = (records: SetRecord[]): string => {
      const sets = new Set(records.map((r) => r.set));
      const expected = recordSet(sets.has('a') ? 'a' : 'b');
      expect(records).toEqual(expected);
      return [...sets].join('');
    };
    const seen = new Map<string, number>();
    const kills = 24;
    for (let k = 0; k < kills; k++) {
      const child = startChild(script, [file, key.toString('hex')]);
      await child.waitFor((line) => line === 'running');
      await new Promise((resolve) => setTimeout(resolve, 1 + ((k * 7) % 23)));
      child.process.kill('SIGKILL');
      expect(await child.ended).toBe('SIGKILL');
      const loaded = await new OutboxJournal<SetRecord>(file, key).load();
      expect(loaded.damage).toBeNull();
      const which = setOf(loaded.records);
      seen.set(which, (seen.get(which) ?? 0) + 1);
    }
    // A rewrite cut off leaves no copy of the queue behind once the journal is read again.
    expect(await readdir(dir)).toEqual(['outbox.journal']);
    // Whatever the kill interrupted, each load found one whole set (and both sets were seen).
    expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(kills);
    expect([...seen.keys()].sort()).toEqual(['a', 'b']);
    console.log(`outbox journal: ${kills} rewrites killed, loaded ${[...seen].map(([set, n]) => `${n}× set ${set}`).join(', ')}`);
  }, 60_000);
});
