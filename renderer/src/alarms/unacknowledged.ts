/**
 * How many alarm events in memory nobody has acknowledged yet, whatever the feed's filters:
 * shown on the feed screen and in the status bar so an alarm is never out of sight.
 */
import { computed, ref, type ComputedRef } from 'vue';
import { useFeedStore } from '../feed/feed-store';
import { useAcknowledgementStore } from './acknowledgement-store';

export function useUnacknowledgedAlarms(): ComputedRef<number> {
  const feed = useFeedStore();
  const acks = useAcknowledgementStore();
  return computed(() => {
    const acked = acks.acknowledgedIds;
    let n = 0;
    for (const { event } of feed.view.entries) if (event.alarm && !acked.has(event.record_ID)) n += 1;
    return n;
  });
}

/**
 * Whether the live feed screen (which shows the count in its header) is on screen; the status bar
 * shows the count only when it is not, so the bar stays on one line.
 */
export const liveFeedOnScreen = ref(false);
