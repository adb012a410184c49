/**
 * The outbox in the UI (happy-dom): the status bar item, the panel (refused first, discard asks,
 * "Open in the form" goes to the front desk in fix mode, pause and damage said plainly), the
 * front desk's pending marks and queued work, and the enrolments in the Operator log.
 */
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { fail, fake, makeCardholder, makeOutboxItem, ok, outboxWith } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';


import OutboxPanel from '../../../renderer/src/outbox/OutboxPanel.vue';
import { useIdleResetStore } from '../../../renderer/src/shell/idle-reset-store';
import OutboxStatusItem from '../../../renderer/src/outbox/OutboxStatusItem.vue';
import FrontDeskView from '../../../renderer/src/cardholders/FrontDeskView.vue';
import OperatorLogView from '../../../renderer/src/operator-log/OperatorLogView.vue';
import { useNavigationStore } from '../../../renderer/src/shell/navigation-store';
import { useFrontDeskStore } from '../../../renderer/src/cardholders/front-desk-store';
import { useEnrolmentStore } from '../../../renderer/src/enrolment/enrolment-store';
import { useOutboxStore } from '../../../renderer/src/outbox/outbox-store';
import type { CardholderFields } from '../../../electron/contract/ipc';

const { mountView } = useComponentHarness(fake);

const FIELDS: CardholderFields = {
  first_Name: 'Nora',
  last_Name: 'Offline',
  middle_Name: '',
  employee_ID: '555001',
  email: '',
  sex: 'f',
  phone: '',
  address1: '',
  address2: '',
  city: 'Lyon',
  state: '',
  zip: '',
  tenant: [0],
  card_Holder_Type_ID: 3,
};
const REFUSED = { code: 'rejected' as const, message: 'The access-control service refused the data: Employee ID already used.', field: 'employee_ID' };

/** The panel, open, in a host that records when it asks to close. */
function panelHost(closed: { count: number }) {
  return defineComponent({
    setup() {
      const open = ref(true);
      return () =>
        h(OutboxPanel, {
          open: open.value,
          onClose: () => {
            closed.count++;
            open.value = false;
          },
        });
    },
  });
}

describe('outbox status item', () => {
  it('is always there, counts what waits, and follows the pushes', async () => {
    const view = await mountView(OutboxStatusItem);
    const button = view.get('[data-testid="outbox-status"]');
    expect(button.text()).toContain('Outbox: all sent');
    expect(button.attributes('aria-label')).toBe('Outbox of enrolments: nothing waits to be sent. Open the outbox.');
    fake.current.emit('outboxState', outboxWith([makeOutboxItem('a'), makeOutboxItem('b', { state: 'failed', lastError: REFUSED })]));
    await flushPromises();
    expect(button.attributes('data-pending')).toBe('1');
    expect(button.attributes('data-failed')).toBe('1');
    expect(button.text()).toContain('Outbox: 1 to send · 1 needs attention');
    await button.trigger('click');
    expect(view.emitted('open')).toHaveLength(1);
  });
});

