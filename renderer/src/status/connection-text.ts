/**
 * How the kiosk's one connection state (the live feed's, pushed by main) reads in the status bar
 * and on the feed screen: a headline that says what is wrong in a few words, since when (the
 * outage's start, which does not move as it goes on), when the last event was received, and the
 * typed error's sentence once, in the language shown. No IPC and no state, so every screen words it
 * the same way and tests can read it.
 */
import type { ErrorCode, FeedState, FeedStatus } from '../../../electron/contract/ipc';
import { formatLocal } from '../shell/time-format';
import { t } from '../i18n/i18n';
import { errorText } from '../i18n/error-text';

export type ConnectionTone = 'good' | 'pending' | 'warn' | 'bad';

export interface ConnectionSummary {
  status: FeedStatus;
  tone: ConnectionTone;
  /** "Service reachable, feed live", "Service unreachable since 10:31:02 — retrying", … */
  headline: string;
  /** The typed error's sentence, when the service is not answering. */
  reason: string | null;
  /** "Last poll 10:32:05" or "No successful poll yet". */
  lastPoll: string;
  /** "Last event 10:31:02" or "No event received yet": what the feed shows is as recent as that. */
  lastEvent: string;
  /** The screen's own sentence for it, e.g. "the service is answering too slowly (since 10:31:02)". */
  sentence: string;
}

/** What is wrong, as a headline and inside a sentence, by the typed error's code. */
const TROUBLE: Partial<Record<ErrorCode, () => { headline: string; inSentence: string }>> = {
  unreachable: () => ({ headline: t('status.trouble.unreachable'), inSentence: t('status.troubleInSentence.unreachable') }),
  timeout: () => ({ headline: t('status.trouble.timeout'), inSentence: t('status.troubleInSentence.timeout') }),
  unauthorized: () => ({ headline: t('status.trouble.refused'), inSentence: t('status.troubleInSentence.refused') }),
  forbidden: () => ({ headline: t('status.trouble.refused'), inSentence: t('status.troubleInSentence.refused') }),
  server_error: () => ({ headline: t('status.trouble.serverError'), inSentence: t('status.troubleInSentence.serverError') }),
  malformed_answer: () => ({ headline: t('status.trouble.malformed'), inSentence: t('status.troubleInSentence.malformed') }),
  config: () => ({ headline: t('status.trouble.config'), inSentence: t('status.troubleInSentence.config') }),
};
const NOT_ANSWERING = TROUBLE.timeout!;

/** In the language shown: call it inside a computed (or a template) and it follows a switch. */
export function connectionSummary(state: FeedState, now: Date = new Date()): ConnectionSummary {
  const lastPoll = state.lastSuccessAt ? t('status.connection.lastPoll', { time: formatLocal(state.lastSuccessAt, now) }) : t('status.connection.noPoll');
  const lastEvent = state.lastEventAt ? t('status.connection.lastEvent', { time: formatLocal(state.lastEventAt, now) }) : t('status.connection.noEvent');
  // The outage's start (it stays put from slow to offline); a main without it says when the status began.
  const since = formatLocal(state.outageSince ?? state.since, now);
  const trouble = ((state.error && TROUBLE[state.error.code]) ?? NOT_ANSWERING)();
  const reason = state.status === 'live' ? null : (state.error ? errorText(state.error) : null);
  const words = { status: state.status, reason, lastPoll, lastEvent, sentence: '' };
  switch (state.status) {
    case 'live':
      return { ...words, tone: 'good', headline: t('status.connection.live'), sentence: t('status.connection.liveSentence') };
    case 'connecting':
      return state.error
        ? { ...words, tone: 'warn', headline: t('status.connection.retrying', { trouble: trouble.headline }) }
        : { ...words, tone: 'pending', headline: t('status.connection.connecting') };
    case 'slow':
      return { ...words, tone: 'warn', headline: t('status.connection.slow', { since }), sentence: t('status.connection.slowSentence', { since }) };
    case 'reconnecting':
      return {
        ...words,
        tone: 'warn',
        headline: t('status.connection.reconnecting', { trouble: trouble.headline, since }),
        sentence: t('status.connection.reconnectingSentence', { trouble: trouble.inSentence, since }),
      };
    case 'offline':
      return {
        ...words,
        tone: 'bad',
        headline: t('status.connection.offline', { trouble: trouble.headline, since }),
        sentence: t('status.connection.offlineSentence', { trouble: trouble.inSentence, since }),
      };
    default:
      return { ...words, tone: 'bad', headline: t('status.connection.unknown') };
  }
}

/** "under 1 min", "12 min", "2 h 05 min": how long something has waited (in the language shown). */
export function formatWaited(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return t('status.waited.underMinute');
  if (minutes < 60) return t('status.waited.minutes', { minutes });
  return t('status.waited.hours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}
