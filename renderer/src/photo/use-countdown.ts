/**
 * The photo countdown: from `seconds` down one a second, saying each number, then `onDone`.
 * `cancel()` stops it (Escape, the button, leaving the screen); the component owns the stage.
 */
import { onBeforeUnmount, ref, type Ref } from 'vue';

export interface CountdownOptions {
  /** Each number as it is reached (`first` for the one it starts from), for the screen reader. */
  onTick(remaining: number, first: boolean): void;
  onDone(): void;
}

export interface Countdown {
  remaining: Readonly<Ref<number>>;
  start(seconds: number): void;
  /** True when a countdown was running. */
  cancel(): boolean;
}

export function useCountdown(options: CountdownOptions): Countdown {
  const remaining = ref(0);
  let timer: ReturnType<typeof setTimeout> | null = null;
  function start(seconds: number): void {
    cancel();
    remaining.value = seconds;
    options.onTick(remaining.value, true);
    tick();
  }
  function tick(): void {
    timer = setTimeout(() => {
      remaining.value -= 1;
      if (remaining.value <= 0) {
        timer = null;
        options.onDone();
      } else {
        options.onTick(remaining.value, false);
        tick();
      }
    }, 1000);
  }
  function cancel(): boolean {
    const running = timer !== null;
    if (timer) clearTimeout(timer);
    timer = null;
    return running;
  }
  onBeforeUnmount(cancel);
  return { remaining, start, cancel };
}
