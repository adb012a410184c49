/**
 * Words every screen shares: counts ("3 events", "1 alarm") and the names of alarm priorities
 * (the feed, the history results and the acknowledge dialog all say them the same way).
 * Pure: no Vue, no IPC.
 */
import type { AlarmPriority } from '../../../electron/contract/ipc';

export const PRIORITY_LABEL: Record<AlarmPriority, string> = {
  critical: 'Critical alarm',
  high: 'High alarm',
  medium: 'Medium alarm',
  low: 'Low alarm',
};

export const plural = (n: number, one: string, many: string = `${one}s`): string => `${n.toLocaleString()} ${n === 1 ? one : many}`;
