/**
 * CatchUp: reads the feed's gaps after the fact — the events the service produced while the kiosk
 * was stopped, or again after its numbering restarted — in ranges, oldest first, while the live
 * feed goes on from the top. Each range's alarms are recorded (alarms/alarm-store.ts, through the
 * keeper) without being sounded one by one; its progress is kept, so a kiosk stopped half-way
 * resumes where it was, and shown (`current`). A range that fails is tried again after a back-off
 * (the live feed says whether the service answers); a gap of an older numbering is abandoned (its
 * ids now name other events). At the end of a gap, what it held is told (`onFinished`).
 * It owns no connection state and pushes nothing itself.
 */
import type { CatchUpProgress, FeedEvent, SystemEvent } from '../../contract/ipc';
import type { Timers } from '../connection/service-connection';
import type { Logger } from '../log/logger';
import type { UnreadableEvent } from '../service/event-reading';
import type { FeedGap, FeedKeeper, GapAlarms } from './feed-keeper';
import { readRange, type RangeSource } from './range-reader';

const SCOPE = 'feed';
/** Back-off between failed attempts: doubles from the first up to the last. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** Least time between two progress reports (the screen's figure). */
const PROGRESS_EVERY_MS = 250;

export interface CatchUpOptions {
  keeper: FeedKeeper;
  ranges: RangeSource;
  readOne?: (id: number, signal?: AbortSignal) => Promise<SystemEvent>;
  classify: (event: SystemEvent) => FeedEvent;
  /** The feed's numbering now (a gap of another is abandoned). */
  numbering: () => number;
  chunkSize: () => number;
  timers: Timers;
  now: () => number;
  log: Logger;
  onRecorded?: (events: readonly FeedEvent[]) => void;
  onProgress?: () => void;
  onFinished?: (gap: FeedGap, alarms: GapAlarms) => void;
  onSetAside?: (added: number) => void;
}

export class CatchUp {
  private running: Promise<void> | null = null;
  private controller: AbortController | null = null;
  private gap: FeedGap | null = null;
  private alarmsFound = 0;
  private lastProgressAt = Number.NEGATIVE_INFINITY;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly options: CatchUpOptions) {}

  /** Starts reading the gaps left (idempotent: a run under way takes new gaps too). */
  run(): void {
    if (this.running) {
      this.wakeUp?.();
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.running = this.loop(controller.signal)
      .catch((thrown: unknown) => {
        if (!controller.signal.aborted) this.options.log.error(SCOPE, `the catch-up stopped: ${String(thrown)}`);
      })
      .finally(() => {
        if (this.controller === controller) {
          this.running = null;
          this.controller = null;
          this.gap = null;
          this.options.onProgress?.();
        }
      });
  }

  /** Stops reading (what was read is kept; the next run goes on from there). */
  async stop(): Promise<void> {
    this.controller?.abort();
    this.wakeUp?.();
    await this.running;
  }

  /** The gap being read, as the screen shows it; null when none is. */
  current(): CatchUpProgress | null {
    const gap = this.gap;
    if (!gap) return null;
    return {
      cause: gap.cause,
      read: gap.readEvents,
      total: gap.toId - gap.fromId,
      passed: gap.nextId - gap.fromId,
      alarms: this.alarmsFound,
      since: gap.sinceAt === null ? null : new Date(gap.sinceAt).toISOString(),
      until: new Date(gap.untilAt).toISOString(),
    };
  }

  private async loop(signal: AbortSignal): Promise<void> {
    for (;;) {
      const next = this.options.keeper.gapsToRead()[0];
      if (!next || signal.aborted) return;
      if (next.numbering !== this.options.numbering()) {
        this.options.keeper.abandonGaps(this.options.numbering(), this.options.now());
        continue;
      }
      this.gap = next;
      this.alarmsFound = this.options.keeper.gapAlarms(next).total;
      this.report(true);
      await this.readGap(next, signal);
      if (signal.aborted) return;
      if (next.numbering !== this.options.numbering()) continue;
      const done = this.options.keeper.finishGap(next.id, this.options.now());
      if (done) this.options.onFinished?.(done, this.options.keeper.gapAlarms(done));
      this.gap = null;
    }
  }

  private async readGap(gap: FeedGap, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (this.gap && this.gap.nextId < this.gap.toId && !signal.aborted) {
      if (this.gap.numbering !== this.options.numbering()) return;
      const from = this.gap.nextId;
      const to = Math.min(this.gap.toId, from + Math.max(1, this.options.chunkSize()));
      try {
        let frontier = from;
        await readRange(this.options.ranges, from, to, {
          chunkSize: this.options.chunkSize(),
          signal,
          deliver: (events) => this.deliver(events),
          advance: (reached) => {
            frontier = Math.max(frontier, reached);
          },
          setAside: (unreadable) => this.setAside(unreadable),
          ...(this.options.readOne ? { readOne: (id: number) => this.options.readOne!(id, signal) } : {}),
        });
        this.options.keeper.progress(gap.id, Math.max(frontier, to), 0, 0);
        this.gap = { ...this.gap, nextId: Math.max(this.gap.nextId, to) };
        failures = 0;
        this.report(false);
      } catch (thrown) {
        if (signal.aborted) return;
        failures++;
        const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(failures - 1, 10));
        this.options.log.warn(SCOPE, `catch-up: ids ${from + 1}–${to} could not be read (${thrown instanceof Error ? thrown.message : String(thrown)}); trying again in ${wait} ms`);
        await this.pause(wait, signal);
      }
    }
  }

  private deliver(events: readonly SystemEvent[]): void {
    const gap = this.gap;
    if (!gap || events.length === 0) return;
    const inGap = events.filter((event) => event.record_ID > gap.fromId && event.record_ID <= gap.toId);
    if (inGap.length === 0) return;
    const newest = inGap[inGap.length - 1]!;
    const marked = this.options.keeper.record(
      inGap.map((event) => this.options.classify(event)),
      'catch-up',
      { numbering: gap.numbering, frontier: newest.record_ID, lastId: null, lastMark: null, lastSuccessAt: null },
    );
    this.alarmsFound += marked.filter((event) => event.alarm !== null).length;
    this.options.keeper.progress(gap.id, newest.record_ID, inGap.length, 0);
    this.gap = { ...gap, nextId: Math.max(gap.nextId, newest.record_ID), readEvents: gap.readEvents + inGap.length };
    this.options.onRecorded?.(marked);
    this.report(false);
  }

  private setAside(unreadable: readonly UnreadableEvent[]): void {
    const gap = this.gap;
    for (const item of unreadable) this.options.log.error(SCOPE, `catch-up: set aside ${item.recordId === null ? 'an element without an id' : `event #${item.recordId}`}: ${item.detail}`);
    const added = this.options.keeper.setAside(unreadable, gap?.numbering ?? this.options.numbering());
    if (gap && added > 0) {
      this.options.keeper.progress(gap.id, gap.nextId, 0, added);
      this.gap = { ...gap, setAside: gap.setAside + added };
    }
    this.options.onSetAside?.(added);
  }

  private report(force: boolean): void {
    const at = this.options.now();
    if (!force && at - this.lastProgressAt < PROGRESS_EVERY_MS) return;
    this.lastProgressAt = at;
    this.options.onProgress?.();
  }

  private pause(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.options.timers.clearTimeout(handle);
        signal.removeEventListener('abort', done);
        this.wakeUp = null;
        resolve();
      };
      const handle = this.options.timers.setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.wakeUp = done;
    });
  }
}
