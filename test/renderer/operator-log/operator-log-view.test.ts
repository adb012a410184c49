/** The operator log screen. */
import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { ok, type FakeKiosk } from '../support/fake-kiosk';
import { at, useComponentHarness } from '../support/component-harness';

const fake = vi.hoisted(() => ({ current: null as unknown as FakeKiosk }));
vi.mock('../../../renderer/src/api/kiosk', () => ({
  get kiosk() {
    return fake.current.api;
  },
  isConnected: () => true,
}));

import OperatorLogView from '../../../renderer/src/operator-log/OperatorLogView.vue';

const { mountView } = useComponentHarness(fake);

describe('OperatorLogView', () => {
  it('lists acknowledgements with time, device, text and note', async () => {
    fake.current.api.listAcknowledgements.mockResolvedValue(
      ok([{ alarmKey: 'event:7', recordIds: [7], note: 'False alarm', acknowledgedAt: at(1), device: 'Door 3', text: 'Door forced open' }]),
    );
    const view = await mountView(OperatorLogView);
    const row = view.find('[data-testid="operator-log-row"]');
    expect(row.text()).toContain('Door 3');
    expect(row.text()).toContain('Door forced open');
    expect(row.text()).toContain('False alarm');
    expect(row.find('time').attributes('title')).toMatch(/UTC$/);
  });

  it('names fields in the enrolment history as the form does, older entries too', async () => {
    fake.current.api.listEnrolmentLog.mockResolvedValue(
      ok([{ at: at(2), kind: 'updated', cardholderId: 7, name: 'Dupont, Marie', outcome: 'Changed on the service: last_Name, employee_ID, city.' }]),
    );
    const view = await mountView(OperatorLogView);
    await view.get('[data-testid="operator-log-enrolments"]').setValue(true);
    await flushPromises();
    expect(view.get('[data-testid="enrolment-log-row"]').text()).toContain('Changed on the service: Last name, Employee ID, city.');
  });
});
