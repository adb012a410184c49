/** Components of the live feed: the feed screen, the event detail panel, the status bar and its alarms item. */
import type { AlarmSummary } from '../../../electron/contract/ipc';
import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, LIVE_STATE, makeAlarm, makeEvent, ok } from '../support/fake-kiosk';
import { OPEN_ALARM_SUMMARY } from '../../support/alarm-summary';
import { at, useComponentHarness } from '../support/component-harness';


import LiveFeedView from '../../../renderer/src/guard/LiveFeedView.vue';
import StatusBar from '../../../renderer/src/status/StatusBar.vue';
import EventDetailPanel from '../../../renderer/src/guard/EventDetailPanel.vue';
import FeedStatusItem from '../../../renderer/src/guard/FeedStatusItem.vue';
import { useEventDetailStore } from '../../../renderer/src/guard/event-detail-store';
import { useEscalationStore } from '../../../renderer/src/guard/escalation-store';

const { mountView } = useComponentHarness(fake);

/** Settings where every priority sounds (by default a low or medium alarm is silent, raised or not). */

describe('LiveFeedView', () => {
  it('renders rows newest first with time (UTC on hover), category, device and text', async () => {
    fake.current.setSnapshot([makeEvent(1, { created: '2026-11-21T10:00:00Z', device_Name: 'Lobby reader' }), makeEvent(2)]);
    const view = await mountView(LiveFeedView);
    const rows = view.findAll('[data-testid="feed-row"]');
    expect(rows.map((r) => r.attributes('data-record-id'))).toEqual(['2', '1']);
    const oldest = rows[1]!;
    expect(oldest.text()).toContain('Lobby reader');
    expect(oldest.text()).toContain('Access granted');
    expect(oldest.find('.time').attributes('title')).toBe('2026-11-21 10:00:00.000 UTC');
    fake.current.emit('feedEvents', { events: [makeEvent(3)] });
    await flushPromises();
    expect(view.findAll('[data-testid="feed-row"]')[0]?.attributes('data-record-id')).toBe('3');
  });

  it('marks alarms with words (not colour alone) and merges repeats into one row ×3', async () => {
    fake.current.setSnapshot([makeAlarm(1, { created: at(0) }), makeAlarm(2, { created: at(5) }), makeAlarm(3, { created: at(9) })]);
    const view = await mountView(LiveFeedView);
    const rows = view.findAll('[data-testid="feed-row"]');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.classes()).toContain('alarm-critical');
    expect(rows[0]!.find('[data-testid="alarm-marker"]').text()).toBe('Critical alarm');
    expect(rows[0]!.find('[data-testid="row-count"]').text()).toContain('×3');
    expect(view.find('[data-testid="unacknowledged-count"]').text()).toBe('3 unacknowledged alarms');
  });

  it('acknowledges every alarm of a merged row through the dialog with one note, then marks it', async () => {
    fake.current.setSnapshot([makeAlarm(1, { created: at(0) }), makeAlarm(2, { created: at(5) })]);
    const view = await mountView(LiveFeedView);
    await view.find('[data-testid="row-ack"]').trigger('click');
    await flushPromises();
    const dialog = view.find('[data-testid="ack-dialog"]');
    expect((dialog.element as HTMLDialogElement).open).toBe(true);
    expect(dialog.find('h2').text()).toBe('Acknowledge 2 alarms');
    expect(dialog.find('label').text()).toContain('Note (optional)');
    await dialog.find('textarea').setValue('Patrol sent');
    await dialog.find('form').trigger('submit');
    await flushPromises();
    expect(fake.current.api.acknowledgeAlarms).toHaveBeenCalledWith({ alarmIds: [1, 2], note: 'Patrol sent' });
    expect((dialog.element as HTMLDialogElement).open).toBe(false);
    expect(view.find('[data-testid="row-acked"]').text()).toContain('Acknowledged');
    expect(view.find('[data-testid="row-ack"]').exists()).toBe(false);
  });

  it('keeps the dialog open with the message when acknowledging fails', async () => {
    fake.current.setSnapshot([makeAlarm(1)]);
    fake.current.api.acknowledgeAlarms.mockResolvedValueOnce({ ok: false, error: { code: 'internal', message: 'The operator log could not be written.' } });
    const view = await mountView(LiveFeedView);
    await view.find('[data-testid="row-ack"]').trigger('click');
    await flushPromises();
    await view.find('[data-testid="ack-dialog"] form').trigger('submit');
    await flushPromises();
    expect(view.find('[data-testid="ack-error"]').text()).toBe('The operator log could not be written.');
    expect((view.find('[data-testid="ack-dialog"]').element as HTMLDialogElement).open).toBe(true);
  });

  it('shows alarms main says are acknowledged as marked rows after a reload, and one acknowledged at another screen at once', async () => {
    fake.current.setSnapshot([makeAlarm(7, { alarm: { priority: 'critical', rule: 'door-forced', id: 7, state: 'acknowledged' } }), makeAlarm(8, { device_Name: 'Door 8' })]);
    const view = await mountView(LiveFeedView);
    await flushPromises();
    expect(view.find('[data-record-id="7"] [data-testid="row-acked"]').exists()).toBe(true);
    expect(view.find('[data-record-id="8"] [data-testid="row-acked"]').exists()).toBe(false);
    fake.current.emit('openAlarms', { revision: 50, summary: { ...OPEN_SUMMARY, revision: 50 }, added: [], moreAdded: 0, acknowledged: [8], moreAcknowledged: 0 });
    await flushPromises();
    expect(view.find('[data-record-id="8"] [data-testid="row-acked"]').exists()).toBe(true);
  });

  it('pauses on hover, counts "N new events", and resumes on click', async () => {
    fake.current.setSnapshot([makeEvent(1), makeEvent(2)]);
    const view = await mountView(LiveFeedView);
    await view.find('[data-testid="feed-scroller"]').trigger('pointerenter');
    expect(view.find('[data-testid="autoscroll-paused"]').exists()).toBe(true);
    fake.current.emit('feedEvents', { events: [makeEvent(3), makeEvent(4)] });
    await flushPromises();
    expect(view.findAll('[data-testid="feed-row"]').map((r) => r.attributes('data-record-id'))).toEqual(['2', '1']);
    expect(view.find('[data-testid="new-events"]').text()).toBe('2 new events');
    await view.find('[data-testid="new-events"]').trigger('click');
    expect(view.find('[data-testid="autoscroll-live"]').exists()).toBe(true);
    expect(view.findAll('[data-testid="feed-row"]').map((r) => r.attributes('data-record-id'))).toEqual(['4', '3', '2', '1']);
  });

  it('resumes by itself after autoScrollResumeMs without interaction', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      fake.current.setSnapshot([makeEvent(1)]);
      const view = await mountView(LiveFeedView);
      await view.find('[data-testid="feed-scroller"]').trigger('wheel');
      expect(view.find('[data-testid="autoscroll-paused"]').exists()).toBe(true);
      vi.advanceTimersByTime(999);
      await flushPromises();
      expect(view.find('[data-testid="autoscroll-paused"]').exists()).toBe(true);
      vi.advanceTimersByTime(10);
      await flushPromises();
      expect(view.find('[data-testid="autoscroll-live"]').exists()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('acknowledges a selection of rows at once, and shows only the alarms still waiting on request', async () => {
    fake.current.setSnapshot([
      makeAlarm(1, { device_Name: 'Door 1', created: at(0) }),
      makeEvent(2),
      makeAlarm(3, { device_Name: 'Door 2', created: at(2) }),
      makeAlarm(4, { device_Name: 'Door 4', created: at(3) }),
    ]);
    const view = await mountView(LiveFeedView);
    const select = (id: number) => view.find(`[data-record-id="${id}"] [data-testid="row-select"]`);
    await select(1).setValue(true);
    await select(3).setValue(true);
    expect(view.find('[data-testid="ack-selected"]').text()).toBe('Acknowledge 2 selected alarms…');
    await view.find('[data-testid="ack-selected"]').trigger('click');
    await flushPromises();
    const dialog = view.find('[data-testid="ack-dialog"]');
    expect(dialog.find('[data-testid="ack-selection"]').text()).toContain('2 alarms on 2 rows');
    await dialog.find('textarea').setValue('Checked all');
    await dialog.find('form').trigger('submit');
    await flushPromises();
    expect(fake.current.api.acknowledgeAlarms).toHaveBeenCalledWith({ alarmIds: [1, 3], note: 'Checked all' });
    expect(view.find('[data-testid="ack-selected"]').exists()).toBe(false);
    await view.find('[data-testid="filter-unacknowledged"]').setValue(true);
    await flushPromises();
    expect(view.findAll('[data-testid="waiting-pager"] [data-testid="open-alarm"]').map((r) => r.attributes('data-record-id'))).toEqual(['4']);
  });

  it('is one Tab stop: arrows move between rows, left and right between a row\'s buttons', async () => {
    fake.current.setSnapshot([makeEvent(1), makeAlarm(2), makeEvent(3)]);
    const view = await mountView(LiveFeedView);
    const tabbable = () => view.findAll('[data-testid="feed-rows"] [tabindex="0"]');
    expect(tabbable()).toHaveLength(1);
    expect(view.findAll('[data-testid="feed-rows"] button, [data-testid="feed-rows"] input').length).toBeGreaterThan(3);
    const first = view.find('[data-record-id="3"] .row-open');
    (first.element as HTMLElement).focus();
    await first.trigger('keydown', { key: 'ArrowDown' });
    await flushPromises();
    const alarmOpen = view.find('[data-record-id="2"] .row-open');
    expect(document.activeElement).toBe(alarmOpen.element);
    await alarmOpen.trigger('keydown', { key: 'ArrowRight' });
    await flushPromises();
    expect(document.activeElement).toBe(view.find('[data-record-id="2"] [data-testid="row-select"]').element);
    await view.find('[data-record-id="2"] [data-testid="row-select"]').trigger('keydown', { key: 'ArrowRight' });
    await flushPromises();
    expect(document.activeElement).toBe(view.find('[data-record-id="2"] [data-testid="row-ack"]').element);
    expect(tabbable().map((w) => w.element)).toEqual([document.activeElement]);
  });

  it('raises an alarm left unacknowledged past the configured time (main sounds it again, not the page)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse(at(30)));
      fake.current.setSnapshot([makeAlarm(1, { created: at(0), custom_Text: 'Denied: wrong PIN', alarm: { priority: 'low', rule: 'access-denied', id: 1, state: 'waiting' } })]);
      const view = await mountView(LiveFeedView);
      const escalation = useEscalationStore();
      const { useAlarmSoundStore } = await import('../../../renderer/src/guard/alarm-sound-store');
      const announce = vi.spyOn(useAlarmSoundStore(), 'announcePriority');
      escalation.tick(Date.parse(at(30)));
      await flushPromises();
      expect(view.find('[data-testid="alarm-marker"]').text()).toBe('Low alarm');
      escalation.tick(Date.parse(at(10 * 60 + 1))); // SETTINGS: escalate after 10 minutes
      await flushPromises();
      expect(view.find('[data-testid="alarm-marker"]').text()).toContain('Medium alarm');
      expect(view.find('[data-testid="feed-row"]').classes()).toContain('alarm-medium');
      expect(announce).not.toHaveBeenCalled();
      announce.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters live without losing what arrives meanwhile', async () => {
    fake.current.setSnapshot([makeEvent(1), makeAlarm(2)]);
    const view = await mountView(LiveFeedView);
    await view.find('[data-testid="filter-alarms"]').setValue(true);
    expect(view.findAll('[data-testid="feed-row"]')).toHaveLength(1);
    fake.current.emit('feedEvents', { events: [makeEvent(3)] });
    await flushPromises();
    expect(view.findAll('[data-testid="feed-row"]')).toHaveLength(1);
    await view.find('[data-testid="filter-alarms"]').setValue(false);
    expect(view.findAll('[data-testid="feed-row"]')).toHaveLength(3);
  });

  it('opens the detail panel from a row (click) and shows a dismissible resync notice', async () => {
    fake.current.setSnapshot([makeEvent(5)]);
    const view = await mountView(LiveFeedView);
    await view.find('[data-testid="feed-row"] .row-open').trigger('click');
    await flushPromises();
    expect(fake.current.api.getEvent).toHaveBeenCalledWith({ id: 5 });
    expect(view.find('[data-testid="event-detail"]').text()).toContain('Event 5');
    fake.current.emit('feedNotice', { kind: 'resync', message: "The server's event ids went down: resynchronised", at: at(3) });
    await flushPromises();
    const notice = view.find('[data-testid="feed-notice"]');
    expect(notice.attributes('role')).toBe('alert');
    expect(notice.text()).toContain('resynchronised');
    await notice.find('button').trigger('click');
    expect(view.find('[data-testid="feed-notice"]').exists()).toBe(false);
  });

  it('every button and field has an accessible name', async () => {
    fake.current.setSnapshot([makeEvent(1), makeAlarm(2)]);
    const view = await mountView(LiveFeedView);
    for (const button of view.findAll('button')) {
      expect(button.attributes('aria-label') ?? button.text().trim()).not.toBe('');
    }
    for (const input of view.findAll('input, select, textarea')) {
      const id = input.attributes('id');
      const labelled = input.element.closest('label') !== null || (id !== undefined && document.querySelector(`label[for="${id}"]`) !== null);
      expect(labelled).toBe(true);
    }
  });
});

