// The store survives restarts: cardholders (create, update, photo), events (injected, restored)
// and photos come back from the same data dir; `fresh` reseeds; saves happen on their own after a
// short debounce; a torn journal tail is tolerated; a damaged snapshot is refused (DECISIONS.md §5).

import { appendFile, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatorControls } from '../../electron/simulator/control-client';
import type { CardHolderRecord, MaxIdResult, SystemEventRecord } from '../../electron/simulator/records';
import { TINY_PNG, call, makeTempDir, startSmallSimulator } from './support';

let dir: { path: string; remove: () => Promise<void> };
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(() => dir.remove());

describe('persistence', () => {
  it('keeps created, updated and photographed cardholders and events across a restart', async () => {
    const first = await startSmallSimulator({ dataDir: dir.path, historyEvents: 20 });
    const created = await call<CardHolderRecord>(first.url, 'POST', '/api/CardHolders/create', { first_Name: 'Siobhán', last_Name: "O'Sullivan", sex: 'f' });
    const updated = await call<CardHolderRecord>(first.url, 'POST', '/api/CardHolders/update', { id: 3, phone: '+353 1 555', city: 'Cork' });
    const photo = await fetch(`${first.url}/api/CardHolders/${created.body.id}/photo`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: TINY_PNG });
    const photographed = (await photo.json()) as CardHolderRecord;
    const injected = first.injectEvent({ custom_Text: 'persisted event' });
    const listBefore = await call<CardHolderRecord[]>(first.url, 'GET', '/api/CardHolders');
    await first.close();

    const second = await startSmallSimulator({ dataDir: dir.path, historyEvents: 20 });
    try {
      expect((await call<CardHolderRecord>(second.url, 'GET', `/api/CardHolders/${created.body.id}`)).body).toEqual(photographed);
      expect((await call<CardHolderRecord>(second.url, 'GET', '/api/CardHolders/3')).body).toEqual(updated.body);
      expect((await call<CardHolderRecord[]>(second.url, 'GET', '/api/CardHolders')).body).toEqual(listBefore.body);
      expect(await new SimulatorControls(second.url).photo(created.body.id)).toMatchObject({ contentType: 'image/png', receivedAs: 'raw' });
      expect((await call<SystemEventRecord>(second.url, 'GET', `/api/SystemEvents/${injected.record_ID}`)).body).toEqual(injected);
      expect(second.maxEventId()).toBe(21);
      const next = await call<CardHolderRecord>(second.url, 'POST', '/api/CardHolders/create', { first_Name: 'Next', last_Name: 'One' });
      expect(next.body.id).toBe(created.body.id + 1);
      expect(second.injectEvent().record_ID).toBe(22);
    } finally {
      await second.close();
    }
  });

  it('keeps a restore across a restart (ids continue from the restored value)', async () => {
    const first = await startSmallSimulator({ dataDir: dir.path, historyEvents: 30 });
    await new SimulatorControls(first.url).restore(10);
    first.injectEvent({ custom_Text: 'eleven' });
    await first.close();
    const second = await startSmallSimulator({ dataDir: dir.path });
    try {
      expect((await call<MaxIdResult>(second.url, 'GET', '/api/SystemEvents/maxid')).body.maxId).toBe(11);
      expect((await call<SystemEventRecord>(second.url, 'GET', '/api/SystemEvents/11')).body.custom_Text).toBe('eleven');
      expect((await call(second.url, 'GET', '/api/SystemEvents/12')).status).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('reseeds with fresh, dropping data and photos', async () => {
    const first = await startSmallSimulator({ dataDir: dir.path, historyEvents: 10 });
    await call(first.url, 'POST', '/api/CardHolders/create', { first_Name: 'Gone', last_Name: 'Soon' });
    await fetch(`${first.url}/api/CardHolders/1/photo`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: TINY_PNG });
    await first.close();
    const second = await startSmallSimulator({ dataDir: dir.path, historyEvents: 10, fresh: true });
    try {
      const list = await call<CardHolderRecord[]>(second.url, 'GET', '/api/CardHolders');
      expect(list.body).toHaveLength(40);
      expect(list.body[0]?.photo_Exists).toBe(false);
      expect(await new SimulatorControls(second.url).photo(1)).toBeNull();
      expect(second.maxEventId()).toBe(10);
    } finally {
      await second.close();
    }
  });

  it('lets an existing store win over seeding options', async () => {
    const first = await startSmallSimulator({ dataDir: dir.path, cardholders: 12 });
    await first.close();
    const second = await startSmallSimulator({ dataDir: dir.path, cardholders: 99, seed: 7 });
    try {
      expect((await call<CardHolderRecord[]>(second.url, 'GET', '/api/CardHolders')).body).toHaveLength(12);
    } finally {
      await second.close();
    }
  });

  it('stores one snapshot file and one journal, not a file per record, and clears crash leftovers', async () => {
    const sim = await startSmallSimulator({ dataDir: dir.path, cardholders: 2500 });
    await sim.close();
    await writeFile(join(dir.path, 'cardholders.ndjson.tmp-123-4'), 'half a save');
    await (await startSmallSimulator({ dataDir: dir.path })).close();
    const files = (await readdir(dir.path)).sort();
    expect(files).toEqual(['cardholders.ndjson', 'events.ndjson']);
    const lines = (await readFile(join(dir.path, 'cardholders.ndjson'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1 + 3);
  });

  it('saves on its own shortly after a change, without close()', async () => {
    const sim = await startSmallSimulator({ dataDir: dir.path });
    try {
      await call(sim.url, 'POST', '/api/CardHolders/create', { first_Name: 'Debounced', last_Name: 'Save' });
      sim.injectEvent({ custom_Text: 'journalled' });
      // Written by the store's own timer: waited for as it lands (a file not there yet reads as '').
      const content = (name: string): Promise<string> => readFile(join(dir.path, name), 'utf8').catch(() => '');
      await expect.poll(() => content('cardholders.ndjson'), { timeout: 15_000 }).toContain('Debounced');
      await expect.poll(() => content('events.ndjson'), { timeout: 15_000 }).toContain('journalled');
    } finally {
      await sim.close();
    }
  });

  it('tolerates a torn last line in the event journal', async () => {
    const first = await startSmallSimulator({ dataDir: dir.path, historyEvents: 15 });
    await first.close();
    await appendFile(join(dir.path, 'events.ndjson'), '[16,17000000');
    const second = await startSmallSimulator({ dataDir: dir.path });
    try {
      expect(second.maxEventId()).toBe(15);
      expect(second.injectEvent().record_ID).toBe(16);
    } finally {
      await second.close();
    }
    const third = await startSmallSimulator({ dataDir: dir.path });
    try {
      expect(third.maxEventId()).toBe(16);
    } finally {
      await third.close();
    }
  });

  it('takes a journal line of an unknown malformed kind, or of an impossible length, as a damaged tail', async () => {
    const first = await startSmallSimulator({ dataDir: dir.path, historyEvents: 3 });
    await new SimulatorControls(first.url).injectMalformedEvent({ kind: 'oversize', bytes: 1000 });
    await first.close();
    const journal = join(dir.path, 'events.ndjson');
    const text = await readFile(journal, 'utf8');
    expect(text.trim().split('\n').at(-1)).toMatch(/^\[4,.*,"oversize",1000\]$/);
    for (const damaged of [text.replace('"oversize",1000]', '"oversize",10]'), text.replace('"oversize",1000]', '"mystery"]'), text.replace('"oversize",1000]', '"no-id",1000]')]) {
      await writeFile(journal, damaged);
      const second = await startSmallSimulator({ dataDir: dir.path });
      try {
        expect(second.maxEventId()).toBe(3);
        expect((await call(second.url, 'GET', '/api/SystemEvents/4')).status).toBe(404);
      } finally {
        await second.close();
      }
    }
  });

  it('refuses a damaged cardholder snapshot with a message pointing at --fresh', async () => {
    const first = await startSmallSimulator({ dataDir: dir.path });
    await first.close();
    await writeFile(join(dir.path, 'cardholders.ndjson'), '{"format":"something else"}\n');
    await expect(startSmallSimulator({ dataDir: dir.path })).rejects.toThrow(/--fresh/);
  });
});
