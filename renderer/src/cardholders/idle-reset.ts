/**
 * useIdleReset: calls `onIdle` once after `seconds` without a touch, a key, a pointer movement or
 * a wheel turn anywhere in the window, while `armed()` says there is something to clear. Re-arms
 * on every interaction (at most once a second, so pointer movement costs nothing). A Vue
 * composable: it stops with the component that uses it.
 */
import { onBeforeUnmount, onMounted, watch, type Ref } from 'vue';

const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

export function useIdleReset(seconds: Ref<number>, armed: () => boolean, onIdle: () => void): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastArm = 0;
  const disarm = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const arm = (): void => {
    disarm();
    if (seconds.value <= 0 || !armed()) return;
    lastArm = Date.now();
    timer = setTimeout(() => {
      timer = null;
      if (armed()) onIdle();
    }, seconds.value * 1000);
  };
  const activity = (): void => {
    if (timer && Date.now() - lastArm < 1000) return;
    arm();
  };
  onMounted(() => {
    for (const name of EVENTS) window.addEventListener(name, activity, { passive: true, capture: true });
    arm();
  });
  onBeforeUnmount(() => {
    for (const name of EVENTS) window.removeEventListener(name, activity, { capture: true });
    disarm();
  });
  watch([seconds, armed], arm);
}