describe('EventDetailPanel', () => {
  it('lists every field, nulls as empty and unknown extras by name, with loading then error', async () => {
    let answer: (v: unknown) => void = () => undefined;
    fake.current.api.getEvent.mockImplementationOnce(() => new Promise((r) => (answer = r as (v: unknown) => void)) as never);
    const detail = useEventDetailStore();
    const event = { ...makeEvent(9), door_Zone: 'North', origin_Name: null };
    void detail.open(event);
    const view = await mountView(EventDetailPanel);
    expect(view.find('[data-testid="event-detail-loading"]').exists()).toBe(true);
    const field = (name: string) => view.find(`[data-field="${name}"] dd`);
    expect(field('origin_Name').text()).toBe('—');
    expect(field('door_Zone').text()).toBe('North');
    expect(view.find('[data-field="door_Zone"] dt').text()).toBe('door_Zone');
    answer({ ok: false, error: { code: 'unreachable', message: 'The event service does not answer.' } });
    await flushPromises();
    expect(view.find('[data-testid="event-detail-error"]').text()).toContain('The event service does not answer.');
    expect(field('door_Zone').text()).toBe('North');
  });
});

describe('StatusBar', () => {
  it('says the one connection state once, with why, and "Check now" asks main at once', async () => {
    fake.current.setSnapshot([], { ...LIVE_STATE, status: 'reconnecting', error: { code: 'unreachable', message: 'No answer from the service.' } });
    fake.current.api.getServiceStatus.mockResolvedValue(
      ok({ mode: 'demo', serviceLabel: '127.0.0.1:1', reachable: true, maxEventId: 9, checkedAt: at(9), error: null }) as never,
    );
    const view = await mountView(StatusBar);
    const connection = view.find('[data-testid="feed-connection"]');
    expect(connection.attributes('data-status')).toBe('reconnecting');
    expect(connection.find('[data-testid="service-reachability"]').text()).toMatch(/^Service unreachable since .+ — retrying$/);
    expect(view.text().split('No answer from the service.')).toHaveLength(2); // said once
    expect(view.find('[data-testid="service-mode"]').text()).toContain('Demo mode');
    await view.find('[data-testid="check-now"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.getServiceStatus).toHaveBeenCalledTimes(1);
    fake.current.emit('feedState', { ...LIVE_STATE, status: 'live', maxEventId: 9 });
    await flushPromises();
    expect(connection.attributes('data-status')).toBe('live');
    expect(view.find('[data-testid="service-reachability"]').text()).toBe('Service reachable, feed live');
    expect(view.find('[data-testid="connection-reason"]').exists()).toBe(false);
    expect(view.find('[data-testid="service-max-event-id"]').text()).toContain('9');
  });
});

const OPEN_SUMMARY: AlarmSummary = { ...OPEN_ALARM_SUMMARY, revision: 1, asOf: { highestId: 2, lastSetAside: 0 } };

describe('FeedStatusItem', () => {
  it('shows the alarms waiting and how long the oldest has waited, whichever screen is open', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse(at(12 * 60 + 30)));
      const waiting = makeAlarm(2, { device_Name: 'Door 9', created: at(60) });
      fake.current.setSnapshot([makeAlarm(1, { created: at(0) }), waiting, makeEvent(3)]);
      // Main's record of unacknowledged alarms (alarm 1 was acknowledged): the count and the oldest come from it, not from the feed.
      fake.current.api.getOpenAlarms.mockResolvedValueOnce(
        ok({ ...OPEN_SUMMARY, waiting: { critical: 1, high: 0, medium: 0, low: 0 }, waitingTotal: 1, unacknowledged: 1, oldestAt: waiting.created }),
      );
      const view = await mountView(FeedStatusItem);
      expect(view.find('[data-testid="status-unacknowledged"]').text()).toBe('1 unacknowledged alarm, oldest 11 min');
      useEscalationStore().stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
