// The kiosk's own runs: its downtime lies between two of them; a run that did not stop cleanly ended when last alive.
import { describe, expect, it } from 'vitest';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';
import { KioskRuns } from '../../../electron/core/storage/kiosk-runs';

describe('the kiosk runs', () => {
  it('says the downtime between a clean stop, a crash and the next starts', () => {
    const db = KioskDatabase.memory();
    let now = 1_000;
    const first = new KioskRuns(db, () => now);
    expect(first.previous).toBeNull();
    now = 5_000;
    first.stop();
    now = 9_000;
    const second = new KioskRuns(db, () => now);
    expect(second.previous).toMatchObject({ endedAt: 5_000, cleanStop: true });
    now = 12_000;
    second.alive(); // then a power cut: no stop
    now = 20_000;
    const third = new KioskRuns(db, () => now);
    expect(third.previous).toMatchObject({ endedAt: 12_000, cleanStop: false });
    expect(third.downtimeBetween(0, 30_000)).toEqual([
      { from: 5_000, to: 9_000, cleanStop: true },
      { from: 12_000, to: 20_000, cleanStop: false },
    ]);
    expect(third.downtimeBetween(10_000, 30_000)).toEqual([{ from: 12_000, to: 20_000, cleanStop: false }]);
  });
});
