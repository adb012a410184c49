/**
 * How the kiosk's one connection state (the live feed's, pushed by main) reads in the status bar
 * and on the feed screen: a headline that says what is wrong in a few words, since when (the
 * outage's start, which does not move as it goes on), when the last event was received, and the
 * typed error's sentence once. Pure, so every screen words it the same way and tests can read it.
 */
import type { ErrorCode, FeedState, FeedStatus } from '../../../electron/contract/ipc';
import { formatLocal } from '../shell/time-format';

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

const TROUBLE: Partial<Record<ErrorCode, string>> = {
  unreachable: 'Service unreachable',
  timeout: 'Service not answering',
  unauthorized: 'Service refused the kiosk',
  forbidden: 'Service refused the kiosk',
  server_error: 'Service error',
  malformed_answer: 'Service answer not understood',
  config: 'Service not set up',
};

export function connectionSummary(state: FeedState, now: Date = new Date()): ConnectionSummary {
  const lastPoll = state.lastSuccessAt ? `Last poll ${formatLocal(state.lastSuccessAt, now)}` : 'No successful poll yet';
  const lastEvent = state.lastEventAt ? `Last event ${formatLocal(state.lastEventAt, now)}` : 'No event received yet';
  // The outage's start (it stays put from slow to offline); a main without it says when the status began.
  const since = formatLocal(state.outageSince ?? state.since, now);
  const trouble = (state.error && TROUBLE[state.error.code]) ?? 'Service not answering';
  const reason = state.status === 'live' ? null : (state.error?.message ?? null);
  const words = { status: state.status, reason, lastPoll, lastEvent, sentence: '' };
  switch (state.status) {
    case 'live':
      return { ...words, tone: 'good', headline: 'Service reachable, feed live', sentence: 'the service answers and the feed is live' };
    case 'connecting':
      return state.error ? { ...words, tone: 'warn', headline: `${trouble} — retrying` } : { ...words, tone: 'pending', headline: 'Connecting to the service…' };
    case 'slow':
      return { ...words, tone: 'warn', headline: `Service too slow since ${since}`, sentence: `the service is answering too slowly (since ${since})` };
    case 'reconnecting':
      return { ...words, tone: 'warn', headline: `${trouble} since ${since} — retrying`, sentence: `${trouble.toLowerCase()} since ${since}, retrying` };
    case 'offline':
      return { ...words, tone: 'bad', headline: `${trouble} since ${since}`, sentence: `${trouble.toLowerCase()} since ${since}` };
    default:
      return { ...words, tone: 'bad', headline: 'Connection state unknown' };
  }
}

/** "less than a minute", "12 min", "2 h 05 min": how long something has waited. */
export function formatWaited(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
