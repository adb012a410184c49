/** Words for alarm priorities and counts, shared by the feed, search results and dialogs. */
import type { AlarmPriority } from '../../../electron/contract/ipc';

export const PRIORITY_LABEL: Record<AlarmPriority, string> = {
  critical: 'Critical alarm',
  high: 'High alarm',
  medium: 'Medium alarm',
  low: 'Low alarm',
};

export const plural = (n: number, one: string, many: string = `${one}s`): string => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "3 new events (1 alarm)" / "Paused: back to newest" for the auto-scroll button. */
export function newEventsLabel(events: number, alarms: number): string {
  if (events === 0) return 'Paused: back to newest';
  const base = plural(events, 'new event');
  return alarms > 0 ? `${base} (${plural(alarms, 'alarm')})` : base;
}
