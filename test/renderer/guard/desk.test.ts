/**
 * The shared alarm desk on the guard's screens: the banner while its store is down, notices,
 * claims and take-overs in the detail panel, the alarm's activity, the owner on rows, who is on
 * duty, the site's handover, the desk in the operator log — and nothing of it when it is off.
 */
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import axe from 'axe-core';
import type { DeskActivity, DeskClaim, DeskState, SiteHandoverSummary } from '../../../electron/contract/ipc';
import { DESK_OFF, DESK_UP, fake, makeAlarm, ok } from '../support/fake-kiosk';
import { at, useComponentHarness } from '../support/component-harness';

import LiveFeedView from '../../../renderer/src/guard/LiveFeedView.vue';
import EventDetailPanel from '../../../renderer/src/guard/EventDetailPanel.vue';
import DeskBanner from '../../../renderer/src/guard/desk/DeskBanner.vue';
import DeskNotices from '../../../renderer/src/guard/desk/DeskNotices.vue';
import OnDutyPanel from '../../../renderer/src/guard/desk/OnDutyPanel.vue';
import SiteHandoverPanel from '../../../renderer/src/guard/desk/SiteHandoverPanel.vue';
import OperatorLogView from '../../../renderer/src/operator-log/OperatorLogView.vue';
import OperatorBadge from '../../../renderer/src/operators/OperatorBadge.vue';
import { useEventDetailStore } from '../../../renderer/src/guard/event-detail-store';
import { useDeskStore } from '../../../renderer/src/guard/desk/desk-store';
import { useOperatorStore } from '../../../renderer/src/operators/operator-store';
import { usePrivacyRegistry } from '../../../renderer/src/shell/privacy-registry';

const { mountView } = useComponentHarness(fake);

const BOB_HOLDS_5: DeskClaim = { alarmId: 5, operator: 'Bob', desk: 'desk-2', since: at(10), until: at(310), mine: false };
const MINE_5: DeskClaim = { alarmId: 5, operator: 'Ada Guard', desk: 'desk-1', since: at(20), until: at(320), mine: true };
const DOWN: DeskState = {
  ...DESK_UP,
  status: 'down',
  since: at(0),
  problemText: { key: 'desk.fromMain.unreachable', params: { time: at(0) }, message: 'Shared alarm desk unreachable since 10:00' },
  waiting: 2,
};

const activity = (patch: Partial<DeskActivity> & Pick<DeskActivity, 'actionId' | 'kind'>): DeskActivity => ({
  operator: 'Bob',
  desk: 'desk-2',
  at: at(10),
  recordedAt: at(10),
  outcome: 'done',
  note: '',
  by: null,
  ...patch,
});

const HANDOVER: SiteHandoverSummary = {
  id: '3f1c1f3e-6a4b-4f7e-9c55-0d3c2a1b0e99',
  from: { operator: 'Carl', desk: 'desk-3' },
  at: at(0),
  words: 'Gate 7 sticks; patrol informed.',
  acknowledgedByDesk: [{ operator: 'Carl', desk: 'desk-3', count: 12 }],
  open: [{ alarmId: 5, priority: 'critical', text: 'Door forced open', device: 'Door 3', created: at(-60), owner: { operator: 'Bob', desk: 'desk-2' } }],
  openTotal: 3,
  outages: [{ since: at(-600), endedAt: at(-300) }],
  notes: [{ operator: 'Carl', desk: 'desk-3', at: at(-30), alarmId: 5, note: 'Camera 2 shows nobody' }],
  confirmed: null,
};

async function openDetail(alarmId = 5): Promise<void> {
  const alarm = makeAlarm(alarmId);
  // The service's current record: the same alarm (the fake's getEvent answers a plain event).
  fake.current.api.getEvent.mockResolvedValue(ok(alarm));
  void useEventDetailStore().open(alarm);
  await flushPromises();
}

