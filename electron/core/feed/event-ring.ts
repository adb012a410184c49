/**
 * EventRing: a fixed-capacity ring of the most recent feed events, oldest dropped first. Main keeps
 * one so a renderer reload gets the recent feed back. Events are appended in record_ID order, so a
 * lookup by id is a binary search. It holds data only: no I/O, no timers.
 */
export class EventRing<T extends { record_ID: number }> {
  private readonly slots: (T | undefined)[];
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`ring capacity must be a positive integer, got ${capacity}`);
    this.slots = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(items: readonly T[]): void {
    for (const item of items) {
      if (this.count < this.capacity) {
        this.slots[(this.start + this.count) % this.capacity] = item;
        this.count++;
      } else {
        this.slots[this.start] = item;
        this.start = (this.start + 1) % this.capacity;
      }
    }
  }

  clear(): void {
    this.slots.fill(undefined);
    this.start = 0;
    this.count = 0;
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = new Array<T>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.at(i);
    return out;
  }

  /** The event with this record_ID, when the ring still holds it. */
  find(id: number): T | undefined {
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const item = this.at(mid);
      if (item.record_ID === id) return item;
      if (item.record_ID < id) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  }

  private at(index: number): T {
    return this.slots[(this.start + index) % this.capacity] as T;
  }
}
