import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { localEngine, threadEngine, type EngineFactory, type EngineHandle } from '../../../../electron/core/cardholders/directory/engine-handle';
import type { EngineProgress } from '../../../../electron/core/cardholders/directory/directory-engine';
import type { CardHolder } from '../../../../electron/core/service/access-service';
import { person } from '../../../support/cardholders';

const download = { syncedAt: '2026-11-23T10:00:00.000Z', etag: '"v1"', lastModified: 'Mon, 23 Nov 2026 10:00:00 GMT' };
const list = (...records: CardHolder[]): Uint8Array => new Uint8Array(Buffer.from(JSON.stringify(records)));
/** The bytes in pieces, as a download delivers them (split inside multi-byte characters too). */
const pieces = (bytes: Uint8Array, size = 7): Uint8Array[] => {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
};

let dir: string;
const engines: EngineHandle[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiosk-directory-'));
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await rm(dir, { recursive: true, force: true });
});

for (const [kind, factory] of [['in this thread', localEngine], ['in a worker thread', threadEngine]] as Array<[string, EngineFactory]>) {
  describe(`directory engine ${kind}`, () => {
    const open = (key: Buffer | null = null, progress: Parameters<EngineProgress>[] = []): EngineHandle => {
      const engine = factory({ files: { snapshot: join(dir, 'directory.snapshot'), changes: join(dir, 'directory.changes') }, key, service: 'sim:1' }, (...p) => progress.push(p));
      engines.push(engine);
      return engine;
    };
    const fill = (engine: EngineHandle, bytes: Uint8Array): void => {
      for (const piece of pieces(bytes)) engine.receive(piece);
    };

    it('builds a generation from the bytes as they arrive, and looks it up', async () => {
      const progress: Parameters<EngineProgress>[] = [];
      const engine = open(null, progress);
      fill(engine, list(person({ id: 1, first_Name: 'Zoë', last_Name: 'Åberg' }), person({ id: 2, first_Name: 'Jürgen', last_Name: 'Müller' })));
      const outcome = await engine.build(download, null, false);
      expect(outcome).toMatchObject({ outcome: 'built', counts: { total: 2, added: 2, changed: 0, removed: 0, rejected: 0 } });
      expect((await engine.search('zoe', 0, 10)).records.map((r) => r.id)).toEqual([1]);
      expect((await engine.get(2))?.last_Name).toBe('Müller');
      expect(progress.map(([phase]) => phase)).toContain('indexing');
    });

    it('counts added, changed and removed records against the generation before', async () => {
      const first = open();
      fill(first, list(person({ id: 1, first_Name: 'A', last_Name: 'A' }), person({ id: 2, first_Name: 'B', last_Name: 'B' }), person({ id: 3, first_Name: 'C', last_Name: 'C' })));
      await first.build(download, null, false);
      const second = open();
      fill(second, list(person({ id: 1, first_Name: 'A', last_Name: 'A' }), person({ id: 3, first_Name: 'C', last_Name: 'C', updated: '2026-11-23T09:00:00.000+00:00' }), person({ id: 4, first_Name: 'D', last_Name: 'D' })));
      const outcome = await second.build(download, await first.basis(), false);
      expect(outcome).toMatchObject({ outcome: 'built', counts: { total: 3, added: 1, changed: 1, removed: 1 } });
    });

    it('counts a record as changed when any field changed, even with the same `updated` (an address, a phone, a tenant)', async () => {
      const records = [person({ id: 1, first_Name: 'A', last_Name: 'A' }), person({ id: 2, first_Name: 'B', last_Name: 'B' }), person({ id: 3, first_Name: 'C', last_Name: 'C' })];
      const first = open();
      fill(first, list(...records));
      await first.build(download, null, false);
      const second = open();
      fill(second, list({ ...records[0]!, city: 'Elsewhere' }, { ...records[1]!, phone: '+44 20 7946 0999' }, records[2]!));
      const outcome = await second.build(download, await first.basis(), false);
      expect(outcome).toMatchObject({ outcome: 'built', counts: { total: 3, added: 0, changed: 2, removed: 0 } });
    });

    it('neither counts nor compares the cardholders created offline (provisional, negative ids)', async () => {
      const first = open();
      fill(first, list(person({ id: 1, first_Name: 'A', last_Name: 'A' }), person({ id: 2, first_Name: 'B', last_Name: 'B' })));
      await first.build(download, null, false);
      await first.upsert([person({ id: -1, first_Name: 'Nora', last_Name: 'Offline' })], false);
      expect((await first.stats()).records).toBe(2);
      expect((await first.search('offline', 0, 10)).records.map((r) => r.id)).toEqual([-1]);
      const second = open();
      fill(second, list(person({ id: 1, first_Name: 'A', last_Name: 'A' }), person({ id: 2, first_Name: 'B', last_Name: 'B' })));
      const outcome = await second.build(download, await first.basis(), false);
      expect(outcome).toMatchObject({ outcome: 'built', counts: { total: 2, added: 0, changed: 0, removed: 0 } });
    });

    it('sets malformed records aside and reports them, and fails on an answer that is not JSON or holds no list', async () => {
      const engine = open();
      const bad = { ...person({ id: 2, first_Name: 'B', last_Name: 'B' }), photo_Exists: 'yes' };
      fill(engine, new Uint8Array(Buffer.from(JSON.stringify([person({ id: 1, first_Name: 'A', last_Name: 'A' }), bad]))));
      const outcome = await engine.build(download, null, false);
      expect(outcome).toMatchObject({ outcome: 'built', counts: { total: 1, rejected: 1, problems: [{ index: 1, id: 2, field: 'photo_Exists' }] } });

      const cut = open();
      fill(cut, list(person({ id: 1, first_Name: 'A', last_Name: 'A' })).slice(0, 50));
      expect(await cut.build(download, null, false)).toMatchObject({ outcome: 'failed', reason: 'not-json', said: { key: 'errors.directoryNotJson', message: expect.stringMatching(/not valid JSON/) } });

      const wrapper = open();
      fill(wrapper, new Uint8Array(Buffer.from('{"status":"maintenance"}')));
      expect(await wrapper.build(download, null, false)).toMatchObject({ outcome: 'failed', reason: 'no-list', said: { key: 'errors.directoryNoList' } });

      const allBad = open();
      fill(allBad, new Uint8Array(Buffer.from(JSON.stringify([bad]))));
      expect(await allBad.build(download, null, false)).toMatchObject({ outcome: 'failed', reason: 'no-usable-record', said: { key: 'errors.directoryNoneReadable', params: { count: 1 } } });
    });

    it('holds back an empty list, or one much smaller than the directory, unless told to take it', async () => {
      const full = open();
      fill(full, list(...Array.from({ length: 150 }, (_, i) => person({ id: i + 1, first_Name: 'P', last_Name: `L${i}` }))));
      await full.build(download, null, false);
      const basis = await full.basis();
      const empty = open();
      fill(empty, list());
      expect(await empty.build(download, basis, false)).toEqual({ outcome: 'held', previous: 150, received: 0, usable: 0 });
      const shrunk = open();
      fill(shrunk, list(...Array.from({ length: 60 }, (_, i) => person({ id: i + 1, first_Name: 'P', last_Name: `L${i}` }))));
      expect(await shrunk.build(download, basis, false)).toMatchObject({ outcome: 'held', previous: 150, usable: 60 });
      const taken = open();
      fill(taken, list());
      expect(await taken.build(download, basis, true)).toMatchObject({ outcome: 'built', counts: { total: 0, removed: 150 } });
    });

    for (const encrypted of [false, true]) {
      it(`saves the snapshot ${encrypted ? 'encrypted' : 'unencrypted'}, owner-only, and loads it back with the local changes`, async () => {
        const key = encrypted ? randomBytes(32) : null;
        const engine = open(key);
        fill(engine, list(person({ id: 1, first_Name: 'Siobhán', last_Name: "O'Brien", email: 'siobhan.obrien@contoso.example' })));
        await engine.build(download, null, false);
        await engine.save();
        await engine.upsert([person({ id: 2, first_Name: 'Ny', last_Name: 'Person' })], false);
        const file = join(dir, 'directory.snapshot');
        expect((await stat(file)).mode & 0o777).toBe(0o600);
        expect((await stat(join(dir, 'directory.changes'))).mode & 0o777).toBe(0o600);
        const raw = await readFile(file);
        expect(raw.includes(Buffer.from('siobhan.obrien'))).toBe(!encrypted);

        const again = open(key);
        const loaded = await again.load();
        expect(loaded).toMatchObject({ outcome: 'loaded', records: 2, changes: 1, meta: { etag: '"v1"', records: 1, service: 'sim:1' } });
        expect((await again.search('obrien', 0, 10)).records.map((r) => r.id)).toEqual([1]);
        expect((await again.search('person', 0, 10)).records.map((r) => r.id)).toEqual([2]);
      });
    }

    it('saves a list of several mebibytes exactly as received, and loads every record back', async () => {
      const key = randomBytes(32);
      const people = Array.from({ length: 3000 }, (_, i) => person({ id: i + 1, first_Name: `Zoë${i}`, last_Name: `Åberg-Nuñez ${'ø'.repeat(300)}`, email: `p${i}@contoso.example` }));
      const bytes = list(...people);
      expect(bytes.byteLength).toBeGreaterThan(2.5 * 1024 * 1024);
      const engine = open(key);
      // Odd piece sizes: the blocks kept for the snapshot and the text decoded never line up with them.
      for (const piece of pieces(bytes, 40_009)) engine.receive(piece);
      expect(await engine.build(download, null, false)).toMatchObject({ outcome: 'built', counts: { total: 3000 } });
      await engine.save();
      const again = open(key);
      expect(await again.load()).toMatchObject({ outcome: 'loaded', records: 3000 });
      expect((await again.get(2999))?.first_Name).toBe('Zoë2998');
      expect((await again.search('zoe1500', 0, 10)).records[0]?.id).toBe(1501);
    });

    it('ignores a damaged, foreign or too open snapshot with a message, and loads nothing when there is none', async () => {
      const file = join(dir, 'directory.snapshot');
      expect(await open().load()).toEqual({ outcome: 'none' });
      await writeFile(file, 'garbage', { mode: 0o600 });
      expect(await open().load()).toEqual({ outcome: 'unusable', message: expect.stringMatching(/not a directory snapshot/), issue: { code: 'notSnapshot' } });

      const key = randomBytes(32);
      const engine = open(key);
      fill(engine, list(person({ id: 1, first_Name: 'A', last_Name: 'A' })));
      await engine.build(download, null, false);
      await engine.save();
      expect(await open(randomBytes(32)).load()).toEqual({ outcome: 'unusable', message: expect.stringMatching(/cannot be decrypted/), issue: { code: 'cannotDecrypt' } });
      expect(await open(null).load()).toEqual({ outcome: 'unusable', message: expect.stringMatching(/encrypted/), issue: { code: 'noKey' } });
      const bytes = await readFile(file);
      bytes[bytes.length - 20] = (bytes[bytes.length - 20] as number) ^ 0xff;
      await writeFile(file, bytes, { mode: 0o600 });
      expect(await open(key).load()).toEqual({ outcome: 'unusable', message: expect.stringMatching(/cannot be decrypted/), issue: { code: 'cannotDecrypt' } });

      const plain = open();
      fill(plain, list(person({ id: 1, first_Name: 'A', last_Name: 'A' })));
      await plain.build(download, null, false);
      await plain.save();
      if (process.platform !== 'win32') {
        await chmod(file, 0o644);
        expect(await open().load()).toEqual({ outcome: 'unusable', message: expect.stringMatching(/other user accounts may read it/), issue: { code: 'tooOpen', detail: expect.any(String) } });
      }
    });

    it('takes a local change only when it is newer, with onlyIfNewer', async () => {
      const engine = open();
      fill(engine, list(person({ id: 1, first_Name: 'A', last_Name: 'Old', updated: '2026-11-23T10:00:00.000+00:00' })));
      await engine.build(download, null, false);
      expect(await engine.upsert([person({ id: 1, first_Name: 'A', last_Name: 'Older', updated: '2026-11-23T09:00:00.000+00:00' })], true)).toBe(0);
      expect(await engine.upsert([person({ id: 1, first_Name: 'A', last_Name: 'Newer', updated: '2026-11-23T11:00:00.000+00:00' })], true)).toBe(1);
      expect(await engine.upsert([person({ id: 7, first_Name: 'B', last_Name: 'Created' })], true)).toBe(1);
      expect((await engine.get(1))?.last_Name).toBe('Newer');
      expect((await engine.get(7))?.last_Name).toBe('Created');
    });

    it('lists every tenant number on a cardholder, local changes included', async () => {
      const engine = open();
      expect(await engine.tenants()).toEqual([]);
      fill(engine, list(person({ id: 1, first_Name: 'A', last_Name: 'A', tenant: [0, 3] }), person({ id: 2, first_Name: 'B', last_Name: 'B', tenant: [0, 1] })));
      await engine.build(download, null, false);
      await engine.upsert([person({ id: 1, first_Name: 'A', last_Name: 'A', tenant: [0, 9], updated: '2026-11-24T10:00:00.000+00:00' })], false);
      expect(await engine.tenants()).toEqual([0, 1, 9]);
    });

    it('forgets everything and removes its files when cleared', async () => {
      const engine = open();
      fill(engine, list(person({ id: 1, first_Name: 'A', last_Name: 'A' })));
      await engine.build(download, null, false);
      await engine.save();
      await engine.upsert([person({ id: 2, first_Name: 'B', last_Name: 'B' })], false);
      await engine.clear();
      expect((await engine.search('', 0, 10)).total).toBe(0);
      await expect(stat(join(dir, 'directory.snapshot'))).rejects.toThrow();
      await expect(stat(join(dir, 'directory.changes'))).rejects.toThrow();
      expect(await open().load()).toEqual({ outcome: 'none' });
    });
  });
}

