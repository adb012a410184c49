// Produces live events at a steady rate (events per second) and the history seeded at first start.
// Owns only timing; what an event looks like is the EventFactory's job, keeping it is the EventLog's.

import type { EventFactory } from './event-factory';
import type { EventAttributes, EventLog } from './events';
import type { SeededRandom } from './seeded-random';

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

  constructor(
    private readonly log: EventLog,
    private readonly factory: EventFactory,
  ) {}

  /** Starts emitting `rate` events per second (fractions allowed); 0 or less does nothing. */
  start(rate: number): void {
    this.stop();
    if (!(rate > 0)) return;
    const startedMs = Date.now();
    let emitted = 0;
    const intervalMs = Math.min(1000, Math.max(20, 1000 / rate));
    this.timer = setInterval(() => {
      const now = Date.now();
      const due = Math.floor(((now - startedMs) * rate) / 1000);
      // After a long pause (suspended laptop) do not flood: at most one second's worth per tick.
      const burst = Math.min(due - emitted, Math.ceil(rate));
      for (let i = 0; i < burst; i++) this.log.append(this.factory.random(now));
      emitted = Math.max(emitted + burst, due - Math.ceil(rate));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
