// Main's read guard in the renderer (issue 32): before a sign-in main refuses the feed's snapshot
// and the outbox (they show personal data). The status bar's stores neither show that as an error
// nor retry on a timer: they read again as soon as someone is on shift. A screen that meets the
// refusal says it in words ("Looking up cardholders shows personal data: sign in …").
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fake, LIVE_STATE, makeEvent, ok, OPERATOR_ON_SHIFT, OUTBOX_EMPTY } from '../support/fake-kiosk';
import { keyedError, type KioskError, type Result } from '../../../electron/contract/ipc';
import { useFeedStore } from '../../../renderer/src/guard/feed-store';
import { useOutboxStore } from '../../../renderer/src/outbox/outbox-store';
import { useOperatorStore } from '../../../renderer/src/operators/operator-store';
import { needsShiftToRead } from '../../../renderer/src/operators/shift-refusal';
import { errorText } from '../../../renderer/src/i18n/error-text';

const refused = (action: string): Result<never> => ({ ok: false, error: { code: 'forbidden', ...keyedError('readNeedsShift', { action }) } });
const NOBODY = { ...OPERATOR_ON_SHIFT, current: null };

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
  fake.current.api.getOperatorState.mockResolvedValue(ok(NOBODY));
});

describe('the read guard in the renderer', () => {
  it('the feed: a snapshot refused before a sign-in is no error and is read once someone signs in', async () => {
    vi.useFakeTimers();
    try {
      fake.current.api.getFeedSnapshot.mockResolvedValueOnce(refused('Showing the live feed'));
      fake.current.setSnapshot([makeEvent(1), makeEvent(2)]);
      const operators = useOperatorStore();
      await operators.load();
      expect(operators.needsSignIn).toBe(true);
      const feed = useFeedStore();
      await feed.start();
      expect(feed.snapshotError).toBeNull();
      expect(feed.bufferedCount).toBe(0);
      // No timed retry while nobody is on shift.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fake.current.api.getFeedSnapshot).toHaveBeenCalledTimes(1);

      await operators.signInUnnamed();
      await vi.waitFor(() => expect(fake.current.api.getFeedSnapshot).toHaveBeenCalledTimes(2));
      await vi.waitFor(() => expect(feed.snapshotLoaded).toBe(true));
      expect(feed.state.status).toBe(LIVE_STATE.status);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the outbox: refused before a sign-in, said in words, read once someone signs in', async () => {
    fake.current.api.getOutbox.mockResolvedValueOnce(refused('Showing the enrolments waiting to be sent'));
    const operators = useOperatorStore();
    await operators.load();
    const outbox = useOutboxStore();
    await outbox.start();
    expect(outbox.state).toBeNull();
    expect(needsShiftToRead(outbox.error as KioskError)).toBe(true);
    expect(errorText(outbox.error as KioskError)).toBe('Showing the enrolments waiting to be sent shows personal data: sign in at the start of your shift first.');

    await operators.signInUnnamed();
    await vi.waitFor(() => expect(outbox.state).toEqual(OUTBOX_EMPTY));
    expect(outbox.error).toBeNull();
    expect(fake.current.api.getOutbox).toHaveBeenCalledTimes(2);
  });

  it('tells the read guard from other refusals', () => {
    expect(needsShiftToRead({ code: 'forbidden', ...keyedError('readNeedsShift', { action: 'Looking up cardholders' }) })).toBe(true);
    expect(needsShiftToRead({ code: 'forbidden', ...keyedError('shiftNeeded', { action: 'Enrolling a cardholder' }) })).toBe(false);
    expect(needsShiftToRead({ code: 'forbidden', message: 'The service does not allow it.' })).toBe(false);
    expect(needsShiftToRead(null)).toBe(false);
  });
});
