/**
 * The alarms in memory nobody has acknowledged yet, whatever the feed's filters: how many, and
 * since when the oldest of them waits. The feed screen and the status bar show them so an alarm
 * is never out of sight.
 */
import { computed, type ComputedRef } from 'vue';
import { useFeedStore } from '../feed/feed-store';
import { useAcknowledgementStore } from './acknowledgement-store';

export interface Unacknowledged {
  count: number;
  /** `created` of the oldest unacknowledged alarm (ms), null when there is none. */
  oldestAt: number | null;
}

export function useUnacknowledged(): ComputedRef<Unacknowledged> {
  const feed = useFeedStore();
  const acks = useAcknowledgementStore();
  return computed(() => {
    const acked = acks.acknowledgedIds;
    let count = 0;
    let oldestAt: number | null = null;
    for (const { event, time } of feed.view.entries) {
      if (!event.alarm || acked.has(event.record_ID)) continue;
      count += 1;
      if (Number.isFinite(time) && (oldestAt === null || time < oldestAt)) oldestAt = time;
    }
    return { count, oldestAt };
  });
}
