/**
 * The outbox's state and the events that change it: what the journal records, and the one pure
 * function that applies an event to the state (so the state after a restart is exactly the state
 * the events on disk describe). Also what to send next: in queue order, one item at a time per
 * cardholder — an item waits while an earlier one for the same cardholder is not done (an update
 * or a photo of a cardholder created offline waits for that create, then goes to the id the
 * service gave it). No I/O here.
 */
import type { CardholderFields, KioskError, OutboxItemView, OutboxKind } from '../../../contract/ipc';

export interface QueuedPhoto {
  base64: string;
  contentType: 'image/jpeg' | 'image/png';
  overriddenHints: string[];
}

export interface OutboxItem {
  id: string;
  seq: number;
  kind: OutboxKind;
  /** The cardholder's id on the service, or the provisional negative id of one created offline. */
  cardholderId: number;
  label: string;
  queuedAt: string;
  create: CardholderFields | null;
  changes: Partial<CardholderFields> | null;
  photo: QueuedPhoto | null;
  state: 'pending' | 'sending' | 'failed';
  /** A try may have reached the service: look before sending again. */
  inDoubt: boolean;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: KioskError | null;
}

export type OutboxEvent =
  | { type: 'queued'; item: OutboxItem }
  | { type: 'attempt'; id: string; at: string }
  | { type: 'retry'; id: string; at: string; error: KioskError; inDoubt: boolean; nextAttemptAt: string }
  | { type: 'refused'; id: string; at: string; error: KioskError; inDoubt?: boolean }
  /** Sent, or found already applied: a create gives the cardholder's id on the service. */
  | { type: 'done'; id: string; at: string; serverId: number | null; linked: boolean }
  | { type: 'fixed'; id: string; at: string; create: CardholderFields | null; changes: Partial<CardholderFields> | null }
  | { type: 'discarded'; id: string; at: string }
  | { type: 'paused'; at: string; error: KioskError }
  | { type: 'resumed'; at: string }
  /** Written first by a compaction: the counter, so ids are never reused. */
  | { type: 'counter'; nextSeq: number };

export interface OutboxModel {
  items: Map<string, OutboxItem>;
  nextSeq: number;
  paused: { at: string; error: KioskError } | null;
  /**
   * Provisional ids of creates the service confirmed, and its ids for them: a change the officer
   * makes on a provisional record still open in the form after its create went goes to the real one.
   */
  confirmed: Map<number, number>;
}

export function emptyModel(): OutboxModel {
  return { items: new Map(), nextSeq: 1, paused: null, confirmed: new Map() };
}

/** The id to use for a cardholder: a provisional id whose create the service confirmed becomes its id there. */
export function resolveId(model: OutboxModel, id: number): number {
  return id < 0 ? (model.confirmed.get(id) ?? id) : id;
}

/** Applies one event (events about unknown items are ignored: the item was done or discarded). */
export function applyEvent(model: OutboxModel, event: OutboxEvent): void {
  const item = 'id' in event ? model.items.get(event.id) : undefined;
  switch (event.type) {
    case 'queued':
      // Queued for a provisional record whose create was confirmed meanwhile (while this was being written): the service's id.
      model.items.set(event.item.id, { ...event.item, cardholderId: resolveId(model, event.item.cardholderId) });
      model.nextSeq = Math.max(model.nextSeq, event.item.seq + 1);
      return;
    case 'counter':
      model.nextSeq = Math.max(model.nextSeq, event.nextSeq);
      return;
    case 'attempt':
      if (!item) return;
      item.state = 'sending';
      item.attempts += 1;
      return;
    case 'retry':
      if (!item) return;
      item.state = 'pending';
      item.inDoubt = item.inDoubt || event.inDoubt;
      item.lastError = event.error;
      item.nextAttemptAt = event.nextAttemptAt;
      return;
    case 'refused':
      if (!item) return;
      item.state = 'failed';
      item.inDoubt = item.inDoubt || event.inDoubt === true;
      item.lastError = event.error;
      item.nextAttemptAt = null;
      return;
    case 'done': {
      if (!item) return;
      model.items.delete(item.id);
      // A cardholder created here now has its id on the service: what waits for it goes there.
      if (item.kind === 'create' && event.serverId !== null) {
        model.confirmed.set(item.cardholderId, event.serverId);
        for (const other of model.items.values()) if (other.cardholderId === item.cardholderId) other.cardholderId = event.serverId;
      }
      return;
    }
    case 'fixed':
      if (!item) return;
      item.state = 'pending';
      item.lastError = null;
      item.nextAttemptAt = null;
      if (event.create) item.create = event.create;
      if (event.changes) item.changes = event.changes;
      return;
    case 'discarded':
      if (!item) return;
      model.items.delete(item.id);
      // What waited for a discarded create cannot be sent: it is discarded with it (the caller
      // writes those events too); an update of a real cardholder stays.
      return;
    case 'paused':
      model.paused = { at: event.at, error: event.error };
      return;
    case 'resumed':
      model.paused = null;
      return;
  }
}

/** After a restart: an item that was being sent may have reached the service. */
export function afterRestart(model: OutboxModel): void {
  for (const item of model.items.values()) {
    if (item.state === 'sending') {
      item.state = 'pending';
      item.inDoubt = true;
    }
  }
}

export function inQueueOrder(model: OutboxModel): OutboxItem[] {
  return [...model.items.values()].sort((a, b) => a.seq - b.seq);
}

/** The next item to send, or null: the first pending item whose cardholder has nothing earlier unfinished. */
export function nextToSend(model: OutboxModel, now: number): OutboxItem | null {
  if (model.paused) return null;
  const blocked = new Set<number>();
  for (const item of inQueueOrder(model)) {
    if (blocked.has(item.cardholderId)) continue;
    blocked.add(item.cardholderId);
    if (item.state !== 'pending') continue;
    if (item.nextAttemptAt !== null && Date.parse(item.nextAttemptAt) > now) continue;
    return item;
  }
  return null;
}

/** The earliest time a retry is due, or null when nothing waits for one. */
export function nextRetryAt(model: OutboxModel): number | null {
  let earliest: number | null = null;
  for (const item of model.items.values()) {
    if (item.state !== 'pending' || item.nextAttemptAt === null) continue;
    const at = Date.parse(item.nextAttemptAt);
    earliest = earliest === null ? at : Math.min(earliest, at);
  }
  return earliest;
}

/** What the officer sees of an item (never the photo's bytes). */
export function viewOf(item: OutboxItem): OutboxItemView {
  return {
    id: item.id,
    kind: item.kind,
    cardholderId: item.cardholderId,
    label: item.label,
    queuedAt: item.queuedAt,
    state: item.state,
    attempts: item.attempts,
    ...(item.inDoubt ? { inDoubt: true } : {}),
    nextAttemptAt: item.nextAttemptAt,
    lastError: item.lastError,
    fields: item.create ?? item.changes ?? null,
    photoBytes: item.photo ? Math.floor((item.photo.base64.length * 3) / 4) : null,
  };
}
