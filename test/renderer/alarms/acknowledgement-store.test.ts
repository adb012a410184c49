/** The acknowledgement store: what main keeps, and acknowledging. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fail, fake, ok } from '../support/fake-kiosk';


import { useAcknowledgementStore } from '../../../renderer/src/alarms/acknowledgement-store';
import type { Acknowledgement } from '../../../electron/contract/ipc';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('acknowledgement store', () => {
  const stored: Acknowledgement = {
    alarmKey: 'event:1',
    recordIds: [1],
    note: 'checked',
    acknowledgedAt: '2026-11-21T09:00:00.000Z',
    device: 'Door 3',
    text: 'Door forced open',
  };

  it('loads what main keeps and marks those record ids', async () => {
    fake.current.api.listAcknowledgements.mockResolvedValueOnce(ok([stored]));
    const acks = useAcknowledgementStore();
    await acks.ensureLoaded();
    await acks.ensureLoaded();
    expect(fake.current.api.listAcknowledgements).toHaveBeenCalledTimes(1);
    expect(acks.acknowledgedIds.has(1)).toBe(true);
  });

  it('acknowledges the alarms with one trimmed note, and adds main\'s entries (one per alarm) on top', async () => {
    const acks = useAcknowledgementStore();
    await acks.load();
    const result = await acks.acknowledge({ recordIds: [4, 5, 5, 6], note: '  guard sent  ' });
    expect(result.ok).toBe(true);
    expect(fake.current.api.acknowledgeAlarms).toHaveBeenCalledWith({ recordIds: [4, 5, 6], note: 'guard sent' });
    expect(acks.list.map((a) => a.recordIds)).toEqual([[4], [5], [6]]);
    expect([4, 5, 6].every((id) => acks.acknowledgedIds.has(id))).toBe(true);
  });

  it('returns the typed error and changes nothing when main refuses', async () => {
    fake.current.api.acknowledgeAlarms.mockResolvedValueOnce(fail('server_error', 'The operator log could not be written.'));
    const acks = useAcknowledgementStore();
    const result = await acks.acknowledge({ recordIds: [1], note: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe('The operator log could not be written.');
    expect(acks.list).toHaveLength(0);
  });

  it('refuses an over-long note without calling main', async () => {
    const acks = useAcknowledgementStore();
    const result = await acks.acknowledge({ recordIds: [1], note: 'x'.repeat(2001) });
    expect(result.ok).toBe(false);
    expect(fake.current.api.acknowledgeAlarms).not.toHaveBeenCalled();
  });

  it('keeps the load error for a banner', async () => {
    fake.current.api.listAcknowledgements.mockResolvedValueOnce(fail('internal', 'The operator log cannot be read.'));
    const acks = useAcknowledgementStore();
    await acks.load();
    expect(acks.error?.message).toBe('The operator log cannot be read.');
  });
});
