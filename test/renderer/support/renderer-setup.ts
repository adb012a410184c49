/**
 * Setup of every renderer test (vitest's setupFiles): the api module, the renderer's only door to
 * main, answers from the fake kiosk of the running test (`fake.current`, see fake-kiosk.ts). A
 * test that needs another answer mocks the module itself; its own vi.mock wins.
 */
import { vi } from 'vitest';

vi.mock('../../../renderer/src/api/kiosk', async () => {
  const { fake } = await import('./fake-kiosk');
  return {
    get kiosk() {
      return fake.current.api;
    },
    isConnected: () => true,
  };
});
