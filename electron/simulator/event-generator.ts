// Produces live events at a steady rate (events per second, with a share of alarms; both can be
// changed while it runs) and the history seeded at first start. Owns only timing; what an event
// looks like is the EventFactory's job, keeping it is the EventLog's.

import { DEFAULT_ALARM_SHARE, type EventFactory } from './event-factory';
import type { EventAttributes, EventLog } from './events';
import type { GeneratorSettings } from './records';
import type { SeededRandom } from './seeded-random';

/** Ticks are never closer than this; a tick appends every event due since the start, so a rate above 1000 / MIN_TICK_MS is still met (in batches). */
const MIN_TICK_MS = 20;

/** History events seeded at first start are spread over this many days before "now". */
export const HISTORY_SPAN_MS = 7 * 24 * 3600 * 1000;

/** `count` events spread over the week before `endMs`, oldest first, opening with a "Service started". */
export function historyEvents(factory: EventFactory, count: number, endMs: number, rng: SeededRandom): EventAttributes[] {
  if (count <= 0) return [];
  const startMs = endMs - HISTORY_SPAN_MS;
  const step = HISTORY_SPAN_MS / count;
  const history: EventAttributes[] = [factory.serviceStarted(startMs)];
  for (let index = 1; index < count; index++) {
    history.push(factory.random(Math.floor(startMs + (index + rng.next() * 0.9) * step)));
  }
  return history;
}

export class EventGenerator {
  private timer: NodeJS.Timeout | undefined;
  private current: GeneratorSettings = { eventsPerSecond: 0, alarmShare: DEFAULT_ALARM_SHARE };

  constructor(
    private readonly log: EventLog,
    private readonly factory: EventFactory,
  ) {}

  /** The rate and alarm share it was last started with. */
  get settings(): GeneratorSettings {
    return { ...this.current };
  }

  /**
   * (Re)starts emitting `eventsPerSecond` (fractions allowed) with `alarmShare` of alarms, counted
   * from now; a rate of 0 stops it. The number due is worked out from the clock at every tick, so
   * coarse or late timers change how events are batched, never how many there are.
   */
  start(settings: GeneratorSettings): void {
    this.stop();
    this.current = { ...settings };
    const { eventsPerSecond: rate, alarmShare } = settings;
    if (!(rate > 0)) return;
    const startedMs = Date.now();
    let emitted = 0;
    const intervalMs = Math.min(1000, Math.max(MIN_TICK_MS, 1000 / rate));
    this.timer = setInterval(() => {
      const now = Date.now();
      const due = Math.floor(((now - startedMs) * rate) / 1000);
      // After a long pause (suspended laptop) do not flood: at most one second's worth per tick.
      const burst = Math.min(due - emitted, Math.ceil(rate));
      for (let i = 0; i < burst; i++) this.log.append(this.factory.generated(now, alarmShare));
      emitted = Math.max(emitted + burst, due - Math.ceil(rate));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops emitting; the settings stay as they were (a later start sets them anew). */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
