// One-line fit's choice (the measuring itself is checked in Chromium by test/e2e/title-bar-fit.spec.ts):
// the lowest level that fits, the last when none does; boxes share a row when one line crosses them all.
import { describe, expect, it } from 'vitest';
import { crossedByOneLine, lowestFittingLevel } from '../../../renderer/src/shell/one-line-fit';

describe('lowestFittingLevel', () => {
  it('tries from level 0 up and stops at the first that fits', () => {
    const tried: number[] = [];
    expect(lowestFittingLevel(4, (l) => (tried.push(l), l >= 2))).toBe(2);
    expect(tried).toEqual([0, 1, 2]);
  });
  it('level 0 when everything fits as it is', () => {
    expect(lowestFittingLevel(4, () => true)).toBe(0);
  });
  it('the last level when none fits (the bar then takes a second row)', () => {
    const tried: number[] = [];
    expect(lowestFittingLevel(3, (l) => (tried.push(l), false))).toBe(3);
    expect(tried).toEqual([0, 1, 2]); // the last is not measured: it stays whatever it gives
  });
});

describe('crossedByOneLine', () => {
  it('items of different heights centred on one row share it', () => {
    expect(crossedByOneLine([{ top: 10, bottom: 54 }, { top: 20, bottom: 44 }, { top: 8, bottom: 56 }])).toBe(true);
  });
  it('an item wrapped onto the next row does not', () => {
    expect(crossedByOneLine([{ top: 10, bottom: 54 }, { top: 58, bottom: 102 }])).toBe(false);
  });
  it('boxes that only touch do not share a row', () => {
    expect(crossedByOneLine([{ top: 0, bottom: 40 }, { top: 40, bottom: 80 }])).toBe(false);
  });
  it('no items: one row', () => {
    expect(crossedByOneLine([])).toBe(true);
  });
});
