/**
 * The harness of the component tests: per test a fresh fake kiosk and Pinia, the feed store
 * publishing at once and the alarm beeper silent; scroll containers given a size (happy-dom has
 * no layout, and the virtualizer renders rows only in a sized container); `mountView` attaches to
 * the document and the view is unmounted after the test. The setup file (renderer-setup.ts) mocks
 * the api module once; a test hands the `fake` holder of fake-kiosk.ts in here.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { createFakeKiosk, type FakeKiosk } from './fake-kiosk';
import { setFeedFrameScheduler } from '../../../renderer/src/guard/feed-store';
import { setAlarmBeeperFactory } from '../../../renderer/src/guard/alarm-sound-store';

/** An ISO time `s` seconds after 2026-11-21T10:00:00Z. */
export const at = (s: number) => new Date(Date.parse('2026-11-21T10:00:00Z') + s * 1000).toISOString();

export function useComponentHarness(fake: { current: FakeKiosk }): { mountView<T>(component: T): Promise<VueWrapper> } {
  let pinia: Pinia;
  let wrapper: VueWrapper | null = null;

  // happy-dom has no layout: give scroll containers a size so the virtualizer renders rows.
  const sized = (name: 'clientHeight' | 'clientWidth', value: number) => {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
    return () => original && Object.defineProperty(HTMLElement.prototype, name, original);
  };
  const restoreSizes: (() => unknown)[] = [];
  beforeAll(() => {
    restoreSizes.push(sized('clientHeight', 600), sized('clientWidth', 1000));
  });
  afterAll(() => {
    for (const restore of restoreSizes) restore();
  });

  beforeEach(() => {
    fake.current = createFakeKiosk();
    pinia = createPinia();
    setActivePinia(pinia);
    setFeedFrameScheduler((run) => run());
    setAlarmBeeperFactory(() => ({ beep: () => undefined, dispose: () => undefined }));
  });
  afterEach(() => {
    wrapper?.unmount();
    wrapper = null;
    setFeedFrameScheduler(null);
    document.body.innerHTML = '';
  });

  return {
    async mountView<T>(component: T): Promise<VueWrapper> {
      wrapper = mount(component as never, { global: { plugins: [pinia] }, attachTo: document.body });
      await flushPromises();
      return wrapper;
    },
  };
}
