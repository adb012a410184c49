/** The operator log screen. */
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, ok } from '../support/fake-kiosk';
import { at, useComponentHarness } from '../support/component-harness';


import OperatorLogView from '../../../renderer/src/operator-log/OperatorLogView.vue';

const { mountView } = useComponentHarness(fake);

describe('OperatorLogView', () => {
  it('lists acknowledgements with time, the event time and priority, device, text, note and operator', async () => {
    fake.current.api.listAcknowledgementPage.mockResolvedValue(
      ok({
        total: 1,
        offset: 0,
        items: [{ alarmKey: 'event:7', recordIds: [7], note: 'False alarm', acknowledgedAt: at(1), device: 'Door 3', text: 'Door forced open', operator: 'Ada Guard', eventCreated: at(0), priority: 'critical' as const }],
      }),
    );
    const view = await mountView(OperatorLogView);
    const row = view.find('[data-testid="operator-log-row"]');
    expect(row.text()).toContain('Door 3');
    expect(row.text()).toContain('Door forced open');
    expect(row.text()).toContain('False alarm');
    expect(row.find('[data-testid="operator-log-operator"]').text()).toBe('Ada Guard');
    expect(row.find('[data-testid="operator-log-priority"]').text()).toBe('critical');
    expect(row.findAll('time')).toHaveLength(2);
    expect(row.find('time').attributes('title')).toMatch(/UTC$/);
  });

  it('pages through every acknowledgement main holds and says which it shows', async () => {
    const TOTAL = 4608;
    const entry = (n: number) => ({ alarmKey: `event:${n}`, recordIds: [n], note: '', acknowledgedAt: at(n), device: 'Door', text: 'Denied', operator: 'unnamed', eventCreated: null, priority: 'low' as const });
    fake.current.api.listAcknowledgementPage.mockImplementation(async ({ offset, limit }: { offset: number; limit: number }) =>
      ok({ total: TOTAL, offset, items: Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) => entry(TOTAL - offset - i)) }),
    );
    const view = await mountView(OperatorLogView);
    expect(view.text()).toContain('Alarm acknowledgements (4,608)');
    expect(view.find('[data-testid="operator-log-range"]').text()).toBe('1–100 of 4,608, newest first');
    expect(view.findAll('[data-testid="operator-log-row"]')).toHaveLength(100);
    for (let page = 1; page < 47; page++) {
      await view.find('[data-testid="operator-log-older"]').trigger('click');
      await flushPromises();
    }
    expect(view.find('[data-testid="operator-log-range"]').text()).toBe('4,601–4,608 of 4,608, newest first');
    expect(view.findAll('[data-testid="operator-log-row"]')).toHaveLength(8);
    expect(view.find('[data-testid="operator-log-older"]').attributes('disabled')).toBeDefined();
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
