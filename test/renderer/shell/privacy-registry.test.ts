/**
 * The privacy registry (issue 21, point 5): each store registers what it holds; "Next person"
 * forgets the desk's holders only, the idle reset forgets every holder and says whether unsent
 * work was dropped; the idle reset knows no store but the registry and the navigation.
 * Self-contained: hand-made holders, and a kiosk api that answers nothing.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';

vi.mock('../../../renderer/src/api/kiosk', () => ({
  kiosk: new Proxy({}, { get: (_t, name) => (String(name).startsWith('on') ? () => () => undefined : async () => ({ ok: false, error: { code: 'internal', message: 'not in this test' } })) }),
  isConnected: () => false,
}));

import { usePrivacyRegistry, type ForgetReason, type PersonalDataHolder } from '../../../renderer/src/shell/privacy-registry';
import { useIdleResetStore } from '../../../renderer/src/shell/idle-reset-store';
import { useNavigationStore } from '../../../renderer/src/shell/navigation-store';
import { useFrontDeskStore } from '../../../renderer/src/cardholders/front-desk-store';
import { useEnrolmentStore } from '../../../renderer/src/enrolment/enrolment-store';
import { useHistorySearchStore } from '../../../renderer/src/history/history-search-store';
import { useEventDetailStore } from '../../../renderer/src/guard/event-detail-store';

/** A holder that holds something until forgotten, and records why it was forgotten. */
function holder(scope: PersonalDataHolder['scope'], log: string[], name: string, unsent = false) {
  let held = true;
  return {
    scope,
    hasPersonalData: () => held,
    unsent: () => held && unsent,
    forget: (reason: ForgetReason) => {
      held = false;
      log.push(`${name}:${reason}`);
    },
    hold: () => (held = true),
  };
}

beforeEach(() => {
  setActivePinia(createPinia());
});

describe('privacy registry', () => {
  it('"Next person" forgets the desk holders only; the idle reset forgets every holder, in the order they registered', () => {
    const registry = usePrivacyRegistry();
    const log: string[] = [];
    const lookup = holder('desk', log, 'lookup');
    const history = holder('kiosk', log, 'history');
    const badge = holder('desk', log, 'badge');
    registry.register('lookup', lookup);
    registry.register('history', history);
    registry.register('badge', badge);
    expect(registry.holding()).toEqual(['lookup', 'history', 'badge']);

    expect(registry.forget('next-person')).toEqual({ unsentLost: false });
    expect(log).toEqual(['lookup:next-person', 'badge:next-person']);
    expect(registry.hasPersonalData('next-person')).toBe(false);
    expect(registry.hasPersonalData('idle')).toBe(true); // the history search is not the desk's

    registry.forget('idle');
    expect(log.slice(2)).toEqual(['lookup:idle', 'history:idle', 'badge:idle']);
    expect(registry.hasPersonalData()).toBe(false);
    expect(registry.holding()).toEqual([]);
  });

  it('says when forgetting dropped unsent work (asked before anything is forgotten)', () => {
    const registry = usePrivacyRegistry();
    const log: string[] = [];
    registry.register('form', holder('desk', log, 'form', true));
    registry.register('log', holder('kiosk', log, 'log'));
    expect(registry.forget('idle')).toEqual({ unsentLost: true });
    expect(registry.forget('idle')).toEqual({ unsentLost: false });
  });

  it('a name registered again replaces the old holder (a store made again); unregistering removes only its own', () => {
    const registry = usePrivacyRegistry();
    const log: string[] = [];
    const first = holder('desk', log, 'first');
    const second = holder('desk', log, 'second');
    const unregisterFirst = registry.register('photo', first);
    registry.register('photo', second);
    unregisterFirst(); // the old one's unmount must not drop the new one
    registry.forget('next-person');
    expect(log).toEqual(['second:next-person']);
    const unregisterSecond = registry.register('photo', second);
    unregisterSecond();
    second.hold();
    expect(registry.hasPersonalData()).toBe(false);
  });

  it('each Pinia has its own list', () => {
    usePrivacyRegistry().register('lookup', holder('desk', [], 'lookup'));
    setActivePinia(createPinia());
    expect(usePrivacyRegistry().holding()).toEqual([]);
  });
});

describe('idle reset through the registry', () => {
  it('is armed by any holder or another screen than home; reset forgets every holder, goes home and says whether a form was lost', () => {
    const navigation = useNavigationStore();
    navigation.startAt('front-desk', ['front-desk', 'live-feed']);
    const idle = useIdleResetStore();
    expect(idle.armed()).toBe(false);
    const log: string[] = [];
    const form = holder('desk', log, 'form', true);
    usePrivacyRegistry().register('form', form);
    usePrivacyRegistry().register('detail', holder('kiosk', log, 'detail'));
    expect(idle.armed()).toBe(true);
    idle.reset(90);
    expect(log).toEqual(['form:idle', 'detail:idle']);
    expect(idle.armed()).toBe(false);
    expect(idle.notice).toMatch(/^After 2 min without activity .*a form that was not sent was cleared/);
    idle.reset(30);
    expect(idle.notice).toBe('After 30 s without activity the kiosk went back to its start screen and cleared the screens.');
  });

  it('imports no store but the navigation and the registry', () => {
    const source = readFileSync(resolve(process.cwd(), 'renderer/src/shell/idle-reset-store.ts'), 'utf8');
    const imports = [...source.matchAll(/^import .* from '(.+)';$/gm)].map((m) => m[1]);
    // and the translation function for its notice (a function, not a store)
    expect(imports).toEqual(['pinia', 'vue', './navigation-store', './privacy-registry', '../i18n/i18n']);
  });

  it('the real stores register themselves: "Next person" clears the desk and keeps the history search; the idle reset clears both', () => {
    const history = useHistorySearchStore();
    history.form.text = 'Marie Dupont';
    const desk = useFrontDeskStore();
    desk.startNew('Marie Dupont');
    expect(useEnrolmentStore().form.last_Name).toBe('Dupont');
    useEventDetailStore();
    const registry = usePrivacyRegistry();
    expect(registry.holding()).toEqual(expect.arrayContaining(['front-desk', 'enrolment', 'history-search']));
    desk.nextPerson();
    expect(desk.step).toBe('idle');
    expect(desk.clearedByIdle).toBe(false);
    expect(useEnrolmentStore().form.last_Name).toBe('');
    expect(history.form.text).toBe('Marie Dupont');
    desk.startNew('Paul');
    useIdleResetStore().reset(60);
    expect(history.form.text).toBe('');
    expect(desk.step).toBe('idle');
    expect(desk.clearedByIdle).toBe(true);
    expect(registry.holding()).toEqual([]);
  });
});
