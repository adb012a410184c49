/**
 * The time now, as a ref that ticks while the component using it is mounted: ages on screen
 * ("2 min ago") and "next try at" texts follow the clock instead of staying as first rendered.
 */
import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue';

/** How often ages on screen are brought up to date. */
export const NOW_TICK_MS = 5_000;

export function useNow(intervalMs = NOW_TICK_MS): Ref<Date> {
  const now = ref(new Date());
  let timer: ReturnType<typeof setInterval> | null = null;
  onMounted(() => {
    now.value = new Date();
    timer = setInterval(() => (now.value = new Date()), intervalMs);
  });
  onBeforeUnmount(() => {
    if (timer) clearInterval(timer);
    timer = null;
  });
  return now;
}
