/**
 * Escalation of alarms nobody acknowledged: after each full period an alarm has waited, it is
 * raised one priority (low → medium → high → critical) and sounds again — critical ones keep
 * sounding once a period. Pure: the caller gives the clock and the period.
 */
import type { AlarmPriority } from '../../../electron/contract/ipc';

const RAISED: Record<AlarmPriority, AlarmPriority> = { low: 'medium', medium: 'high', high: 'critical', critical: 'critical' };

export interface Escalation {
  /** The priority to show and sound: the rule's, raised once per full period waited. */
  priority: AlarmPriority;
  /** Full periods the alarm has waited unacknowledged (each one sounds again). */
  periods: number;
  /** Whether `priority` is above the rule's. */
  raised: boolean;
}

/** `since`: when the alarm began waiting (ms); `periodMs` 0 or less: never escalates. */
export function escalationOf(priority: AlarmPriority, since: number, now: number, periodMs: number): Escalation {
  if (!(periodMs > 0) || !Number.isFinite(since) || now <= since) return { priority, periods: 0, raised: false };
  const periods = Math.floor((now - since) / periodMs);
  let raised = priority;
  for (let i = 0; i < periods && raised !== 'critical'; i++) raised = RAISED[raised];
  return { priority: raised, periods, raised: raised !== priority };
}

/**
 * The one priority an alarm is shown with, in the feed and in the alarm list alike: the rule's,
 * raised once per period it waited — unless nobody waits on it any more (acknowledged: the rule's)
 * or it is from before this shift (never raised). `waitingSince`: `created` of its oldest waiting
 * alarm (ms), null when none waits.
 */
export function shownPriority(priority: AlarmPriority | null, waitingSince: number | null, shiftStartedAt: number, now: number, periodMs: number): Escalation | null {
  if (!priority) return null;
  if (waitingSince === null || waitingSince < shiftStartedAt) return { priority, periods: 0, raised: false };
  return escalationOf(priority, waitingSince, now, periodMs);
}