describe('DeskBanner', () => {
  it('says the desk is unreachable since when and how many actions wait, and goes when it is back', async () => {
    fake.current.setDesk(DOWN);
    const view = await mountView(DeskBanner);
    const banner = view.find('[data-testid="desk-banner"]');
    expect(banner.text()).toContain('Shared alarm desk unreachable since');
    expect(banner.text()).toContain("other desks' actions are not visible; yours will be shared when it returns.");
    expect(banner.find('[data-testid="desk-waiting"]').text()).toBe('2 of your actions wait to be sent');
    expect(banner.attributes('role')).toBe('alert');
    fake.current.emit('deskState', { ...DESK_UP });
    await flushPromises();
    expect(view.find('[data-testid="desk-banner"]').exists()).toBe(false);
  });

  it('shows nothing when the desk is off or up', async () => {
    fake.current.setDesk(DESK_OFF);
    const view = await mountView(DeskBanner);
    expect(view.find('[data-testid="desk-banner"]').exists()).toBe(false);
    fake.current.emit('deskState', DESK_UP);
    await flushPromises();
    expect(view.find('[data-testid="desk-banner"]').exists()).toBe(false);
  });

  it('says why a refused store cannot be used', async () => {
    fake.current.setDesk({ ...DESK_UP, status: 'refused', problemText: { key: 'desk.fromMain.tls', params: { store: 'db.site:5432', reason: 'self-signed' }, message: '' } });
    const view = await mountView(DeskBanner);
    expect(view.find('[data-testid="desk-banner"]').text()).toBe("The shared alarm desk's store (db.site:5432) could not be verified (self-signed). Check its certificate.");
  });
});

