/**
 * How the feed's connection state reads to the guard: status words, tone and the time of the
 * last successful poll. Pure, so the indicator in the status bar and on the feed screen agree.
 */
import type { FeedState } from '../../../electron/contract/ipc';
import { formatLocal } from '../shell/time-format';

export type ConnectionTone = 'good' | 'pending' | 'warn' | 'bad';

export interface ConnectionText {
  tone: ConnectionTone;
  /** "Feed live", "Feed reconnecting since 10:31:02", … */
  status: string;
  /** "Last poll 10:32:05" or "No successful poll yet". */
  lastPoll: string;
  /** Why it is not live (the typed error's message), when known. */
  reason: string | null;
}

export function connectionText(state: FeedState, now: Date = new Date()): ConnectionText {
  const since = formatLocal(state.since, now);
  const lastPoll = state.lastSuccessAt ? `Last poll ${formatLocal(state.lastSuccessAt, now)}` : 'No successful poll yet';
  const reason = state.status === 'live' ? null : (state.error?.message ?? null);
  switch (state.status) {
    case 'live':
      return { tone: 'good', status: 'Feed live', lastPoll, reason };
    case 'connecting':
      return { tone: 'pending', status: 'Feed connecting…', lastPoll, reason };
    case 'reconnecting':
      return { tone: 'warn', status: `Feed reconnecting since ${since}`, lastPoll, reason };
    case 'offline':
      return { tone: 'bad', status: `Feed offline since ${since}`, lastPoll, reason };
    default:
      return { tone: 'bad', status: 'Feed state unknown', lastPoll, reason };
  }
}
