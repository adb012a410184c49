/**
 * CardholderDirectory's background save: sync() resolves once the new generation answers, the
 * snapshot is saved after; the next sync, clear and close wait for that save, and a save that
 * fails keeps the lookup and is reported by saved().
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CardholderDirectory } from '../../../../electron/core/cardholders/directory/cardholder-directory';
import { localEngine, type EngineFactory } from '../../../../electron/core/cardholders/directory/engine-handle';
import type { CardHolder } from '../../../../electron/core/service/access-service';
import { person } from '../../../support/cardholders';

const facts = { syncedAt: '2026-11-23T10:00:00.000Z', etag: null, lastModified: null };
async function* body(...records: CardHolder[]): AsyncGenerator<Uint8Array> {
  yield new Uint8Array(Buffer.from(JSON.stringify(records)));
}
/** Lets every pending callback and I/O completion run (no clock involved). */
const turns = async (n = 20): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** The engine in this thread, with its save held until the test lets it go. */
function gatedEngines(): { engines: EngineFactory; spawned: () => number; release: () => void; saves: () => number } {
  let spawned = 0;
  let saves = 0;
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const engines: EngineFactory = (options, onProgress) => {
    spawned++;
    const engine = localEngine(options, onProgress);
    return {
      ...engine,
      async save() {
        saves++;
        await gate;
        await engine.save();
      },
    };
  };
  return {
    engines,
    spawned: () => spawned,
    saves: () => saves,
    release: () => {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiosk-cardholder-directory-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('cardholder directory, saving in the background', () => {
  it('answers with the new generation before its snapshot is saved; the next sync waits for the save', async () => {
    const gated = gatedEngines();
    const directory = new CardholderDirectory({ dataDir: dir, key: null, service: 'sim:1', engines: gated.engines });
    const first = await directory.replace({ facts, body: body(person({ id: 1, first_Name: 'Åsa', last_Name: 'Lindqvist' })) }, false);
    expect(first.outcome).toBe('built');
    expect((await directory.search('asa', 0, 10)).total).toBe(1);
    let saved = false;
    void directory.saved().then(() => (saved = true));
    await turns();
    expect(saved).toBe(false);
    await expect(readFile(directory.files.snapshot)).rejects.toMatchObject({ code: 'ENOENT' });

    // A second sync does not start its generation while the first one's snapshot is being saved.
    const second = directory.replace({ facts: { ...facts, etag: '"2"' }, body: body(person({ id: 1, first_Name: 'Åsa', last_Name: 'Lindqvist' }), person({ id: 2, first_Name: 'Eoin', last_Name: "O'Sullivan" })) }, false);
    await turns();
    expect(gated.spawned()).toBe(1);
    gated.release();
    await expect(second).resolves.toMatchObject({ outcome: 'built', counts: { total: 2, added: 1 } });
    expect(saved).toBe(true);
    expect(gated.spawned()).toBe(2);
    expect((await readFile(directory.files.snapshot)).includes(Buffer.from('Lindqvist'))).toBe(true);

    // Closing waits for the second save too: the file then holds the second list.
    let closed = false;
    const closing = directory.close().then(() => (closed = true));
    await turns();
    expect(closed).toBe(false);
    gated.release();
    await closing;
    expect((await readFile(directory.files.snapshot)).includes(Buffer.from("O'Sullivan"))).toBe(true);
  });

  it('clear waits for the save under way, then removes the file it wrote', async () => {
    const gated = gatedEngines();
    const directory = new CardholderDirectory({ dataDir: dir, key: null, service: 'sim:1', engines: gated.engines });
    await directory.replace({ facts, body: body(person({ id: 1, first_Name: 'Núria', last_Name: 'Puig' })) }, false);
    let cleared = false;
    const clearing = directory.clear().then(() => (cleared = true));
    await turns();
    expect(cleared).toBe(false);
    gated.release();
    await clearing;
    await expect(readFile(directory.files.snapshot)).rejects.toMatchObject({ code: 'ENOENT' });
    await directory.close();
  });

  it('a snapshot that cannot be written leaves the lookup working and is reported by saved()', async () => {
    const directory = new CardholderDirectory({ dataDir: dir, key: null, service: 'sim:1', engines: localEngine });
    // A folder where the file should go: the atomic rename fails, whoever the user is.
    await mkdir(directory.files.snapshot);
    const outcome = await directory.replace({ facts, body: body(person({ id: 7, first_Name: 'Björn', last_Name: 'Ødegård' })) }, false);
    expect(outcome.outcome).toBe('built');
    await expect(directory.saved()).rejects.toThrow();
    expect((await directory.search('odegard', 0, 10)).records.map((r) => r.id)).toEqual([7]);
    await directory.close();
  });
});
