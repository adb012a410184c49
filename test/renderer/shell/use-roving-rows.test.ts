/** The keyboard of long lists: which row a key moves to, and the one-Tab-stop list built on it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref, type PropType, type Ref } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { useRovingFocus, useRovingRows, type RovingFocus } from '../../../renderer/src/shell/use-roving-rows';

const key = (k: string, ctrlKey = false) => ({ key: k, ctrlKey });

describe('useRovingRows', () => {
  const scroller = ref<HTMLElement | null>(null);
  const rows = (homeEndWithCtrl = false) => useRovingRows({ count: () => 50, scroller, rowHeight: 20, pageRowsBeforeLayout: 10, homeEndWithCtrl });

  it('moves one row with the arrows, never above the first', () => {
    expect(rows().targetOf(key('ArrowDown'), 3)).toBe(4);
    expect(rows().targetOf(key('ArrowDown'), -1)).toBe(0);
    expect(rows().targetOf(key('ArrowUp'), 3)).toBe(2);
    expect(rows().targetOf(key('ArrowUp'), 0)).toBe(0);
  });

  it('moves a screenful less one with Page Up/Down: from the list\'s height, or a set number of rows before it has one', () => {
    expect(rows().pageRows()).toBe(9);
    expect(rows().targetOf(key('PageDown'), 3)).toBe(12);
    expect(rows().targetOf(key('PageUp'), 3)).toBe(0);
    const el = document.createElement('div');
    Object.defineProperty(el, 'clientHeight', { value: 200, configurable: true });
    scroller.value = el;
    try {
      expect(rows().targetOf(key('PageDown'), 0)).toBe(9);
      Object.defineProperty(el, 'clientHeight', { value: 10, configurable: true });
      expect(rows().pageRows()).toBe(1);
    } finally {
      scroller.value = null;
    }
  });

  it('goes to the first and last row with Home and End; with Ctrl only where they belong to a text box', () => {
    expect(rows().targetOf(key('Home'), 30)).toBe(0);
    expect(rows().targetOf(key('End'), 3)).toBe(49);
    expect(rows(true).targetOf(key('Home'), 30)).toBeNull();
    expect(rows(true).targetOf(key('End'), 3)).toBeNull();
    expect(rows(true).targetOf(key('Home', true), 30)).toBe(0);
    expect(rows(true).targetOf(key('End', true), 3)).toBe(49);
  });

  it('leaves every other key alone', () => {
    for (const other of ['Enter', 'a', 'Tab', 'ArrowLeft', 'Escape']) expect(rows().targetOf(key(other), 3)).toBeNull();
  });
});

interface Row {
  key: string;
  two: boolean;
}
type Control = 'open' | 'ack';

describe('useRovingFocus', () => {
  let wrapper: VueWrapper | null = null;
  afterEach(() => {
    wrapper?.unmount();
    wrapper = null;
    document.body.innerHTML = '';
  });

  /** A list of rows, the first control of each always there and the second on rows with `two`. */
  function mountList(initial: Row[]): { focus: RovingFocus<Control>; rows: Ref<Row[]>; used: () => number; scrolledTo: number[] } {
    const rows = ref<Row[]>(initial);
    const scrolledTo: number[] = [];
    let uses = 0;
    let focus!: RovingFocus<Control>;
    const List = defineComponent({
      props: { items: { type: Array as PropType<Row[]>, required: true } },
      setup() {
        const scroller = ref<HTMLElement | null>(null);
        focus = useRovingFocus<Row, Control>({
          rows,
          scroller,
          rowHeight: 20,
          pageRowsBeforeLayout: 10,
          controlsOf: (row) => (row.two ? ['open', 'ack'] : ['open']),
          defaultControl: 'open',
          scrollToIndex: (index) => void scrolledTo.push(index),
          onUse: () => void uses++,
        });
        return () =>
          h('div', { ref: scroller, tabindex: -1, onKeydown: focus.onKey, onFocusin: focus.onFocusIn }, [
            h(
              'ul',
              rows.value.map((row, index) =>
                h('li', { key: row.key, 'data-index': index }, [
                  h('button', { 'data-control': 'open', tabindex: focus.tabIndexOf(index, 'open') }, row.key),
                  row.two ? h('button', { 'data-control': 'ack', tabindex: focus.tabIndexOf(index, 'ack') }, 'ack') : null,
                ]),
              ),
            ),
          ]);
      },
    });
    wrapper = mount(List, { props: { items: initial }, attachTo: document.body });
    return { focus, rows, used: () => uses, scrolledTo };
  }
  const control = (index: number, c: Control) => wrapper!.find(`li[data-index="${index}"] [data-control="${c}"]`);
  const tabStops = () => wrapper!.findAll('[tabindex="0"]').map((w) => w.element);

  it('is one Tab stop, on the first row until another is used', () => {
    mountList([{ key: 'a', two: false }, { key: 'b', two: true }]);
    expect(tabStops()).toEqual([control(0, 'open').element]);
  });

  it('moves between rows with the arrows and between a row\'s controls with Left and Right, keeping the control where the next row has it', async () => {
    const { used, scrolledTo } = mountList([{ key: 'a', two: true }, { key: 'b', two: true }, { key: 'c', two: false }]);
    (control(0, 'open').element as HTMLElement).focus();
    await control(0, 'open').trigger('keydown', { key: 'ArrowRight' });
    await flushPromises();
    expect(document.activeElement).toBe(control(0, 'ack').element);
    await control(0, 'ack').trigger('keydown', { key: 'ArrowRight' }); // no control further right
    await control(0, 'ack').trigger('keydown', { key: 'ArrowDown' });
    await flushPromises();
    expect(document.activeElement).toBe(control(1, 'ack').element);
    await control(1, 'ack').trigger('keydown', { key: 'End' });
    await flushPromises();
    expect(document.activeElement).toBe(control(2, 'open').element); // the last row has no "ack"
    expect(tabStops()).toEqual([control(2, 'open').element]);
    expect(scrolledTo).toEqual([0, 1, 2]);
    expect(used()).toBeGreaterThan(0);
  });

  it('follows focus that arrives by click or Tab', async () => {
    const { focus } = mountList([{ key: 'a', two: true }, { key: 'b', two: true }]);
    (control(1, 'ack').element as HTMLElement).focus();
    await flushPromises();
    expect(focus.activeIndex.value).toBe(1);
    expect(focus.activeControl.value).toBe('ack');
  });

  it('focuses a row by its key, else the row now at the place the missing one had, else the list', async () => {
    const { focus, rows } = mountList([{ key: 'a', two: false }, { key: 'b', two: false }, { key: 'c', two: false }]);
    expect(focus.indexOfRow('b')).toBe(1);
    focus.focusRow('b');
    await flushPromises();
    expect(document.activeElement).toBe(control(1, 'open').element);
    focus.focusRow('gone', 7);
    await flushPromises();
    expect(document.activeElement).toBe(control(2, 'open').element);
    rows.value = [];
    await flushPromises();
    const scroller = wrapper!.element as HTMLElement;
    const focusList = vi.spyOn(scroller, 'focus');
    focus.focusRowAt(0);
    expect(focusList).toHaveBeenCalled();
  });
});
