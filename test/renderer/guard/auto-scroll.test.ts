/** Auto-scroll of the live feed, and the freeze it puts on the rows. */
import { describe, expect, it } from 'vitest';
import { AutoScroll, TOP_TOLERANCE_PX } from '../../../renderer/src/guard/auto-scroll';
import { FeedBuffer } from '../../../renderer/src/guard/feed-buffer';
import { buildFeedRows, countNewSince } from '../../../renderer/src/guard/feed-rows';
import { makeEvent } from '../support/fake-kiosk';

describe('AutoScroll', () => {
  it('starts live and stays live while the list is at the top', () => {
    const auto = new AutoScroll(10_000);
    expect(auto.paused).toBe(false);
    expect(auto.scrolled(0, 1_000, 5)).toBe(false);
    expect(auto.scrolled(TOP_TOLERANCE_PX, 1_000, 5)).toBe(false);
    expect(auto.paused).toBe(false);
  });

  it('pauses when the guard scrolls away from the top, frozen at the current seq', () => {
    const auto = new AutoScroll(10_000);
    expect(auto.scrolled(200, 1_000, 42)).toBe(true);
    expect(auto.snapshot).toEqual({ mode: 'paused', frozenAtSeq: 42, lastInteractionAt: 1_000 });
  });

  it('pauses on hover (any interaction) and keeps the first freeze point', () => {
    const auto = new AutoScroll(10_000);
    auto.interact(1_000, 7);
    auto.interact(2_000, 9);
    expect(auto.snapshot.frozenAtSeq).toBe(7);
    expect(auto.snapshot.lastInteractionAt).toBe(2_000);
  });

  it('resumes on request', () => {
    const auto = new AutoScroll(10_000);
    auto.interact(1_000, 7);
    expect(auto.resume()).toBe(true);
    expect(auto.snapshot).toEqual({ mode: 'live', frozenAtSeq: null, lastInteractionAt: null });
    expect(auto.resume()).toBe(false);
  });

  it('resumes after the resume delay without interaction, and not before', () => {
    const auto = new AutoScroll(10_000);
    auto.interact(1_000, 7);
    expect(auto.resumeDueAt()).toBe(11_000);
    expect(auto.tick(10_999)).toBe(false);
    auto.interact(8_000, 9); // the guard moved again: the clock restarts
    expect(auto.tick(11_000)).toBe(false);
    expect(auto.tick(18_000)).toBe(true);
    expect(auto.paused).toBe(false);
    expect(auto.resumeDueAt()).toBeNull();
  });

  it('ignores a nonsensical resume delay', () => {
    const auto = new AutoScroll(10_000);
    auto.setResumeAfter(-5);
    auto.interact(0, 1);
    expect(auto.resumeDueAt()).toBe(10_000);
  });

  it('counts the "N new events" that arrive while paused and shows them after resuming', () => {
    const buffer = new FeedBuffer(1000);
    buffer.merge([makeEvent(1), makeEvent(2)]);
    const auto = new AutoScroll(10_000);
    auto.interact(0, buffer.lastSeq);
    buffer.merge([makeEvent(3), makeEvent(4), makeEvent(4)]);
    const frozen = auto.snapshot.frozenAtSeq ?? undefined;
    expect(buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: 0, maxSeq: frozen })).toHaveLength(2);
    expect(countNewSince(buffer.oldestFirst(), frozen ?? 0).events).toBe(2);
    auto.resume();
    const live = auto.snapshot.frozenAtSeq ?? undefined;
    expect(buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: 0, maxSeq: live }).map((r) => r.event.record_ID)).toEqual([4, 3, 2, 1]);
  });
});