describe('DeskNotices', () => {
  it('shows each notice as main words it and dismisses it', async () => {
    fake.current.setDesk({
      ...DESK_UP,
      notices: [
        {
          id: 'n1',
          at: at(60),
          alarmId: 4001,
          text: { key: 'desk.fromMain.alreadyAcknowledged', params: { alarm: 4001, text: 'Door forced open', device: 'Door 3', operator: 'Ada', desk: 'desk 2', time: at(30) }, message: '' },
        },
      ],
    });
    const view = await mountView(DeskNotices);
    const notice = view.find('[data-testid="desk-notice"]');
    expect(notice.text()).toContain('Alarm 4,001 (Door forced open · Door 3) was already acknowledged by Ada at desk 2 at');
    await notice.find('[data-testid="desk-notice-dismiss"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.dismissDeskNotice).toHaveBeenCalledWith({ id: 'n1' });
    expect(view.find('[data-testid="desk-notice"]').exists()).toBe(false);
  });
});

describe('AlarmClaim', () => {
  it("claims an alarm nobody holds with I'm on it and says who holds it when the store says another does", async () => {
    fake.current.setDesk(DESK_UP);
    fake.current.api.claimAlarm.mockResolvedValueOnce(ok({ outcome: 'claimHeld', claim: BOB_HOLDS_5, by: { operator: 'Bob', desk: 'desk-2', at: at(10) } }));
    await openDetail();
    const view = await mountView(EventDetailPanel);
    await view.find('[data-testid="alarm-claim"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.claimAlarm).toHaveBeenCalledWith({ alarmId: 5 });
    expect(view.find('[data-testid="alarm-claim-outcome"]').text()).toMatch(/^Not taken: Bob at desk-2 holds it since .+\.$/);
    // The store's decision shows at once: Bob holds it.
    expect(view.find('[data-testid="alarm-holder"]').text()).toMatch(/^Held by Bob at desk-2 since /);
  });

  it('shows Release once the claim is mine, and says an action waits while the desk is down', async () => {
    fake.current.setDesk(DESK_UP);
    fake.current.api.claimAlarm.mockResolvedValueOnce(ok({ outcome: 'done', claim: MINE_5, by: null }));
    await openDetail();
    const view = await mountView(EventDetailPanel);
    await view.find('[data-testid="alarm-claim"]').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="alarm-claim-outcome"]').text()).toBe('You are on it.');
    await view.find('[data-testid="alarm-release"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.releaseAlarm).toHaveBeenCalledWith({ alarmId: 5 });
    expect(view.find('[data-testid="alarm-claim-outcome"]').text()).toBe('Will be shared when the alarm desk returns.');
  });

  it("shows another guard's claim and takes it over only with a reason", async () => {
    fake.current.setDesk({ ...DESK_UP, claims: [BOB_HOLDS_5] });
    fake.current.api.takeOverAlarm.mockResolvedValueOnce(ok({ outcome: 'done', claim: { ...MINE_5, since: at(40) }, by: null }));
    await openDetail();
    const view = await mountView(EventDetailPanel);
    expect(view.find('[data-testid="alarm-claim"]').exists()).toBe(false);
    expect(view.find('[data-testid="alarm-holder"]').text()).toMatch(/^Held by Bob at desk-2 since /);
    await view.find('[data-testid="alarm-take-over"]').trigger('click');
    await flushPromises();
    const reason = view.find('[data-testid="alarm-take-over-reason"]');
    expect(document.activeElement).toBe(reason.element);
    expect(view.find(`label[for="${reason.attributes('id')}"]`).text()).toBe('Reason for taking over (required)');
    await view.find('[data-testid="alarm-take-over-confirm"]').trigger('submit');
    await flushPromises();
    expect(fake.current.api.takeOverAlarm).not.toHaveBeenCalled();
    expect(view.find('[data-testid="alarm-take-over-missing"]').text()).toBe('Say why you take it over.');
    await reason.setValue('  Bob left for the patrol  ');
    await view.find('form.take-over').trigger('submit');
    await flushPromises();
    expect(fake.current.api.takeOverAlarm).toHaveBeenCalledWith({ alarmId: 5, reason: 'Bob left for the patrol' });
    expect(view.find('[data-testid="alarm-claim-outcome"]').text()).toBe('You took it over.');
    expect(view.find('[data-testid="alarm-release"]').exists()).toBe(true);
  });

  it('adds a note for every desk, not an empty one', async () => {
    fake.current.setDesk(DESK_UP);
    await openDetail();
    const view = await mountView(EventDetailPanel);
    await view.find('form.note').trigger('submit');
    await flushPromises();
    expect(fake.current.api.addAlarmNote).not.toHaveBeenCalled();
    await view.find('[data-testid="alarm-note-input"]').setValue('Patrol on the way');
    await view.find('form.note').trigger('submit');
    await flushPromises();
    expect(fake.current.api.addAlarmNote).toHaveBeenCalledWith({ alarmId: 5, note: 'Patrol on the way' });
    expect((view.find('[data-testid="alarm-note-input"]').element as HTMLInputElement).value).toBe('');
  });

  it('says in words why an action failed', async () => {
    fake.current.setDesk(DESK_UP);
    fake.current.api.claimAlarm.mockResolvedValueOnce({ ok: false, error: { code: 'internal', message: 'The kiosk database could not be written.' } });
    await openDetail();
    const view = await mountView(EventDetailPanel);
    await view.find('[data-testid="alarm-claim"]').trigger('click');
    await flushPromises();
    const outcome = view.find('[data-testid="alarm-claim-outcome"]');
    expect(outcome.text()).toBe('The kiosk database could not be written.');
    expect(outcome.attributes('role')).toBe('alert');
  });

  it('says who acknowledged it already', async () => {
    fake.current.setDesk(DESK_UP);
    fake.current.api.addAlarmNote.mockResolvedValueOnce(ok({ outcome: 'alreadyAcknowledged', claim: null, by: { operator: 'Ada', desk: 'desk-2', at: at(30) } }));
    await openDetail();
    const view = await mountView(EventDetailPanel);
    await view.find('[data-testid="alarm-note-input"]').setValue('Late note');
    await view.find('form.note').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="alarm-claim-outcome"]').text()).toMatch(/^Already acknowledged by Ada at desk-2 at .+\.$/);
  });
});

describe('AlarmActivity', () => {
  it("lists the alarm's activity in order, marks what is not sent yet, and reads it again when the desk changes", async () => {
    fake.current.setDesk(DESK_UP);
    fake.current.api.getAlarmActivity.mockResolvedValue(
      ok([
        activity({ actionId: 'a1', kind: 'claim', at: at(10) }),
        activity({ actionId: 'a2', kind: 'takeOver', operator: 'Ada Guard', desk: 'desk-1', at: at(40), note: 'Bob on patrol' }),
        activity({ actionId: 'a3', kind: 'note', operator: 'Ada Guard', desk: 'desk-1', at: at(50), recordedAt: null, outcome: 'waiting', note: 'Door closed again' }),
      ]),
    );
    await openDetail();
    const view = await mountView(EventDetailPanel);
    expect(fake.current.api.getAlarmActivity).toHaveBeenCalledWith({ alarmId: 5 });
    const items = view.findAll('[data-testid="alarm-activity"] [data-testid="alarm-activity-item"]');
    expect(items.map((item) => item.attributes('data-kind'))).toEqual(['claim', 'takeOver', 'note']);
    expect(items[0]!.text()).toContain('Claimed');
    expect(items[0]!.text()).toContain('Bob at desk-2');
    expect(items[1]!.text()).toContain('Took over');
    expect(items[1]!.text()).toContain('Bob on patrol');
    expect(items[0]!.text()).not.toContain('not sent yet');
    expect(items[2]!.find('[data-testid="alarm-activity-not-sent"]').text()).toBe('not sent yet');
    fake.current.emit('deskState', { ...DESK_UP, claims: [MINE_5] });
    await flushPromises();
    expect(fake.current.api.getAlarmActivity).toHaveBeenCalledTimes(2);
  });

  it('is forgotten by the idle reset', async () => {
    fake.current.setDesk(DESK_UP);
    await openDetail();
    await mountView(EventDetailPanel);
    const desk = useDeskStore();
    expect(desk.activityAlarmId).toBe(5);
    expect(usePrivacyRegistry().holding()).toContain('desk-activity');
    usePrivacyRegistry().forget('idle');
    expect(desk.activityAlarmId).toBeNull();
  });
});

describe('the owner on rows', () => {
  it("labels a claimed alarm's row in the feed and in the alarm list with the holder, and 'You' for mine", async () => {
    fake.current.setSnapshot([makeAlarm(5), makeAlarm(6, { device_Name: 'Door 6' })]);
    fake.current.setDesk({ ...DESK_UP, claims: [BOB_HOLDS_5] });
    const view = await mountView(LiveFeedView);
    const feedRow = view.findAll('[data-testid="feed-row"]').find((row) => row.attributes('data-record-id') === '5')!;
    expect(feedRow.find('[data-testid="row-owner"]').text()).toBe('Claimed by Bob · desk-2');
    const other = view.findAll('[data-testid="feed-row"]').find((row) => row.attributes('data-record-id') === '6')!;
    expect(other.find('[data-testid="row-owner"]').exists()).toBe(false);
    const listed = view.findAll('[data-testid="open-alarm"]').find((row) => row.attributes('data-alarm-id') === '5')!;
    expect(listed.find('[data-testid="row-owner"]').text()).toBe('Claimed by Bob · desk-2');
    fake.current.emit('deskState', { ...DESK_UP, claims: [MINE_5] });
    await flushPromises();
    expect(view.find('[data-record-id="5"] [data-testid="row-owner"]').text()).toBe('Claimed by You');
  });
});

describe('OnDutyPanel', () => {
  it('lists who is on duty, this desk and a silent one', async () => {
    fake.current.setDesk({
      ...DESK_UP,
      onDuty: [
        { operator: 'Ada Guard', desk: 'desk-1', since: at(0), heartbeatAt: at(100), silent: false, here: true },
        { operator: 'Bob', desk: 'desk-2', since: at(5), heartbeatAt: at(10), silent: true, here: false },
      ],
    });
    const view = await mountView(OnDutyPanel);
    const panel = view.find('[data-testid="on-duty"]');
    expect(panel.find('summary').text()).toBe('On duty: 2 desks · no heartbeat');
    const items = panel.findAll('[data-testid="on-duty-item"]');
    expect(items[0]!.text()).toContain('Ada Guard at desk-1');
    expect(items[0]!.text()).toContain('this desk');
    expect(items[1]!.text()).toContain('Bob at desk-2');
    expect(items[1]!.text()).toContain('no heartbeat');
  });
});

describe('SiteHandoverPanel', () => {
  it('shows the handover until the incoming guard confirms it', async () => {
    fake.current.setDesk({ ...DESK_UP, handover: HANDOVER });
    const view = await mountView(SiteHandoverPanel);
    const panel = view.find('[data-testid="site-handover"]');
    expect(panel.find('h3').text()).toMatch(/^Handover from Carl at desk-3 at /);
    expect(panel.text()).toContain('Gate 7 sticks; patrol informed.');
    expect(panel.text()).toContain('Carl at desk-3: 12 alarms');
    expect(panel.find('[data-testid="site-handover-open"]').text()).toContain('Door forced open · Door 3');
    expect(panel.find('[data-testid="site-handover-open"]').text()).toContain('held by Bob at desk-2');
    expect(panel.text()).toContain('and 2 more open alarms');
    expect(panel.text()).toContain('Camera 2 shows nobody');
    await panel.find('[data-testid="site-handover-confirm"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.confirmSiteHandover).toHaveBeenCalledWith({ handoverId: HANDOVER.id });
    expect(view.find('[data-testid="site-handover"]').exists()).toBe(false);
  });
});

describe("the outgoing guard's words", () => {
  it('are asked at End shift when the desk is shared, and reach main before the shift ends', async () => {
    fake.current.setDesk(DESK_UP);
    const view = await mountView(OperatorBadge);
    await useOperatorStore().load();
    await flushPromises();
    await view.find('[data-testid="end-shift"]').trigger('click');
    const words = view.find('[data-testid="handover-words"]');
    expect(words.exists()).toBe(true);
    expect(view.find('label.words').text()).toContain('Words for the next guard');
    await words.setValue('Gate 7 sticks; patrol informed.');
    await view.find('[data-testid="end-shift-confirm"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.setHandoverWords).toHaveBeenCalledWith({ words: 'Gate 7 sticks; patrol informed.' });
    expect(fake.current.api.endShift).toHaveBeenCalled();
    expect(fake.current.api.setHandoverWords.mock.invocationCallOrder[0]!).toBeLessThan(fake.current.api.endShift.mock.invocationCallOrder[0]!);
  });

  it('are not asked when the kiosk works alone', async () => {
    fake.current.setDesk(DESK_OFF);
    const view = await mountView(OperatorBadge);
    await useOperatorStore().load();
    await flushPromises();
    await view.find('[data-testid="end-shift"]').trigger('click');
    expect(view.find('[data-testid="handover-words"]').exists()).toBe(false);
    await view.find('[data-testid="end-shift-confirm"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.setHandoverWords).not.toHaveBeenCalled();
  });
});

describe('the desk off', () => {
  it('shows nothing of the desk on the live feed or in the detail panel', async () => {
    fake.current.setSnapshot([makeAlarm(5)]);
    fake.current.setDesk({ ...DESK_OFF, claims: [BOB_HOLDS_5], handover: HANDOVER, notices: [{ id: 'n1', at: at(0), alarmId: 5, text: { key: 'desk.fromMain.claimHeld', params: {}, message: 'x' } }] });
    const view = await mountView(LiveFeedView);
    await view.find('[data-testid="feed-row"] .row-open').trigger('click');
    await flushPromises();
    expect(view.find('[data-testid="event-detail"]').exists()).toBe(true);
    for (const id of ['desk-banner', 'desk-notice', 'alarm-claim', 'alarm-holder', 'alarm-note-input', 'alarm-activity', 'row-owner', 'on-duty', 'site-handover']) {
      expect(view.find(`[data-testid="${id}"]`).exists(), id).toBe(false);
    }
    expect(view.find('.alarm-claim').exists()).toBe(false);
    expect(view.find('.alarm-activity').exists()).toBe(false);
    expect(fake.current.api.getAlarmActivity).not.toHaveBeenCalled();
  });
});

describe('accessibility', () => {
  it('the detail panel with a claim by another guard and its activity passes axe-core', async () => {
    fake.current.setDesk({ ...DESK_UP, claims: [BOB_HOLDS_5] });
    fake.current.api.getAlarmActivity.mockResolvedValue(ok([activity({ actionId: 'a1', kind: 'claim' }), activity({ actionId: 'a2', kind: 'note', outcome: 'waiting', recordedAt: null, note: 'On my way' })]));
    await openDetail();
    const view = await mountView(EventDetailPanel);
    await view.find('[data-testid="alarm-take-over"]').trigger('click');
    await flushPromises();
    const results = await axe.run(view.element as HTMLElement, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.passes.length).toBeGreaterThan(10);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('accessibility of the live feed with the desk', () => {
  it('the banner, a notice, who is on duty (open) and the handover pass axe-core', async () => {
    fake.current.setSnapshot([makeAlarm(5)]);
    fake.current.setDesk({
      ...DOWN,
      claims: [BOB_HOLDS_5],
      handover: HANDOVER,
      onDuty: [{ operator: 'Ada Guard', desk: 'desk-1', since: at(0), heartbeatAt: at(100), silent: false, here: true }],
      notices: [{ id: 'n1', at: at(60), alarmId: 5, text: { key: 'desk.fromMain.takenOver', params: { alarm: 5, text: 'Door forced open', device: 'Door 3', operator: 'Bob', desk: 'desk-2', reason: 'You were on the phone' }, message: '' } }],
    });
    const view = await mountView(LiveFeedView);
    for (const id of ['desk-banner', 'desk-notice', 'on-duty', 'site-handover', 'row-owner']) expect(view.find(`[data-testid="${id}"]`).exists(), id).toBe(true);
    (view.find('[data-testid="on-duty"]').element as HTMLDetailsElement).open = true;
    await flushPromises();
    const results = await axe.run(view.element as HTMLElement, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});

describe('OperatorLogView', () => {
  it('names the desk an acknowledgement was made at when the site shares one', async () => {
    fake.current.api.listAcknowledgementPage.mockResolvedValue(
      ok({ total: 1, offset: 0, items: [{ alarmKey: 'alarm:5', alarmId: 5, recordIds: [5], note: '', acknowledgedAt: at(1), device: 'Door 3', text: 'Door forced open', operator: 'Ada Guard', desk: 'desk-2', eventCreated: at(0), priority: 'critical' as const }] }),
    );
    const view = await mountView(OperatorLogView);
    expect(view.find('[data-testid="operator-log-operator"]').text()).toBe('Ada Guard at desk-2');
    expect(view.find('[data-testid="operator-log-desk"]').text()).toBe('at desk-2');
  });
});