describe('directory engine thread', () => {
  it('fails pending and later calls with a clear error once closed', async () => {
    const engine = threadEngine({ files: { snapshot: join(dir, 's'), changes: join(dir, 'c') }, key: null, service: 'sim:1' }, () => undefined);
    await engine.close();
    await expect(engine.search('', 0, 1)).rejects.toThrow(/closed/);
  });

  it('keeps a retired generation\'s thread warm for the next generation, which starts empty', async () => {
    const files = { snapshot: join(dir, 's'), changes: join(dir, 'c') };
    const firstProgress: Parameters<EngineProgress>[] = [];
    const first = threadEngine({ files, key: null, service: 'sim:1' }, (...p) => firstProgress.push(p));
    // Two generations at once (the one answering, the one being built) run in two threads.
    const other = threadEngine({ files, key: null, service: 'sim:1' }, () => undefined);
    for (const piece of pieces(list(person({ id: 1, first_Name: 'Siobhán', last_Name: 'Ó Briain' })))) first.receive(piece);
    await first.build(download, null, false);
    const firstThread = (await first.stats()).threadId;
    expect(firstThread).toBeGreaterThan(0);
    expect((await other.stats()).threadId).not.toBe(firstThread);
    await first.close();
    const heard = firstProgress.length;

    const progress: Parameters<EngineProgress>[] = [];
    const next = threadEngine({ files, key: null, service: 'sim:1' }, (...p) => progress.push(p));
    engines.push(next, other);
    expect(await next.stats()).toMatchObject({ records: 0, threadId: firstThread });
    expect((await next.search('siobhan', 0, 10)).total).toBe(0);
    for (const piece of pieces(list(person({ id: 2, first_Name: 'Åse', last_Name: 'Nygård' })))) next.receive(piece);
    expect(await next.build(download, null, false)).toMatchObject({ outcome: 'built', counts: { total: 1, added: 1 } });
    expect((await next.search('nygard', 0, 10)).records.map((r) => r.id)).toEqual([2]);
    expect(progress.map(([phase]) => phase)).toContain('indexing');
    expect(firstProgress).toHaveLength(heard);
  });
});
