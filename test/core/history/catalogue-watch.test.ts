// When the site catalogue is checked (history/catalogue-watch.ts, moved out of kiosk-core.ts):
// once by itself when enough events were delivered, and at each Administration view; a warning
// is logged once, and again only when it changes. The whole path through the core stays proven
// by catalogue-warning.sim.test.ts.
import { describe, expect, it } from 'vitest';
import { EVENTS_BEFORE_CHECK } from '../../../electron/core/history/catalogue-check';
import { watchCatalogue } from '../../../electron/core/history/catalogue-watch';
import { createLogger, memorySink } from '../../../electron/core/log/logger';

function feed() {
  const listeners = new Set<() => void>();
  const state = { delivered: 0, names: [] as string[], namesRead: 0 };
  return {
    state,
    listeners,
    change: () => [...listeners].forEach((listener) => listener()),
    options: {
      seenDeviceNames: () => {
        state.namesRead++;
        return state.names;
      },
      delivered: () => state.delivered,
      onFeedChange: (listener: () => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
  };
}

const DEVICES = [
  { id: 1, name: 'Main entrance' },
  { id: 2, name: 'Server room', type: 4 },
];

describe('the site catalogue watch', () => {
  it('checks once by itself when enough events were delivered, logs the warning, then stops listening', () => {
    const { sink, lines } = memorySink();
    const f = feed();
    watchCatalogue({ devices: DEVICES, ...f.options, log: createLogger(sink) });
    expect(f.listeners.size).toBe(1);
    f.state.names = ['Main entrance'];
    f.state.delivered = EVENTS_BEFORE_CHECK - 1;
    f.change();
    expect(f.state.namesRead).toBe(0);
    expect(lines).toEqual([]);
    f.state.delivered = EVENTS_BEFORE_CHECK;
    f.change();
    expect(f.listeners.size).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"Server room" (#2)');
    f.change();
    expect(f.state.namesRead).toBe(1);
  });

  it('logs a warning once however often Administration checks, and again when it changes; returns it each time', () => {
    const { sink, lines } = memorySink();
    const f = feed();
    f.state.delivered = EVENTS_BEFORE_CHECK;
    const watch = watchCatalogue({ devices: DEVICES, ...f.options, log: createLogger(sink) });
    expect(watch.check()?.params).toMatchObject({ missing: 2, total: 2 });
    expect(watch.check()?.params).toMatchObject({ missing: 2, total: 2 });
    expect(lines).toHaveLength(1);
    f.state.names = ['main entrance'];
    expect(watch.check()?.params).toMatchObject({ missing: 1 });
    expect(lines).toHaveLength(2);
    f.state.names = ['Main entrance', 'Server room'];
    expect(watch.check()).toBeNull();
    f.state.names = [];
    watch.check();
    expect(lines).toHaveLength(3);
  });

  it('with no catalogue: never listens, never warns', () => {
    const { sink, lines } = memorySink();
    const f = feed();
    f.state.delivered = EVENTS_BEFORE_CHECK * 10;
    const watch = watchCatalogue({ devices: [], ...f.options, log: createLogger(sink) });
    expect(f.listeners.size).toBe(0);
    expect(watch.check()).toBeNull();
    expect(lines).toEqual([]);
  });
});
