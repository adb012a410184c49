/**
 * The words of the outbox, shared by the status bar, the outbox panel and the record view: what
 * an item is ("New cardholder", "Change of phone, e-mail", "ID photo (120 KB)"), where it stands
 * ("Waiting — next try at 14:05:09", "Needs attention: …"), its age ("5 min ago") and the one-line
 * summary of the queue. Pure: no Vue, no IPC.
 */
import type { OutboxItemView, OutboxState } from '../../../electron/contract/ipc';
import { FIELD_IN_SENTENCE, type FormField } from '../enrolment/enrolment-rules';
import { formatLocal } from '../shell/time-format';
import { formatNumber } from '../i18n/format';
import { t } from '../i18n/i18n';
import { errorText } from '../i18n/error-text';

const kb = (bytes: number): string => formatNumber(Math.max(1, Math.round(bytes / 1024)));
const fieldList = (item: OutboxItemView): string => Object.keys(item.fields ?? {}).map((key) => FIELD_IN_SENTENCE[key as FormField] ?? key).join(', ');

/** What the item does, for a list. */
export function kindText(item: OutboxItemView): string {
  if (item.kind === 'create') return t('outbox.kind.create');
  if (item.kind === 'photo') return item.photoBytes !== null ? t('outbox.kind.photoSize', { size: kb(item.photoBytes) }) : t('outbox.kind.photo');
  const fields = fieldList(item);
  return fields !== '' ? t('outbox.kind.changeOf', { fields }) : t('outbox.kind.change');
}

/** The same inside a sentence ("Discard change of phone for …?"). */
export function kindInSentence(item: OutboxItemView): string {
  if (item.kind === 'create') return t('outbox.kindInSentence.create');
  if (item.kind === 'photo') return item.photoBytes !== null ? t('outbox.kindInSentence.photoSize', { size: kb(item.photoBytes) }) : t('outbox.kindInSentence.photo');
  const fields = fieldList(item);
  return fields !== '' ? t('outbox.kindInSentence.changeOf', { fields }) : t('outbox.kindInSentence.change');
}

/** "just now", "5 min ago", "2 h 5 min ago", "3 days ago". */
export function ageText(sinceIso: string, now: number): string {
  const ms = now - Date.parse(sinceIso);
  if (!Number.isFinite(ms) || ms < 60_000) return t('outbox.age.justNow');
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return t('outbox.age.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? t('outbox.age.hours', { hours }) : t('outbox.age.hoursMinutes', { hours, minutes: minutes % 60 });
  return t('outbox.age.days', { days: Math.floor(hours / 24) });
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
  if (item.state === 'failed') return t('outbox.state.failed', { message: (item.lastError ? errorText(item.lastError) : undefined) ?? t('outbox.state.refused') });
  if (item.state === 'sending') return t('outbox.state.sending');
  if (paused) return t('outbox.state.paused');
  if (waitsForEarlier(item, all)) return item.cardholderId < 0 ? t('outbox.state.waitsForCreate') : t('outbox.state.waitsForEarlier');
  if (item.nextAttemptAt !== null && Date.parse(item.nextAttemptAt) > now.getTime()) {
    const time = formatLocal(item.nextAttemptAt, now);
    return item.attempts > 0 ? t('outbox.state.nextTryAfter', { time, tries: t('outbox.state.tries', { count: formatNumber(item.attempts) }, item.attempts) }) : t('outbox.state.nextTry', { time });
  }
  return offline ? t('outbox.state.offline') : t('outbox.state.waiting');
}

const enrolments = (n: number): string => t('outbox.status.enrolments', { count: formatNumber(n) }, n);

/** The status bar's words: short, always present. */
export function statusText(state: OutboxState | null): { text: string; short: string; tone: 'idle' | 'pending' | 'attention'; label: string } {
  if (!state) return { text: t('outbox.status.reading'), short: t('outbox.status.reading'), tone: 'idle', label: t('outbox.status.readingLabel') };
  const parts: string[] = [];
  if (state.pending > 0) parts.push(t('outbox.status.toSend', { n: formatNumber(state.pending) }));
  if (state.failed > 0) parts.push(t('outbox.status.needAttention', { count: formatNumber(state.failed) }, state.failed));
  if (state.paused) parts.push(t('outbox.status.paused'));
  if (state.damage) parts.push(t('outbox.status.damaged'));
  const text = parts.length === 0 ? t('outbox.status.allSent') : t('outbox.status.text', { parts: parts.join(' · ') });
  const tone = state.failed > 0 || state.paused || state.damage ? 'attention' : state.pending > 0 ? 'pending' : 'idle';
  const label =
    parts.length === 0
      ? t('outbox.status.emptyLabel')
      : t('outbox.status.label', {
          pending: enrolments(state.pending),
          failed: enrolments(state.failed),
          paused: state.paused ? t('outbox.status.pausedInLabel') : '',
          damage: state.damage ? t('outbox.status.damageInLabel') : '',
        });
  // Below 1440 px the status bar keeps to one line: the counts only (the label says them in full).
  const short = t('outbox.status.short', {
    pending: formatNumber(state.pending),
    failed: state.failed > 0 ? t('outbox.status.shortFailed', { n: formatNumber(state.failed) }) : '',
    paused: state.paused ? t('outbox.status.shortPaused') : '',
    damage: state.damage ? t('outbox.status.shortDamaged') : '',
  });
  return { text, short, tone, label };
}

/** Why part of the saved outbox could not be read, in the language shown; main's English when it gave no cause. */
export function damageReason(damage: NonNullable<OutboxState['damage']>): string {
  switch (damage.cause) {
    case 'unreadable':
      return t('outbox.panel.damageReason.unreadable', { detail: damage.detail ?? '' });
    case 'notJournal':
      return t('outbox.panel.damageReason.notJournal');
    case 'records':
      return t('outbox.panel.damageReason.records', { count: formatNumber(damage.unreadable) }, damage.unreadable);
    default:
      return damage.reason;
  }
}
