/** Two recognisable sets of journal records (one of them large enough that a rewrite takes a while). */
export interface SetRecord {
  set: string;
  n: number;
  padding: string;
}

export function recordSet(set: 'a' | 'b'): SetRecord[] {
  const count = set === 'a' ? 40 : 25;
  return Array.from({ length: count }, (_, n) => ({ set, n, padding: `${set}${n}`.repeat(set === 'a' ? 6_000 : 9_000) }));
}
