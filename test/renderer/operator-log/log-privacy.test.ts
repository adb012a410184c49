/**
 * The operator log's parts forget what they read at the idle reset (issue 31: every panel that
 * shows a person closes at the idle reset): the acknowledgements' texts and notes may name
 * people. They are read again when the operator log is shown.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { createFakeKiosk, fake, ok } from '../support/fake-kiosk';
import { useBadgeLogStore } from '../../../renderer/src/badges/badge-log-store';
import { useAcknowledgementLogStore } from '../../../renderer/src/operator-log/acknowledgement-log-store';
import { useIdleResetStore } from '../../../renderer/src/shell/idle-reset-store';
import { usePrivacyRegistry } from '../../../renderer/src/shell/privacy-registry';

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('operator log at the idle reset', () => {
  it('the acknowledgements and handover reports read are forgotten, and read again on the next load', async () => {
    fake.current.api.listAcknowledgementPage.mockResolvedValue(
      ok({ total: 1, offset: 0, items: [{ alarmKey: 'alarm:1', alarmId: 1, recordIds: [1], note: 'Spoke to Ottoline Featherstonehaugh', acknowledgedAt: '2026-11-28T08:00:00.000Z', device: 'Door 3', text: 'Forced open' }] }),
    );
    const acks = useAcknowledgementLogStore();
    await acks.load(0);
    expect(acks.items).toHaveLength(1);
    expect(usePrivacyRegistry().holding()).toContain('acknowledgement-log');
    useIdleResetStore().reset(60);
    expect(acks.items).toEqual([]);
    expect(acks.total).toBe(0);
    expect(usePrivacyRegistry().holding()).not.toContain('acknowledgement-log');
    await acks.load(0);
    expect(acks.items[0]?.note).toBe('Spoke to Ottoline Featherstonehaugh');
  });

  it('the badge log (it names the people badged) is forgotten, and read again on the next load', async () => {
    fake.current.api.listBadgeLog.mockResolvedValue(ok([{ at: '2026-11-28T08:00:00.000Z', outcome: 'printed', cardholderId: 7, name: 'Ottoline Featherstonehaugh' } as never]));
    const badges = useBadgeLogStore();
    await badges.load();
    expect(badges.entries).toHaveLength(1);
    useIdleResetStore().reset(60);
    expect(badges.entries).toEqual([]);
    expect(usePrivacyRegistry().holding()).not.toContain('badge-log');
    await badges.load();
    expect(badges.entries).toHaveLength(1);
  });
});
