/* eslint-disable vue/one-component-per-file -- a list and the KeepAlive host that switches tabs */
/** Auto-scroll on the screen: what pauses it, what it freezes the rows at, and what brings it back to the top. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, KeepAlive, nextTick, ref } from 'vue';
import { mount, type VueWrapper } from '@vue/test-utils';
import { useAutoScroll, type AutoScrollControl } from '../../../renderer/src/guard/use-auto-scroll';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
  vi.useRealTimers();
});

function mountAutoScroll(resumeAfterMs = 10_000) {
  const clock = { now: 1_000 };
  const shownSeq = ref(40);
  const resumeMs = ref(resumeAfterMs);
  const toTop = vi.fn();
  const scroller = ref<HTMLElement | null>(null);
  let control!: AutoScrollControl;
  const List = defineComponent({
    name: 'List',
    setup() {
      control = useAutoScroll({ resumeAfterMs: () => resumeMs.value, shownSeq: () => shownSeq.value, scroller, toTop, now: () => clock.now });
      return () => h('div', { ref: scroller });
    },
  });
  const shown = ref(true);
  const Host = defineComponent({ setup: () => () => h(KeepAlive, null, [shown.value ? h(List) : h('p')]) });
  wrapper = mount(Host);
  return { control, clock, shownSeq, resumeMs, toTop, scroller, shown };
}

describe('useAutoScroll', () => {
  it('is live at first, and pauses on the guard\'s first interaction, frozen at the rows shown then', () => {
    const { control, shownSeq } = mountAutoScroll();
    expect(control.paused.value).toBe(false);
    expect(control.frozenAtSeq.value).toBeNull();
    control.interact();
    shownSeq.value = 45;
    control.interact();
    expect(control.paused.value).toBe(true);
    expect(control.frozenAtSeq.value).toBe(40);
  });

  it('pauses when the list is scrolled away from the top, not at the top', () => {
    const { control, scroller } = mountAutoScroll();
    scroller.value!.scrollTop = 0;
    control.onScroll();
    expect(control.paused.value).toBe(false);
    scroller.value!.scrollTop = 300;
    control.onScroll();
    expect(control.paused.value).toBe(true);
  });

  it('"N new events" resumes it: live again, back at the top', () => {
    const { control, toTop, scroller } = mountAutoScroll();
    scroller.value!.scrollTop = 300;
    control.onScroll();
    control.resume();
    expect(control.paused.value).toBe(false);
    expect(toTop).toHaveBeenCalledTimes(1);
    expect(scroller.value!.scrollTop).toBe(0);
  });

  it('resumes by itself once the guard left the list alone for the configured time, and follows a changed setting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { control, clock, resumeMs, toTop } = mountAutoScroll(10_000);
    control.interact();
    clock.now += 9_000;
    vi.advanceTimersByTime(9_000);
    expect(control.paused.value).toBe(true);
    clock.now += 1_000;
    vi.advanceTimersByTime(1_000);
    expect(control.paused.value).toBe(false);
    expect(toTop).toHaveBeenCalledTimes(1);

    resumeMs.value = 2_000;
    await nextTick();
    control.interact();
    expect(control.paused.value).toBe(true);
    clock.now += 2_000;
    vi.advanceTimersByTime(2_000);
    expect(control.paused.value).toBe(false);
  });

  it('a guard back on the tab finds it live, at the top', async () => {
    const { control, toTop, shown } = mountAutoScroll();
    control.interact();
    shown.value = false;
    await nextTick();
    shown.value = true;
    await nextTick();
    expect(control.paused.value).toBe(false);
    expect(toTop).toHaveBeenCalled();
  });
});
