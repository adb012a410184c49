/**
 * PhoneGrams: phone numbers (digits only) found by any run of at least four of their digits. Each
 * four-digit gram lists the phones that hold it, so a typed fragment is checked only against the
 * phones holding its rarest gram (a scan of every phone would cost milliseconds per keystroke at
 * 500,000 people). A general data structure over (digits, owner position).
 */

/** The shortest run of digits looked up (one gram). */
export const PHONE_MIN = 4;

export class PhoneGrams {
  private readonly start = new Int32Array(10_001);
  private readonly entries: Int32Array;

  /** `digits[i]` is the phone of the record at position `owners[i]` (each at least PHONE_MIN digits). */
  constructor(
    private readonly digits: string[],
    private readonly owners: number[],
  ) {
    const seen = new Int32Array(10_000).fill(-1);
    const each = (visit: (gram: number, entry: number) => void): void => {
      seen.fill(-1);
      for (let entry = 0; entry < digits.length; entry++) {
        const text = digits[entry] as string;
        for (let i = 0; i + PHONE_MIN <= text.length; i++) {
          const gram = Number(text.slice(i, i + PHONE_MIN));
          if (seen[gram] === entry) continue;
          seen[gram] = entry;
          visit(gram, entry);
        }
      }
    };
    each((gram) => {
      this.start[gram + 1] = (this.start[gram + 1] as number) + 1;
    });
    for (let g = 0; g < 10_000; g++) this.start[g + 1] = (this.start[g + 1] as number) + (this.start[g] as number);
    this.entries = new Int32Array(this.start[10_000] as number);
    const fill = this.start.slice(0, 10_000);
    each((gram, entry) => {
      this.entries[fill[gram] as number] = entry;
      fill[gram] = (fill[gram] as number) + 1;
    });
  }

  /** Calls `found` for each record whose phone holds `query` (digits, 4 or more), saying whether it starts with it. */
  find(query: string, found: (pos: number, atStart: boolean) => void): void {
    let rarest = -1;
    for (let i = 0; i + PHONE_MIN <= query.length; i++) {
      const gram = Number(query.slice(i, i + PHONE_MIN));
      if (rarest < 0 || this.size(gram) < this.size(rarest)) rarest = gram;
    }
    if (rarest < 0) return;
    for (let p = this.start[rarest] as number, end = this.start[rarest + 1] as number; p < end; p++) {
      const entry = this.entries[p] as number;
      const text = this.digits[entry] as string;
      const at = text.indexOf(query);
      if (at >= 0) found(this.owners[entry] as number, at === 0);
    }
  }

  private size(gram: number): number {
    return (this.start[gram + 1] as number) - (this.start[gram] as number);
  }
}
