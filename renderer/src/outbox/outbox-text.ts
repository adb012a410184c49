/**
 * The words of the outbox, shared by the status bar, the outbox panel and the record view: what
 * an item is ("New cardholder", "Change of phone, e-mail", "ID photo (120 KB)"), where it stands
 * ("Waiting — next try at 14:05:09", "Needs attention: …"), its age ("5 min ago") and the one-line
 * summary of the queue. Pure: no Vue, no IPC.
 */
import type { OutboxItemView, OutboxState } from '../../../electron/contract/ipc';
import { FIELD_LABELS, type FormField } from '../enrolment/enrolment-rules';
import { formatLocal } from '../shell/time-format';
import { plural } from '../shell/wording';
import { errorText } from '../i18n/error-text';

/** What the item does, for a list. */
export function kindText(item: OutboxItemView): string {
  if (item.kind === 'create') return 'New cardholder';
  if (item.kind === 'photo') return item.photoBytes !== null ? `ID photo (${Math.max(1, Math.round(item.photoBytes / 1024))} KB)` : 'ID photo';
  const fields = Object.keys(item.fields ?? {}).map((key) => (FIELD_LABELS[key as FormField] ?? key).toLowerCase());
  return fields.length > 0 ? `Change of ${fields.join(', ')}` : 'Change';
}

/** "just now", "5 min ago", "2 h 5 min ago", "3 days ago". */
export function ageText(sinceIso: string, now: number): string {
  const ms = now - Date.parse(sinceIso);
  if (!Number.isFinite(ms) || ms < 60_000) return 'just now';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h ago` : `${hours} h ${minutes % 60} min ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** True when an earlier item for the same cardholder is not sent yet (this one waits for it). */
export function waitsForEarlier(item: OutboxItemView, all: readonly OutboxItemView[]): boolean {
  for (const other of all) {
    if (other.id === item.id) return false;
    if (other.cardholderId === item.cardholderId) return true;
  }
  return false;
}

/** Where the item stands, in a sentence (`offline`: the service did not answer the last try). */
export function stateText(item: OutboxItemView, all: readonly OutboxItemView[], paused: boolean, now: Date = new Date(), offline = false): string {
  if (item.state === 'failed') return `Needs attention: ${item.lastError ? errorText(item.lastError) : 'the service refused it.'}`;
  if (item.state === 'sending') return 'Sending…';
  if (paused) return 'Waiting: sending is paused.';
  if (waitsForEarlier(item, all)) return item.cardholderId < 0 ? 'Waiting for the new cardholder to be created first.' : 'Waiting for the item before it.';
  if (item.nextAttemptAt !== null && Date.parse(item.nextAttemptAt) > now.getTime()) {
    return `Waiting for the service — next try at ${formatLocal(item.nextAttemptAt, now)}${item.attempts > 0 ? ` (${plural(item.attempts, 'try', 'tries')} so far)` : ''}.`;
  }
  return offline ? 'Waiting for the service to answer.' : 'Waiting to be sent.';
}

/** The status bar's words: short, always present. */
export function statusText(state: OutboxState | null): { text: string; short: string; tone: 'idle' | 'pending' | 'attention'; label: string } {
  if (!state) return { text: 'Outbox: …', short: 'Outbox: …', tone: 'idle', label: 'Outbox of enrolments: reading it. Open the outbox.' };
  const parts: string[] = [];
  if (state.pending > 0) parts.push(`${state.pending} to send`);
  if (state.failed > 0) parts.push(`${state.failed} need${state.failed === 1 ? 's' : ''} attention`);
  if (state.paused) parts.push('paused');
  if (state.damage) parts.push('damaged');
  const text = parts.length === 0 ? 'Outbox: all sent' : `Outbox: ${parts.join(' · ')}`;
  const tone = state.failed > 0 || state.paused || state.damage ? 'attention' : state.pending > 0 ? 'pending' : 'idle';
  const label =
    parts.length === 0
      ? 'Outbox of enrolments: nothing waits to be sent. Open the outbox.'
      : `Outbox of enrolments: ${plural(state.pending, 'enrolment')} waiting to be sent, ${plural(state.failed, 'enrolment')} needing attention${state.paused ? ', sending paused' : ''}${state.damage ? ', part of the saved outbox could not be read' : ''}. Open the outbox.`;
  // Below 1440 px the status bar keeps to one line: the counts only (the label says them in full).
  const short = `Outbox: ${state.pending}${state.failed > 0 ? ` · ${state.failed} to fix` : ''}${state.paused ? ' · paused' : ''}${state.damage ? ' · damaged' : ''}`;
  return { text, short, tone, label };
}
