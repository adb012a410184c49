/** The rows ticked for acknowledging together. */
import { describe, expect, it, vi } from 'vitest';
import { computed, effectScope, isReactive, nextTick, ref } from 'vue';
import { useRowSelection, type SelectableRow } from '../../../renderer/src/guard/use-row-selection';

const row = (key: string, pendingIds: number[]): SelectableRow => ({ key, pendingIds });

function select(rows: SelectableRow[], askAbove = 3) {
  const list = ref(rows);
  const acknowledged = ref(0);
  const onAsk = vi.fn();
  const scope = effectScope();
  const selection = scope.run(() => useRowSelection({ rows: list, acknowledged: () => acknowledged.value, askAbove, onAsk }))!;
  return { selection, list, acknowledged, onAsk };
}

describe('useRowSelection', () => {
  it('ticks and unticks rows; only rows with alarms waiting count, with their alarms', () => {
    const { selection } = select([row('a', [1, 2]), row('b', []), row('c', [3])]);
    const [a, b, c] = [row('a', [1, 2]), row('b', []), row('c', [3])];
    selection.toggleChosen(a, true);
    selection.toggleChosen(b, true);
    selection.toggleChosen(c, true);
    expect(selection.chosenRows.value.map((r) => r.key)).toEqual(['a', 'c']);
    expect(selection.chosenAlarms.value).toBe(3);
    selection.toggleChosen(c, false);
    expect(selection.isChosen(c)).toBe(false);
    expect(selection.chosenAlarms.value).toBe(2);
    selection.clearSelection();
    expect(selection.chosenRows.value).toEqual([]);
  });

  it('selects every waiting row at once when there are few', () => {
    const { selection, onAsk } = select([row('a', [1]), row('b', []), row('c', [3])]);
    selection.chooseAllWaiting();
    expect(selection.chosenRows.value.map((r) => r.key)).toEqual(['a', 'c']);
    expect(onAsk).not.toHaveBeenCalled();
  });

  it('asks first above the limit (and hands focus to the question), then selects on the second press', async () => {
    const { selection, onAsk } = select([row('a', [1]), row('b', [2]), row('c', [3]), row('d', [4])]);
    selection.chooseAllWaiting();
    expect(selection.confirmingAll.value).toBe(true);
    expect(selection.chosenRows.value).toEqual([]);
    await nextTick();
    expect(onAsk).toHaveBeenCalledTimes(1);
    selection.chooseAllWaiting();
    expect(selection.confirmingAll.value).toBe(false);
    expect(selection.chosenRows.value).toHaveLength(4);
  });

  it('drops acknowledged rows from the selection', async () => {
    const { selection, list, acknowledged } = select([row('a', [1]), row('c', [3])]);
    selection.chooseAllWaiting();
    list.value = [row('a', []), row('c', [3])];
    acknowledged.value++;
    await nextTick();
    expect([...selection.chosen.value]).toEqual(['c']);
  });

  it('goes through no row while nothing is chosen, and keeps the chosen keys in a plain Set (no dependency per row)', () => {
    // A full feed has 20,000 rows and the list is rebuilt at every update: with nothing ticked the
    // selection must not go through them, and looking a row up must not track it.
    const all = Array.from({ length: 20_000 }, (_, i) => row(`k${i}`, i % 5 === 0 ? [i] : []));
    let reads = 0;
    const rows = computed(() => {
      reads++;
      return all;
    });
    const scope = effectScope();
    const selection = scope.run(() => useRowSelection({ rows, acknowledged: () => 0, askAbove: 10 }))!;
    expect(selection.chosenRows.value).toEqual([]);
    expect(selection.chosenAlarms.value).toBe(0);
    expect(reads).toBe(0);
    selection.toggleChosen(all[5]!, true);
    expect(isReactive(selection.chosen.value)).toBe(false);
    expect(selection.chosenRows.value.map((r) => r.key)).toEqual(['k5']);
    expect(selection.isChosen(all[5]!)).toBe(true);
    expect(selection.isChosen(all[10]!)).toBe(false);
    selection.toggleChosen(all[10]!, true);
    expect(selection.chosenAlarms.value).toBe(2);
    selection.clearSelection();
    expect(selection.chosenRows.value).toEqual([]);
    scope.stop();
  });
});
