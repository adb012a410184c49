/**
 * Name order: how the lookup lists cardholders, by folded last name, then folded first name, then
 * id — the order of an empty query and the tie-break between records of equal score, whether they
 * came with the sync or were added after it. `sortByName` orders a whole list in linear time.
 */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** (last, first, id) of `a` against that of `b`: negative when `a` comes first. */
export function compareNames(aLast: string, aFirst: string, aId: number, bLast: string, bFirst: string, bId: number): number {
  return compareText(aLast, bLast) || compareText(aFirst, bFirst) || aId - bId;
}

/** Whether the ids (of records in reading order) ascend (a service usually lists them so). */
export function idsAscending(ids: ArrayLike<number>): boolean {
  for (let i = 1; i < ids.length; i++) if ((ids[i] as number) <= (ids[i - 1] as number)) return false;
  return true;
}

/**
 * The order of records by folded last name, first name, id: distinct names are sorted once, then
 * two stable counting sorts (first name, then last name) over the id order — linear in records.
 */
export function sortByName(ids: ArrayLike<number>, last: readonly string[], first: readonly string[], ascending: boolean): Int32Array {
  const n = ids.length;
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (!ascending) order.sort((a, b) => (ids[a] as number) - (ids[b] as number));
  for (const values of [first, last]) {
    const distinct = [...new Set(values)].sort();
    const rankOf = new Map<string, number>();
    distinct.forEach((value, i) => rankOf.set(value, i));
    const rank = new Int32Array(n);
    for (let i = 0; i < n; i++) rank[i] = rankOf.get(values[i] as string) as number;
    const next = new Int32Array(distinct.length + 1);
    for (let i = 0; i < n; i++) {
      const slot = (rank[i] as number) + 1;
      next[slot] = (next[slot] as number) + 1;
    }
    for (let r = 0; r < distinct.length; r++) next[r + 1] = (next[r + 1] as number) + (next[r] as number);
    const sorted = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const i = order[k] as number;
      const r = rank[i] as number;
      sorted[next[r] as number] = i;
      next[r] = (next[r] as number) + 1;
    }
    order = sorted;
  }
  return order;
}
