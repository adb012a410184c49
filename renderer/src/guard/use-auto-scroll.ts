/**
 * Auto-scroll of the live feed list, on the screen: drives the `AutoScroll` state machine
 * (auto-scroll.ts) from the list's scrolling and the guard's pointer, touch and keys, keeps the
 * timer that resumes it after `resumeAfterMs` without interaction, and scrolls back to the top
 * when it resumes (also when the guard comes back to the tab). `frozenAtSeq` is what the rows are
 * frozen at while paused (null while live).
 */
import { computed, onActivated, onBeforeUnmount, ref, watch, type Ref } from 'vue';
import { AutoScroll } from './auto-scroll';

export interface AutoScrollOptions {
  /** settings.feed.autoScrollResumeMs, followed when it changes. */
  resumeAfterMs: () => number;
  /** The seq the rows show right now: what has been published, not what is still queued. */
  shownSeq: () => number;
  scroller: Ref<HTMLElement | null>;
  /** Scrolls the list's virtualizer back to the top. */
  toTop: () => void;
  /** The clock (ms); tests give their own. */
  now?: () => number;
}

export interface AutoScrollControl {
  frozenAtSeq: Readonly<Ref<number | null>>;
  paused: Readonly<Ref<boolean>>;
  /** The guard hovered, touched, pressed a key or focused inside the list. */
  interact(): void;
  onScroll(): void;
  /** Back to live, at the top ("N new events"). */
  resume(): void;
}

export function useAutoScroll(options: AutoScrollOptions): AutoScrollControl {
  const now = options.now ?? (() => Date.now());
  const auto = new AutoScroll(options.resumeAfterMs());
  const frozenAtSeq = ref<number | null>(null);
  let resumeTimer: ReturnType<typeof setTimeout> | null = null;
  watch(options.resumeAfterMs, (ms) => auto.setResumeAfter(ms));

  function sync(): void {
    frozenAtSeq.value = auto.snapshot.frozenAtSeq;
    if (resumeTimer) clearTimeout(resumeTimer);
    resumeTimer = null;
    const due = auto.resumeDueAt();
    if (due !== null) resumeTimer = setTimeout(checkResume, Math.max(50, due - now()));
  }
  function checkResume(): void {
    resumeTimer = null;
    if (auto.tick(now())) afterResume();
    else sync();
  }
  function interact(): void {
    if (auto.interact(now(), options.shownSeq())) sync();
  }
  function onScroll(): void {
    const el = options.scroller.value;
    if (el && auto.scrolled(el.scrollTop, now(), options.shownSeq())) sync();
  }
  function resume(): void {
    if (auto.resume()) afterResume();
  }
  function afterResume(): void {
    sync();
    options.toTop();
    if (options.scroller.value) options.scroller.value.scrollTop = 0;
  }
  onBeforeUnmount(() => {
    if (resumeTimer) clearTimeout(resumeTimer);
  });
  // Coming back to the tab: start live, at the top.
  onActivated(() => resume());

  return { frozenAtSeq, paused: computed(() => frozenAtSeq.value !== null), interact, onScroll, resume };
}
