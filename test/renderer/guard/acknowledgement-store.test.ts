/** The acknowledgement store: acknowledging alarms by their numbers or a whole group, and what it checks first. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fail, fake, makeAlarm } from '../support/fake-kiosk';

import { useAcknowledgementStore } from '../../../renderer/src/guard/acknowledgement-store';
import { useOpenAlarmStore } from '../../../renderer/src/guard/open-alarms-store';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('acknowledgement store', () => {
  it('sends the alarm numbers once each with the note, marks them acknowledged at once and reads the counts again', async () => {
    fake.current.setSnapshot([makeAlarm(1), makeAlarm(2)]);
    const open = useOpenAlarmStore();
    await open.start();
    expect(open.count).toBe(2);
    const acks = useAcknowledgementStore();
    const result = await acks.acknowledge({ alarmIds: [2, 1, 2], note: ' checked ' });
    expect(result).toMatchObject({ ok: true, value: { acknowledged: 2 } });
    expect(fake.current.api.acknowledgeAlarms).toHaveBeenCalledWith({ alarmIds: [2, 1], note: ' checked ' });
    expect(open.isSettled(makeAlarm(1))).toBe(true);
    expect(open.count).toBe(0);
  });

  it('acknowledges a whole group up to the last alarm the guard saw, with the count shown', async () => {
    const acks = useAcknowledgementStore();
    await acks.acknowledge({ group: 'preShift', asOf: { highestId: 40, lastSetAside: 0 }, expected: 12, note: 'reviewed' });
    expect(fake.current.api.acknowledgeAlarmGroup).toHaveBeenCalledWith({ group: 'preShift', asOf: { highestId: 40, lastSetAside: 0 }, expected: 12, note: 'reviewed' });
  });

  it('refuses what main would refuse, with the screen\'s words, without asking main', async () => {
    const acks = useAcknowledgementStore();
    expect(await acks.acknowledge({ alarmIds: [], note: '' })).toMatchObject({ ok: false, error: { field: 'alarmIds', message: 'There is no alarm to acknowledge.' } });
    expect(await acks.acknowledge({ alarmIds: [1], note: 'x'.repeat(2001) })).toMatchObject({ ok: false, error: { field: 'note' } });
    expect(await acks.acknowledge({ alarmIds: Array.from({ length: 10_001 }, (_, i) => i + 1), note: '' })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/At most 10,000/) } });
    expect(fake.current.api.acknowledgeAlarms).not.toHaveBeenCalled();
  });

  it('passes main\'s refusal on as it came and marks nothing', async () => {
    fake.current.api.acknowledgeAlarms.mockResolvedValueOnce(fail('invalid_request', 'A note is required to acknowledge this alarm (FORCED OPEN on Vault): say what was done.'));
    const open = useOpenAlarmStore();
    const result = await useAcknowledgementStore().acknowledge({ alarmIds: [7], note: '' });
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringMatching(/A note is required/) } });
    expect(open.isSettled(makeAlarm(7))).toBe(false);
  });
});
