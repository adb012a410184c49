/** An alarm summary in which no alarm waits: the fakes' answer, and the base tests spread their figures over. */
import type { AlarmSummary } from '../../electron/contract/ipc';

/** No alarm waits (the fake's summary). */
export const OPEN_ALARM_SUMMARY: AlarmSummary = {
  revision: 0,
  waiting: { critical: 0, high: 0, medium: 0, low: 0 },
  waitingTotal: 0,
  preShift: 0,
  setAside: 0,
  unacknowledged: 0,
  oldestAt: null,
  asOf: { highestId: 0, lastSetAside: 0 },
  bound: 100_000,
  shiftStartedAt: new Date(0).toISOString(),
  setAsideText: null,
  loadProblemText: null,
};
