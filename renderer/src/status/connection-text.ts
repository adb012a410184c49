/**
 * How the kiosk's one connection state (the live feed's, pushed by main) reads in the status bar:
 * a headline that says what is wrong in a few words, since when, and the typed error's sentence
 * once. Pure, so every screen words it the same way and tests can read it.
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
  const since = formatLocal(state.since, now);
  const trouble = (state.error && TROUBLE[state.error.code]) ?? 'Service not answering';
  const reason = state.status === 'live' ? null : (state.error?.message ?? null);
  switch (state.status) {
    case 'live':
      return { status: state.status, tone: 'good', headline: 'Service reachable, feed live', reason, lastPoll };
    case 'connecting':
      return state.error
        ? { status: state.status, tone: 'warn', headline: `${trouble} — retrying`, reason, lastPoll }
        : { status: state.status, tone: 'pending', headline: 'Connecting to the service…', reason, lastPoll };
    case 'reconnecting':
      return { status: state.status, tone: 'warn', headline: `${trouble} since ${since} — retrying`, reason, lastPoll };
    case 'offline':
      return { status: state.status, tone: 'bad', headline: `${trouble} since ${since}`, reason, lastPoll };
    default:
      return { status: state.status, tone: 'bad', headline: 'Connection state unknown', reason, lastPoll };
  }
}

/** "less than a minute", "12 min", "2 h 05 min": how long something has waited. */
export function formatWaited(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
