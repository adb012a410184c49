/** The front desk's stores: lookup pages and stale answers, the record view, the directory state. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, DIRECTORY_READY, fail, fake, makeCardholder, makeOutboxItem, ok, outboxWith } from '../support/fake-kiosk';


import { PAGE_SIZE, SLOW_SEARCH_MS, useLookupStore } from '../../../renderer/src/cardholders/lookup-store';
import { useRecordStore } from '../../../renderer/src/cardholders/record-store';
import { useDirectoryStore } from '../../../renderer/src/cardholders/directory-store';
import { useOutboxStore } from '../../../renderer/src/outbox/outbox-store';
import type { OutboxState } from '../../../electron/contract/ipc';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('lookup store', () => {
  it('asks at every keystroke and shows nothing for a blank query, without asking', async () => {
    const lookup = useLookupStore();
    await lookup.search('dup');
    expect(lookup.total).toBe(2);
    expect(lookup.itemAt(0)?.last_Name).toBe('Dupont');
    expect(lookup.active).toBe(0);
    await lookup.search('   ');
    expect(lookup.total).toBe(0);
    expect(lookup.itemAt(0)).toBeNull();
    expect(fake.current.api.searchCardholders).toHaveBeenCalledTimes(1);
  });

  it('keeps the row the officer highlighted while the answer to the last keystroke was on its way', async () => {
    const lookup = useLookupStore();
    await lookup.search('d');
    let release: () => void = () => undefined;
    const original = fake.current.api.searchCardholders.getMockImplementation();
    fake.current.api.searchCardholders.mockImplementationOnce(
      (request) =>
        new Promise((resolve) => {
          release = () => void original?.(request).then(resolve);
        }),
    );
    const pending = lookup.search('du');
    lookup.move(1);
    release();
    await pending;
    expect(lookup.total).toBeGreaterThan(1);
    expect(lookup.active).toBe(1);
  });

  it('keeps the highlight on the saved person when the lookup is asked again after a save', async () => {
    const lookup = useLookupStore();
    await lookup.search('d');
    const second = lookup.itemAt(1);
    expect(second).not.toBeNull();
    await lookup.refresh(second?.id ?? null);
    expect(lookup.active).toBe(1);
    lookup.move(1);
    await lookup.refresh();
    expect(lookup.active).toBe(1);
  });

  it('drops an answer that comes back after a newer keystroke', async () => {
    const lookup = useLookupStore();
    let releaseSlow: () => void = () => undefined;
    fake.current.api.searchCardholders.mockImplementationOnce(
      (request) =>
        new Promise((resolve) => {
          releaseSlow = () => resolve(ok({ query: request.query, total: 99, offset: 0, items: [makeCardholder(50)] }));
        }),
    );
    const slow = lookup.search('d');
    await lookup.search('dupon');
    releaseSlow();
    await slow;
    expect(lookup.shownQuery).toBe('dupon');
    expect(lookup.total).toBe(2);
  });

  it('says it is searching only when an answer is slow', async () => {
    vi.useFakeTimers();
    try {
      const lookup = useLookupStore();
      let release: () => void = () => undefined;
      fake.current.api.searchCardholders.mockImplementationOnce(
        (request) =>
          new Promise((resolve) => {
            release = () => resolve(ok({ query: request.query, total: 0, offset: 0, items: [] }));
          }),
      );
      const pending = lookup.search('zz');
      await vi.advanceTimersByTimeAsync(SLOW_SEARCH_MS - 50);
      expect(lookup.slow).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(lookup.slow).toBe(true);
      release();
      await pending;
      expect(lookup.slow).toBe(false);
      await lookup.search('dup');
      await vi.advanceTimersByTimeAsync(SLOW_SEARCH_MS * 2);
      expect(lookup.slow).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads further pages as rows come into view', async () => {
    fake.current.cardholders.length = 0;
    for (let i = 1; i <= 250; i++) fake.current.cardholders.push(makeCardholder(i, { last_Name: `Smith${String(i).padStart(3, '0')}` }));
    const lookup = useLookupStore();
    await lookup.search('smith');
    expect(lookup.total).toBe(250);
    expect(lookup.itemAt(PAGE_SIZE + 5)).toBeNull();
    await lookup.ensureRows(PAGE_SIZE, PAGE_SIZE + 30);
    expect(lookup.itemAt(PAGE_SIZE + 5)?.id).toBe(PAGE_SIZE + 6);
    expect(fake.current.api.searchCardholders).toHaveBeenLastCalledWith({ query: 'smith', offset: PAGE_SIZE, limit: PAGE_SIZE });
    await lookup.ensureRows(PAGE_SIZE, PAGE_SIZE + 30);
    expect(fake.current.api.searchCardholders).toHaveBeenCalledTimes(2);
  });

  it('asks at each keystroke for just the rows the list shows, and for pages of that size as it scrolls', async () => {
    fake.current.cardholders.length = 0;
    for (let i = 1; i <= 250; i++) fake.current.cardholders.push(makeCardholder(i, { last_Name: `Smith${String(i).padStart(3, '0')}` }));
    const lookup = useLookupStore();
    lookup.showRows(17);
    await lookup.search('smith');
    expect(fake.current.api.searchCardholders).toHaveBeenLastCalledWith({ query: 'smith', offset: 0, limit: 17 });
    expect(lookup.itemAt(16)?.id).toBe(17);
    expect(lookup.itemAt(17)).toBeNull();
    await lookup.ensureRows(10, 30);
    expect(fake.current.api.searchCardholders).toHaveBeenLastCalledWith({ query: 'smith', offset: 17, limit: 17 });
    expect(lookup.itemAt(29)?.id).toBe(30);
    // The window grew: the next keystroke asks for the new number; a tiny list still asks for a useful page.
    lookup.showRows(2);
    await lookup.search('smith0');
    expect(fake.current.api.searchCardholders).toHaveBeenLastCalledWith({ query: 'smith0', offset: 0, limit: 8 });
    expect(fake.current.api.searchCardholders).toHaveBeenCalledTimes(3);
  });

  it('moves the highlight within the result and forgets everything when cleared', async () => {
    const lookup = useLookupStore();
    await lookup.search('dup');
    lookup.move(5);
    expect(lookup.active).toBe(1);
    lookup.move(-3);
    expect(lookup.active).toBe(0);
    lookup.clear();
    expect(lookup.query).toBe('');
    expect(lookup.total).toBe(0);
    expect(lookup.pages.size).toBe(0);
    expect(lookup.active).toBe(-1);
  });

  it('says why when the lookup fails, and keeps what was typed', async () => {
    fake.current.api.searchCardholders.mockResolvedValueOnce(fail('internal', 'The kiosk could not complete the request.'));
    const lookup = useLookupStore();
    await lookup.search('dup');
    expect(lookup.error?.message).toBe('The kiosk could not complete the request.');
    expect(lookup.query).toBe('dup');
  });
});

describe('record store', () => {
  it('opens a record from its row and reads it from main', async () => {
    const record = useRecordStore();
    const row = makeCardholder(1, { first_Name: 'Marie', last_Name: 'Dupont' });
    await record.open(row);
    expect(record.view?.record.first_Name).toBe('Marie');
    expect(record.loading).toBe(false);
    record.clear();
    expect(record.view).toBeNull();
    expect(record.summary).toBeNull();
  });

  it('keeps the row and says why when the record cannot be read', async () => {
    const record = useRecordStore();
    await record.open(makeCardholder(77));
    expect(record.error?.code).toBe('not_found');
    expect(record.summary?.id).toBe(77);
  });

  it('ignores the answer for a record the officer has already left', async () => {
    const record = useRecordStore();
    let release: () => void = () => undefined;
    fake.current.api.getCardholder.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ record: makeCardholder(1), refreshed: true, warning: null, queued: [] }));
        }),
    );
    const first = record.open(makeCardholder(1));
    await record.open(makeCardholder(2, { last_Name: 'Dupond' }));
    release();
    await first;
    expect(record.view?.record.id).toBe(2);
  });

  it('follows a cardholder created offline to its real id, and reads it again when its photo is sent while that read was under way', async () => {
    const record = useRecordStore();
    await useOutboxStore().start();
    const photo = makeOutboxItem('photo-1', { kind: 'photo', cardholderId: 61 });
    // What main pushes; the front desk's view hands each state to the record store too.
    const pushed = (state: OutboxState): Promise<void> => {
      fake.current.emit('outboxState', state);
      return record.follow(state);
    };
    await record.open(makeCardholder(-1));
    // The create is confirmed; the record under its real id is read while the photo still waits...
    let release: () => void = () => undefined;
    fake.current.api.getCardholder.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ record: makeCardholder(61, { photo_Exists: false }), refreshed: true, warning: null, queued: [photo] }));
        }),
    );
    fake.current.api.getCardholder.mockImplementationOnce(async () => ok({ record: makeCardholder(61, { photo_Exists: true }), refreshed: true, warning: null, queued: [] }));
    const following = pushed(outboxWith([photo], { confirmed: [{ provisionalId: -1, id: 61, at: '2026-11-28T04:00:00.000Z' }] }));
    // ...and the photo is sent before that read answers: the last push the view sees.
    await pushed(outboxWith([], { confirmed: [{ provisionalId: -1, id: 61, at: '2026-11-28T04:00:00.000Z' }] }));
    release();
    await following;
    expect(record.view?.record.id).toBe(61);
    expect(record.view?.record.photo_Exists).toBe(true);
    expect(record.view?.queued).toEqual([]);
  });
});

describe('directory store', () => {
  it('takes the state from main and follows its pushes', async () => {
    const directory = useDirectoryStore();
    await directory.start();
    expect(directory.state?.records).toBe(3);
    fake.current.emit('directoryState', { ...DIRECTORY_READY, records: 4 });
    expect(directory.state?.records).toBe(4);
  });

  it('asks for a sync with a task of its own, and for the held list when the officer says so', async () => {
    const directory = useDirectoryStore();
    await directory.syncNow();
    await directory.syncNow(true);
    const calls = fake.current.api.syncDirectory.mock.calls.map(([request]) => request as { taskId: string; acceptShrink: boolean });
    expect(calls.map((c) => c.acceptShrink)).toEqual([false, true]);
    expect(calls[0]?.taskId).toMatch(/^directory-/);
    expect(calls[0]?.taskId).not.toBe(calls[1]?.taskId);
  });

  it('keeps a held list hidden once the officer chose to keep the directory', async () => {
    const directory = useDirectoryStore();
    await directory.start();
    const held = { outcome: 'held' as const, at: '2026-11-21T11:00:00.000Z', previous: 3, received: 0, usable: 0 };
    fake.current.emit('directoryState', { ...DIRECTORY_READY, held });
    directory.keepHeld();
    expect(directory.keptHeldAt).toBe(held.at);
  });
});
