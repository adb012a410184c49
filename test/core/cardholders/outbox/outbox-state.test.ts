/**
 * The outbox's pure model: queue order with one item at a time per cardholder, a create's
 * dependents following it to the service's id, what a restart means for an item that was being
 * sent, a pause, the next retry, and what the officer sees of an item.
 */
import { describe, expect, it } from 'vitest';
import { afterRestart, applyEvent, emptyModel, inQueueOrder, nextRetryAt, nextToSend, viewOf, type OutboxEvent, type OutboxItem, type OutboxModel } from '../../../../electron/core/cardholders/outbox/outbox-state';
import type { CardholderFields, KioskError } from '../../../../electron/contract/ipc';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (ms: number): string => new Date(T0 + ms).toISOString();
const outage: KioskError = { code: 'unreachable', message: 'The access-control service cannot be reached.' };

const fields: CardholderFields = {
  first_Name: 'Marie',
  last_Name: 'Dupont',
  middle_Name: '',
  employee_ID: 'E-1',
  email: '',
  sex: 'f',
  phone: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  tenant: [0],
  card_Holder_Type_ID: 1,
};

function item(seq: number, kind: OutboxItem['kind'], cardholderId: number, patch: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: `item-${seq}`,
    seq,
    kind,
    cardholderId,
    label: 'Dupont, Marie',
    queuedAt: at(seq),
    create: kind === 'create' ? fields : null,
    changes: kind === 'update' ? { phone: `+33 1 ${seq}` } : null,
    photo: kind === 'photo' ? { base64: Buffer.alloc(300).toString('base64'), contentType: 'image/jpeg', overriddenHints: [] } : null,
    state: 'pending',
    inDoubt: false,
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    ...patch,
  };
}

function modelOf(...events: OutboxEvent[]): OutboxModel {
  const model = emptyModel();
  for (const event of events) applyEvent(model, event);
  return model;
}

/** Sends (marks done) what nextToSend gives, in turn, and returns the ids in the order sent. */
function drain(model: OutboxModel, serverIds: Record<string, number> = {}): string[] {
  const sent: string[] = [];
  for (let item = nextToSend(model, T0); item; item = nextToSend(model, T0)) {
    sent.push(`${item.id}@${item.cardholderId}`);
    applyEvent(model, { type: 'done', id: item.id, at: at(0), serverId: serverIds[item.id] ?? null, linked: false });
  }
  return sent;
}

