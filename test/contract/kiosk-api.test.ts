import { describe, expect, it, vi } from 'vitest';
import { buildKioskApi, type KioskTransport } from '../../electron/contract/kiosk-api';
import { OPERATION_NAMES, PUSH_NAMES, channelOf, listenerNameOf, pushChannelOf } from '../../electron/contract/ipc';

function transport(answer: unknown = { ok: true, value: 1 }) {
  const listeners = new Map<string, (p: unknown) => void>();
  const t: KioskTransport & { listeners: typeof listeners } = {
    listeners,
    invoke: vi.fn(async () => answer),
    subscribe: vi.fn((channel: string, listener: (p: unknown) => void) => {
      listeners.set(channel, listener);
      return () => listeners.delete(channel);
    }),
  };
  return t;
}

describe('buildKioskApi', () => {
  it('exposes one named method per operation and one listener per push event, and nothing generic', () => {
    const api = buildKioskApi(transport());
    const keys = Object.keys(api).sort();
    expect(keys).toEqual([...OPERATION_NAMES, ...PUSH_NAMES.map(listenerNameOf)].sort());
    expect(keys).not.toContain('invoke');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('sends each operation on its own channel with its payload', async () => {
    const t = transport({ ok: true, value: { record_ID: 3 } });
    const api = buildKioskApi(t);
    expect(await api.getEvent({ id: 3 })).toEqual({ ok: true, value: { record_ID: 3 } });
    expect(t.invoke).toHaveBeenCalledWith(channelOf('getEvent'), { id: 3 });
  });

  it('turns a transport failure or a missing answer into a typed error instead of throwing', async () => {
    const failing = transport();
    failing.invoke = vi.fn(async () => {
      throw new Error('Error invoking remote method: no handler');
    });
    expect(await buildKioskApi(failing).getServiceStatus()).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(await buildKioskApi(transport(null)).getServiceStatus()).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(await buildKioskApi(transport('garbage')).getServiceStatus()).toMatchObject({ ok: false, error: { code: 'internal' } });
    // Worded by key in the language shown, English as the fallback.
    expect(await buildKioskApi(failing).getServiceStatus()).toMatchObject({
      error: { key: 'errors.noAnswerFromMain', message: 'The kiosk could not complete the request.' },
    });
  });

  it('delivers push events to listeners and unsubscribes', () => {
    const t = transport();
    const api = buildKioskApi(t);
    const seen: unknown[] = [];
    const off = api.onFeedNotice((n) => seen.push(n));
    t.listeners.get(pushChannelOf('feedNotice'))?.({ kind: 'info', message: 'hi', at: 'now' });
    off();
    expect(t.listeners.has(pushChannelOf('feedNotice'))).toBe(false);
    expect(seen).toEqual([{ kind: 'info', message: 'hi', at: 'now' }]);
  });

  it('refuses a listener that is not a function', () => {
    const api = buildKioskApi(transport());
    expect(() => (api.onFeedEvents as unknown as (x: unknown) => void)('nope')).toThrow(TypeError);
  });
});
