/**
 * WordMatches: for one query word, the best match class per record position (a byte each) and
 * the list of positions touched, so a reset costs only what the last query marked. A general
 * data structure: the classes are small positive numbers, 0 meaning "no match".
 */
export class WordMatches {
  cls: Uint8Array;
  touched: Int32Array;
  count = 0;

  constructor(size: number) {
    this.cls = new Uint8Array(size);
    this.touched = new Int32Array(Math.min(size, 1024));
  }

  reset(): void {
    const { cls, touched } = this;
    for (let i = 0; i < this.count; i++) cls[touched[i] as number] = 0;
    this.count = 0;
  }

  /** Records `value` for `doc`, keeping the higher class when it was marked already. */
  set(doc: number, value: number): void {
    const current = this.cls[doc] as number;
    if (current === 0) {
      if (this.count === this.touched.length) {
        const grown = new Int32Array(Math.min(this.cls.length, this.touched.length * 2));
        grown.set(this.touched);
        this.touched = grown;
      }
      this.touched[this.count++] = doc;
      this.cls[doc] = value;
    } else if (value > current) {
      this.cls[doc] = value;
    }
  }
}
