/** The event detail store: the feed's copy at once, then the service's. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fail, fake, makeEvent, ok } from '../support/fake-kiosk';


import { useEventDetailStore } from '../../../renderer/src/guard/event-detail-store';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('event detail store', () => {
  it('shows the feed copy at once, then the service copy', async () => {
    let answer: (value: unknown) => void = () => undefined;
    fake.current.api.getEvent.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve as (value: unknown) => void)) as never);
    const detail = useEventDetailStore();
    const local = makeEvent(7, { custom_Text: 'from the feed' });
    const opening = detail.open(local);
    expect(detail.event?.custom_Text).toBe('from the feed');
    expect(detail.loading).toBe(true);
    answer(ok({ ...local, custom_Text: 'from the service', extra_Field: 1 }));
    await opening;
    expect(fake.current.api.getEvent).toHaveBeenCalledWith({ id: 7 });
    expect(detail.event?.custom_Text).toBe('from the service');
    expect(detail.loading).toBe(false);
    expect(detail.refreshed).toBe(true);
  });

  it('keeps the feed copy and the error when the refresh fails', async () => {
    fake.current.api.getEvent.mockResolvedValueOnce(fail('not_found', 'The service has no event 7.'));
    const detail = useEventDetailStore();
    await detail.open(makeEvent(7));
    expect(detail.event?.record_ID).toBe(7);
    expect(detail.error?.message).toBe('The service has no event 7.');
  });

  it('ignores a late answer for an event the guard has left', async () => {
    let answer: (value: unknown) => void = () => undefined;
    fake.current.api.getEvent.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve as (value: unknown) => void)) as never);
    const detail = useEventDetailStore();
    const first = detail.open(makeEvent(1));
    await detail.open(makeEvent(2));
    answer(ok(makeEvent(1)));
    await first;
    expect(detail.event?.record_ID).toBe(2);
  });
});
