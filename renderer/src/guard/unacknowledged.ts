/**
 * The alarms nobody has acknowledged yet, whatever the feed's filters and however many events
 * passed since: how many, and since when the oldest of them waits. They come from main's record of
 * alarms (the open alarms store's summary), never from the feed's rolling buffer, so an alarm is
 * never out of sight. The feed screen and the status bar show them.
 */
import { computed, type ComputedRef } from 'vue';
import { useOpenAlarmStore } from './open-alarms-store';

export interface Unacknowledged {
  count: number;
  /** `created` of the oldest unacknowledged alarm (ms), null when there is none. */
  oldestAt: number | null;
}

export function useUnacknowledged(): ComputedRef<Unacknowledged> {
  const open = useOpenAlarmStore();
  void open.start();
  return computed(() => ({ count: open.count, oldestAt: open.oldestAt }));
}