describe('outbox state', () => {
  it('sends in queue order, one item at a time per cardholder, others passing a cardholder that waits', () => {
    const model = modelOf(
      { type: 'queued', item: item(3, 'update', 7) },
      { type: 'queued', item: item(1, 'create', -1) },
      { type: 'queued', item: item(2, 'update', -1) },
      { type: 'queued', item: item(4, 'photo', 8) },
      { type: 'queued', item: item(5, 'photo', -1) },
    );
    expect(inQueueOrder(model).map((i) => i.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(nextToSend(model, T0)?.id).toBe('item-1');
    // While the create is being sent, what waits for that cardholder waits; others go.
    applyEvent(model, { type: 'attempt', id: 'item-1', at: at(0) });
    expect(nextToSend(model, T0)?.id).toBe('item-3');
    applyEvent(model, { type: 'attempt', id: 'item-3', at: at(0) });
    expect(nextToSend(model, T0)?.id).toBe('item-4');
    // A refused item holds its cardholder's later items (they depend on it), not the others.
    applyEvent(model, { type: 'refused', id: 'item-1', at: at(0), error: { code: 'rejected', message: 'The service refused the data: employee_ID is taken.' } });
    applyEvent(model, { type: 'done', id: 'item-3', at: at(0), serverId: null, linked: false });
    expect(nextToSend(model, T0)?.id).toBe('item-4');
    applyEvent(model, { type: 'done', id: 'item-4', at: at(0), serverId: null, linked: false });
    expect(nextToSend(model, T0)).toBeNull();
    expect(inQueueOrder(model).map((i) => [i.id, i.state])).toEqual([
      ['item-1', 'failed'],
      ['item-2', 'pending'],
      ['item-5', 'pending'],
    ]);
  });

  it('moves what waits for a create to the id the service gave it, and only that', () => {
    const model = modelOf(
      { type: 'queued', item: item(1, 'create', -1) },
      { type: 'queued', item: item(2, 'create', -2) },
      { type: 'queued', item: item(3, 'update', -1) },
      { type: 'queued', item: item(4, 'photo', -1) },
      { type: 'queued', item: item(5, 'update', -2) },
    );
    expect(drain(model, { 'item-1': 501, 'item-2': 502 })).toEqual(['item-1@-1', 'item-2@-2', 'item-3@501', 'item-4@501', 'item-5@502']);
    expect(model.items.size).toBe(0);
    // A done update carries no id: nothing moves.
    const other = modelOf({ type: 'queued', item: item(1, 'update', 9) }, { type: 'queued', item: item(2, 'update', -9) });
    applyEvent(other, { type: 'done', id: 'item-1', at: at(0), serverId: null, linked: false });
    expect(inQueueOrder(other).map((i) => i.cardholderId)).toEqual([-9]);
  });

  it('after a restart, an item that was being sent is pending and in doubt; the others are as they were', () => {
    const model = modelOf(
      { type: 'queued', item: item(1, 'create', -1) },
      { type: 'queued', item: item(2, 'update', 4) },
      { type: 'queued', item: item(3, 'update', 5) },
      { type: 'attempt', id: 'item-1', at: at(1) },
      { type: 'attempt', id: 'item-2', at: at(1) },
      { type: 'retry', id: 'item-2', at: at(2), error: outage, inDoubt: false, nextAttemptAt: at(5_000) },
      { type: 'attempt', id: 'item-3', at: at(3) },
      { type: 'refused', id: 'item-3', at: at(4), error: { code: 'rejected', message: 'no' } },
    );
    afterRestart(model);
    expect(inQueueOrder(model).map((i) => [i.id, i.state, i.inDoubt, i.attempts])).toEqual([
      ['item-1', 'pending', true, 1],
      ['item-2', 'pending', false, 1],
      ['item-3', 'failed', false, 1],
    ]);
  });

  it('a retry that may have reached the service stays in doubt, later tries do not clear it', () => {
    const model = modelOf(
      { type: 'queued', item: item(1, 'create', -1) },
      { type: 'retry', id: 'item-1', at: at(1), error: { code: 'timeout', message: 't' }, inDoubt: true, nextAttemptAt: at(10) },
      { type: 'retry', id: 'item-1', at: at(20), error: outage, inDoubt: false, nextAttemptAt: at(30) },
    );
    expect(model.items.get('item-1')).toMatchObject({ inDoubt: true, lastError: outage, nextAttemptAt: at(30) });
  });

  it('a pause holds the whole queue until it is lifted', () => {
    const model = modelOf({ type: 'queued', item: item(1, 'update', 3) }, { type: 'paused', at: at(1), error: { code: 'unauthorized', message: 'credential' } });
    expect(model.paused).toEqual({ at: at(1), error: { code: 'unauthorized', message: 'credential' } });
    expect(nextToSend(model, T0 + 1e9)).toBeNull();
    applyEvent(model, { type: 'resumed', at: at(2) });
    expect(model.paused).toBeNull();
    expect(nextToSend(model, T0)?.id).toBe('item-1');
  });

  it('waits for the next try of a retried item, and names the earliest one due', () => {
    const model = modelOf(
      { type: 'queued', item: item(1, 'update', 3) },
      { type: 'queued', item: item(2, 'update', 4) },
      { type: 'queued', item: item(3, 'update', 5) },
      { type: 'retry', id: 'item-1', at: at(0), error: outage, inDoubt: false, nextAttemptAt: at(4_000) },
      { type: 'retry', id: 'item-2', at: at(0), error: outage, inDoubt: false, nextAttemptAt: at(2_000) },
      { type: 'refused', id: 'item-3', at: at(0), error: { code: 'rejected', message: 'no' } },
    );
    expect(nextToSend(model, T0)).toBeNull();
    expect(nextRetryAt(model)).toBe(T0 + 2_000);
    expect(nextToSend(model, T0 + 1_999)).toBeNull();
    expect(nextToSend(model, T0 + 2_000)?.id).toBe('item-2');
    expect(nextToSend(model, T0 + 4_000)?.id).toBe('item-1');
    // Nothing pending with a time: no retry to wait for (a refused item waits for the officer).
    applyEvent(model, { type: 'done', id: 'item-1', at: at(0), serverId: null, linked: false });
    applyEvent(model, { type: 'done', id: 'item-2', at: at(0), serverId: null, linked: false });
    expect(nextRetryAt(model)).toBeNull();
  });

  it('a fixed item is pending again with the officer’s fields; a discarded one is gone; unknown ids are ignored', () => {
    const model = modelOf(
      { type: 'queued', item: item(1, 'create', -1) },
      { type: 'refused', id: 'item-1', at: at(1), error: { code: 'rejected', message: 'bad e-mail' } },
    );
    const fixed = { ...fields, email: 'marie.dupont@contoso.example' };
    applyEvent(model, { type: 'fixed', id: 'item-1', at: at(2), create: fixed, changes: null });
    expect(model.items.get('item-1')).toMatchObject({ state: 'pending', lastError: null, create: fixed });
    applyEvent(model, { type: 'discarded', id: 'item-1', at: at(3) });
    expect(model.items.size).toBe(0);
    for (const event of [
      { type: 'attempt', id: 'gone', at: at(4) },
      { type: 'done', id: 'gone', at: at(4), serverId: 3, linked: false },
      { type: 'refused', id: 'gone', at: at(4), error: outage },
    ] as OutboxEvent[]) applyEvent(model, event);
    expect(model.items.size).toBe(0);
  });

  it('never reuses a sequence number, also after the items are gone (the counter survives compaction)', () => {
    const model = modelOf({ type: 'counter', nextSeq: 40 }, { type: 'queued', item: item(12, 'update', 3) });
    expect(model.nextSeq).toBe(40);
    applyEvent(model, { type: 'queued', item: item(45, 'update', 3) });
    expect(model.nextSeq).toBe(46);
  });

  it('shows the officer the fields and the photo size, never the photo bytes', () => {
    const photo = viewOf(item(1, 'photo', 3));
    expect(photo).toMatchObject({ kind: 'photo', photoBytes: 300, fields: null });
    expect(JSON.stringify(photo)).not.toContain(Buffer.alloc(300).toString('base64'));
    expect(viewOf(item(2, 'update', 3)).fields).toEqual({ phone: '+33 1 2' });
    expect(viewOf(item(3, 'create', -3)).fields).toEqual(fields);
  });
});