describe('outbox panel', () => {
  it('lists what needs attention first, then what waits, each with its state', async () => {
    fake.current.api.getOutbox.mockResolvedValue(
      ok(
        outboxWith([
          makeOutboxItem('create', { fields: FIELDS, nextAttemptAt: '2099-01-01T00:00:00.000Z', attempts: 2, lastError: { code: 'unreachable', message: 'The service is not answering.' } }),
          makeOutboxItem('photo', { kind: 'photo', photoBytes: 50_000 }),
          makeOutboxItem('upd', { kind: 'update', cardholderId: 9, label: 'Dupont, Marie', state: 'failed', fields: { employee_ID: '1' }, lastError: REFUSED }),
        ]),
      ),
    );
    const view = await mountView(panelHost({ count: 0 }));
    const items = view.findAll('[data-testid="outbox-item"]');
    expect(items.map((i) => i.attributes('data-state'))).toEqual(['failed', 'pending', 'pending']);
    expect(items[0]?.text()).toContain('Dupont, Marie');
    expect(items[0]?.text()).toContain('Needs attention: The access-control service refused the data: Employee ID already used.');
    expect(items[1]?.text()).toContain('Waiting for the service — next try at');
    expect(items[1]?.text()).toContain('Last try: The service is not answering.');
    expect(items[2]?.text()).toContain('Waiting for the new cardholder to be created first.');
    expect(view.get('[data-testid="outbox-counts"]').text()).toBe('2 enrolments to send · 1 enrolment needing attention');
  });

  it('closes at the idle reset: the names of people waiting are not left on an unattended screen', async () => {
    fake.current.api.getOutbox.mockResolvedValue(ok(outboxWith([makeOutboxItem('upd', { kind: 'update', cardholderId: 9, label: 'Dupont, Marie', fields: { city: 'Lyon' } })])));
    const closed = { count: 0 };
    const view = await mountView(panelHost(closed));
    expect(view.text()).toContain('Dupont, Marie');
    const idle = useIdleResetStore();
    expect(idle.armed()).toBe(true);
    idle.reset(120);
    await flushPromises();
    expect(closed.count).toBe(1);
    expect(view.find('dialog[open]').exists()).toBe(false);
  });

  it('asks before discarding; "Keep it" keeps, confirming discards and shows the new list', async () => {
    const refused = makeOutboxItem('gone', { state: 'failed', lastError: REFUSED, fields: FIELDS });
    fake.current.api.getOutbox.mockResolvedValue(ok(outboxWith([refused])));
    fake.current.api.discardOutboxItem.mockResolvedValue(ok(outboxWith([])));
    const view = await mountView(panelHost({ count: 0 }));
    await view.get('[data-testid="outbox-discard"]').trigger('click');
    expect(view.text()).toContain('Discard the new cardholder Offline, Nora? They will not be created, and what waits for them (changes, the photo) goes too.');
    await view.get('[data-testid="outbox-discard-keep"]').trigger('click');
    expect(fake.current.api.discardOutboxItem).not.toHaveBeenCalled();
    await view.get('[data-testid="outbox-discard"]').trigger('click');
    await view.get('[data-testid="outbox-discard-confirm"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.discardOutboxItem).toHaveBeenCalledWith({ itemId: 'gone' });
    expect(view.find('[data-testid="outbox-item"]').exists()).toBe(false);
    expect(view.get('[data-testid="outbox-empty"]').text()).toContain('Nothing waits to be sent');
  });

  it('opens a refused change in the form at the front desk, over the record as the service has it', async () => {
    const item = makeOutboxItem('upd', { kind: 'update', cardholderId: 1, label: 'Dupont, Marie', state: 'failed', fields: { employee_ID: '42' }, lastError: REFUSED });
    fake.current.api.getOutbox.mockResolvedValue(ok(outboxWith([item])));
    const closed = { count: 0 };
    const view = await mountView(panelHost(closed));
    await view.get('[data-testid="outbox-fix"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.getCardholder).toHaveBeenCalledWith({ id: 1 });
    expect(useNavigationStore().current).toBe('front-desk');
    expect(useFrontDeskStore().step).toBe('enrol');
    const enrolment = useEnrolmentStore();
    expect(enrolment.mode).toBe('fix');
    expect(enrolment.form.employee_ID).toBe('42');
    expect(enrolment.form.last_Name).toBe('Dupont');
    expect(enrolment.problemFor('employee_ID')).toBe(REFUSED.message);
    expect(closed.count).toBe(1);
  });

  it('says why a refused change cannot be opened, and offers no form for a refused photo', async () => {
    const item = makeOutboxItem('upd', { kind: 'update', cardholderId: 77, state: 'failed', fields: { city: 'x' }, lastError: REFUSED });
    const photo = makeOutboxItem('ph', { kind: 'photo', cardholderId: 78, state: 'failed', lastError: { code: 'too_large', message: 'The photo is too large for the service.' } });
    fake.current.api.getOutbox.mockResolvedValue(ok(outboxWith([item, photo])));
    fake.current.api.getCardholder.mockResolvedValueOnce(fail('unreachable', 'The access-control service is not answering.'));
    const closed = { count: 0 };
    const view = await mountView(panelHost(closed));
    const [first, second] = view.findAll('[data-testid="outbox-item"]');
    await first?.get('[data-testid="outbox-fix"]').trigger('click');
    await flushPromises();
    expect(view.get('[data-testid="outbox-problem"]').text()).toBe('The access-control service is not answering.');
    expect(closed.count).toBe(0);
    expect(second?.find('[data-testid="outbox-fix"]').exists()).toBe(false);
    expect(second?.text()).toContain('Discard it, then take a new photo from the record.');
  });

  it('says plainly when sending is paused or the saved outbox was damaged, and tries again on request', async () => {
    const paused = { at: '2026-11-21T10:00:00.000Z', error: { code: 'unauthorized' as const, message: 'The service did not accept the kiosk\u2019s credential.' } };
    fake.current.api.getOutbox.mockResolvedValue(ok(outboxWith([makeOutboxItem('a')], { paused, damage: { keptAt: '/data/outbox.journal.damaged-1', unreadable: 2, reason: '2 records in it could not be read' } })));
    const view = await mountView(panelHost({ count: 0 }));
    expect(view.get('[data-testid="outbox-paused"]').text()).toContain('Sending is paused: the service refused this kiosk\'s credential');
    expect(view.get('[data-testid="outbox-paused"]').text()).toContain('Call an administrator; nothing is lost meanwhile.');
    expect(view.get('[data-testid="outbox-damage"]').text()).toContain('/data/outbox.journal.damaged-1');
    const retry = view.get('[data-testid="outbox-retry"]');
    expect(retry.text()).toBe('Try again (after the administrator fixed it)');
    await retry.trigger('click');
    expect(fake.current.api.retryOutbox).toHaveBeenCalled();
  });
});

describe('front desk and the outbox', () => {
  it('marks a cardholder created offline as pending, shows it as such with its queued work and changed fields', async () => {
    const provisional = makeCardholder(-4, { first_Name: 'Nora', last_Name: 'Dupuis', city: 'Lyon (new)' });
    fake.current.cardholders.push(provisional);
    fake.current.api.searchCardholders.mockImplementation(async (request) =>
      ok({ query: request.query, total: 1, offset: 0, items: [{ ...provisional, pending: true }] }),
    );
    const queued = [makeOutboxItem('c', { cardholderId: -4, label: 'Dupuis, Nora' }), makeOutboxItem('u', { kind: 'update', cardholderId: -4, label: 'Dupuis, Nora', fields: { city: 'Lyon (new)' } })];
    fake.current.api.getCardholder.mockResolvedValue(ok({ record: provisional, refreshed: false, warning: null, queued }));
    const view = await mountView(FrontDeskView);
    const input = view.get<HTMLInputElement>('[data-testid="cardholder-search"]').element;
    input.value = 'dupuis';
    input.dispatchEvent(new Event('input'));
    await flushPromises();
    expect(view.get('[data-testid="cardholder-pending"]').text()).toBe('Pending');
    await view.get('[data-testid="cardholder-row"]').trigger('click');
    await flushPromises();
    expect(view.get('[data-testid="record-provisional"]').text()).toContain('Created on this workstation while the service could not be reached');
    expect(view.find('[data-testid="record-stale"]').exists()).toBe(false);
    expect(view.get('[data-testid="field-id"]').text()).toBe('Not assigned yet (waiting to be sent)');
    expect(view.findAll('[data-testid="record-queued-item"]').map((i) => i.find('.what').text())).toEqual(['New cardholder', 'Change of city']);
    expect(view.get('[data-testid="field-city"]').text()).toBe('Lyon (new) (waiting to be sent)');
  });

  it('the ages of what waits tick while the record is on screen', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:10.000Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const provisional = makeCardholder(-4, { first_Name: 'Nora', last_Name: 'Dupuis' });
      fake.current.cardholders.push(provisional);
      fake.current.api.searchCardholders.mockImplementation(async (request) => ok({ query: request.query, total: 1, offset: 0, items: [{ ...provisional, pending: true }] }));
      const queued = [makeOutboxItem('c', { cardholderId: -4, label: 'Dupuis, Nora' })];
      fake.current.api.getCardholder.mockResolvedValue(ok({ record: provisional, refreshed: false, warning: null, queued }));
      const view = await mountView(FrontDeskView);
      const input = view.get<HTMLInputElement>('[data-testid="cardholder-search"]').element;
      input.value = 'dupuis';
      input.dispatchEvent(new Event('input'));
      await flushPromises();
      await view.get('[data-testid="cardholder-row"]').trigger('click');
      await flushPromises();
      expect(view.get('[data-testid="record-queued-item"]').text()).toContain('saved just now');
      vi.advanceTimersByTime(2 * 60_000);
      await flushPromises();
      expect(view.get('[data-testid="record-queued-item"]').text()).toContain('saved 2 min ago');
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows a cardholder created offline to its real record once the service confirms it', async () => {
    const provisional = makeCardholder(-4, { first_Name: 'Nora', last_Name: 'Dupuis' });
    const real = makeCardholder(61, { first_Name: 'Nora', last_Name: 'Dupuis' });
    fake.current.cardholders.push(provisional, real);
    const item = makeOutboxItem('c', { cardholderId: -4, label: 'Dupuis, Nora' });
    fake.current.api.getCardholder.mockImplementation(async ({ id }) => ok({ record: id === 61 ? real : provisional, refreshed: id === 61, warning: null, queued: id === 61 ? [] : [item] }));
    const view = await mountView(FrontDeskView);
    const outbox = useOutboxStore();
    await outbox.start();
    fake.current.emit('outboxState', outboxWith([item]));
    useFrontDeskStore().openRecord({ ...provisional, pending: true });
    await flushPromises();
    expect(view.get('[data-testid="field-id"]').text()).toBe('Not assigned yet (waiting to be sent)');
    fake.current.emit('outboxState', outboxWith([], { confirmed: [{ provisionalId: -4, id: 61, at: '2026-11-21T10:01:00.000Z' }] }));
    await flushPromises();
    expect(fake.current.api.getCardholder).toHaveBeenLastCalledWith({ id: 61 });
    expect(view.get('[data-testid="field-id"]').text()).toBe('61');
    expect(view.find('[data-testid="record-provisional"]').exists()).toBe(false);
  });
});

describe('operator log: enrolments', () => {
  it('lists the enrolment actions and filters them by kind', async () => {
    fake.current.api.listEnrolmentLog.mockResolvedValue(
      ok([
        { at: '2026-11-21T10:03:00.000Z', kind: 'replayed', cardholderId: 61, name: 'Dupuis, Nora', outcome: 'Created on the service (record number 61) after waiting on this workstation.' },
        { at: '2026-11-21T10:02:00.000Z', kind: 'discarded', cardholderId: -5, name: 'Roe, Jim', outcome: 'Discarded by the officer: the new cardholder was not sent.' },
        { at: '2026-11-21T10:01:00.000Z', kind: 'queued', cardholderId: -4, name: 'Dupuis, Nora', outcome: 'The new cardholder was saved on this workstation.' },
      ]),
    );
    const view = await mountView(OperatorLogView);
    await view.get('[data-testid="operator-log-enrolments"]').setValue(true);
    const rows = () => view.findAll('[data-testid="enrolment-log-row"]');
    expect(rows()).toHaveLength(3);
    expect(rows()[1]?.text()).toContain('Discarded');
    expect(rows()[1]?.text()).toContain('not assigned yet');
    await view.get('[data-testid="enrolment-log-kind"]').setValue('queued');
    expect(rows().map((r) => r.attributes('data-kind'))).toEqual(['queued']);
    await view.get('[data-testid="enrolment-log-kind"]').setValue('linked');
    expect(rows()).toHaveLength(0);
    expect(view.text()).toContain('No entry of the kind “Linked to an existing record”.');
  });
});
