/** One event row as the feed and the list of alarms waiting draw it. */
import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import FeedRow from '../../../renderer/src/guard/FeedRow.vue';
import { FeedBuffer } from '../../../renderer/src/guard/feed-buffer';
import { buildFeedRows, type FeedRow as Row } from '../../../renderer/src/guard/feed-rows';
import type { FeedEvent } from '../../../electron/contract/ipc';
import { makeAlarm, makeEvent } from '../support/fake-kiosk';

const rowOf = (...events: FeedEvent[]): Row => {
  const buffer = new FeedBuffer(100);
  buffer.merge(events);
  return buildFeedRows(buffer.oldestFirst(), { mergeWindowMs: 60_000 })[0]!;
};
const critical = { priority: 'critical', periods: 0, raised: false } as const;

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});
const draw = (props: Record<string, unknown>) => (wrapper = mount(FeedRow, { props: props as never, attachTo: document.body }));

describe('FeedRow', () => {
  it('in the feed: time, priority in words, device and text, ×N, a box to select and Acknowledge; one control the Tab stop', async () => {
    const view = draw({ row: rowOf(makeAlarm(1), makeAlarm(2)), shown: critical, tabStop: 'select' });
    expect(view.classes()).toEqual(expect.arrayContaining(['feed-row', 'alarm', 'alarm-critical', 'ack-none']));
    expect(view.find('[data-testid="alarm-marker"]').text()).toBe('Critical alarm');
    expect(view.find('[data-testid="row-count"]').text()).toContain('×2');
    // A text longer than the row's two lines ends in "…": the whole text is its tooltip.
    expect(view.find('.text').attributes('title')).toBe('Door forced open');
    expect(view.find('[data-testid="row-ack"]').attributes('aria-label')).toBe('Acknowledge 2 alarms: Door forced open, Door 3');
    expect(view.findAll('[tabindex="0"]').map((w) => w.attributes('data-control'))).toEqual(['select']);
    await view.find('[data-testid="row-select"]').setValue(true);
    await view.find('[data-testid="row-ack"]').trigger('click');
    await view.find('.row-open').trigger('click');
    expect(view.emitted('choose')).toEqual([[true]]);
    expect(view.emitted('acknowledge')).toHaveLength(1);
    expect(view.emitted('open')).toHaveLength(1);
  });

  it('says a raised priority, and what it was raised from, in words', () => {
    const view = draw({ row: rowOf(makeAlarm(1, { alarm: { priority: 'low', rule: 'access-denied' } })), shown: { priority: 'medium', periods: 1, raised: true } });
    expect(view.find('[data-testid="alarm-marker"]').text()).toContain('Medium alarm, raised from low alarm');
    expect(view.classes()).toContain('raised');
  });

  it('acknowledged, it offers no controls; a plain event has none and no colours', () => {
    expect(draw({ row: rowOf(makeAlarm(1)), shown: critical, ackState: 'full' }).find('[data-testid="row-acked"]').exists()).toBe(true);
    wrapper!.unmount();
    const plain = draw({ row: rowOf(makeEvent(1)), shown: null });
    expect(plain.classes()).toContain('plain');
    expect(plain.find('input, [data-testid="row-ack"]').exists()).toBe(false);
    expect(plain.attributes('style')).toBeUndefined();
  });

  it('in the list of alarms waiting: priority, time, "text · device" and its own Acknowledge, every control a Tab stop', async () => {
    const view = draw({ row: rowOf(makeAlarm(1)), shown: critical, compact: true, controls: 'ack' });
    expect(view.classes()).toContain('compact-row');
    expect(view.find('[data-testid="open-alarm-priority"]').text()).toBe('Critical alarm');
    expect(view.find('.what').text()).toBe('Door forced open · Door 3');
    expect(view.find('input').exists()).toBe(false);
    const ack = view.find('[data-testid="open-alarm-ack"]');
    expect(ack.attributes('aria-label')).toBe('Acknowledge alarm: Door forced open, Door 3');
    expect(view.find('[tabindex]').exists()).toBe(false);
    await ack.trigger('click');
    expect(view.emitted('acknowledge')).toHaveLength(1);
  });

  it('from before the shift: greyed without the priority\'s colours, nothing to acknowledge on the row', () => {
    const view = draw({ row: rowOf(makeAlarm(1)), shown: critical, compact: true, controls: 'none', muted: true });
    expect(view.classes()).toContain('pre');
    expect(view.classes()).not.toContain('alarm-critical');
    expect(view.attributes('style')).toBeUndefined();
    expect(view.find('button.ack-button').exists()).toBe(false);
  });
});
