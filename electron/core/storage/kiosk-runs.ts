/**
 * Each run of the kiosk, in its database (table `kiosk_run`): when it started, when it was last
 * known alive (written every ALIVE_EVERY_MS) and when it stopped cleanly. The kiosk's own downtime
 * is what lies between two runs: the handover report says it, and an outage a crashed run left
 * open is closed at the moment that run was last alive.
 */
import type { KioskDatabase } from './kiosk-database';

export const ALIVE_EVERY_MS = 60_000;

export interface KioskRun {
  id: number;
  startedAt: number;
  /** When it stopped, or was last known alive when it did not stop cleanly. */
  endedAt: number | null;
  cleanStop: boolean;
}

export class KioskRuns {
  private readonly id: number;
  /** The run before this one, as it was found at start. */
  readonly previous: KioskRun | null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: KioskDatabase,
    private readonly now: () => number = Date.now,
  ) {
    const last = db.get<{ id: number; started_at: number; alive_at: number; stopped_at: number | null }>('SELECT id, started_at, alive_at, stopped_at FROM kiosk_run ORDER BY id DESC LIMIT 1');
    this.previous = last ? { id: Number(last.id), startedAt: Number(last.started_at), endedAt: Number(last.stopped_at ?? last.alive_at), cleanStop: last.stopped_at !== null } : null;
    const at = now();
    this.id = db.run('INSERT INTO kiosk_run (started_at, alive_at) VALUES (?, ?)', [at, at]).lastInsertRowid;
  }

  /** Writes "alive" now and every ALIVE_EVERY_MS. */
  start(): void {
    this.timer = setInterval(() => this.alive(), ALIVE_EVERY_MS);
    this.timer.unref?.();
  }

  alive(): void {
    this.db.run('UPDATE kiosk_run SET alive_at = ? WHERE id = ?', [this.now(), this.id]);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const at = this.now();
    this.db.run('UPDATE kiosk_run SET alive_at = ?, stopped_at = ? WHERE id = ?', [at, at, this.id]);
  }

  /** The kiosk's downtime that touches [from, to]: from the end of one run to the start of the next. */
  downtimeBetween(from: number, to: number): Array<{ from: number; to: number; cleanStop: boolean }> {
    const runs = this.db.all<{ started_at: number; alive_at: number; stopped_at: number | null }>('SELECT started_at, alive_at, stopped_at FROM kiosk_run ORDER BY id');
    const out: Array<{ from: number; to: number; cleanStop: boolean }> = [];
    for (let i = 1; i < runs.length; i++) {
      const before = runs[i - 1]!;
      const end = Number(before.stopped_at ?? before.alive_at);
      const start = Number(runs[i]!.started_at);
      if (start > end && end <= to && start >= from) out.push({ from: end, to: start, cleanStop: before.stopped_at !== null });
    }
    return out;
  }
}
