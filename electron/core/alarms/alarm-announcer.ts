/**
 * When the alarm tone sounds, decided by main (the page only plays it, unless the guard muted it):
 * a new burst of alarms sounds at once, then at most once per `intervalMs` (alarms.soundIntervalSeconds)
 * with the count of the alarms that came meanwhile — a flood is one tone a period, not one every
 * two seconds — except that an alarm of a higher priority than any sounded within the period
 * sounds at once. Alarms that waited one more escalation period, and the alarms a catch-up found,
 * are announced the same way. Which alarms sound is the rule's choice, else alarms.soundFor.
 * It pushes `alarmSignal`; it keeps no record.
 */
import { ALARM_PRIORITIES, type AlarmPriority, type AlarmSignal, type FeedEvent } from '../../contract/ipc';
import type { Timers } from '../connection/service-connection';
import type { PushBus } from '../ipc/push-bus';
import type { AlarmRule } from './alarm-rules';

const rank = (p: AlarmPriority): number => ALARM_PRIORITIES.indexOf(p);

export interface AlarmAnnouncerOptions {
  push: Pick<PushBus, 'emit'>;
  intervalMs: number;
  rules: readonly AlarmRule[];
  soundFor: readonly AlarmPriority[];
  timers: Timers;
  now?: () => number;
}

export class AlarmAnnouncer {
  private readonly now: () => number;
  private readonly ruleSound: Map<string, boolean>;
  private readonly soundFor: ReadonlySet<AlarmPriority>;
  private lastToneAt: number | null = null;
  /** The highest priority sounded within the current period. */
  private periodTop: AlarmPriority | null = null;
  private pending: { kind: AlarmSignal['kind']; priority: AlarmPriority; count: number } | null = null;
  private timer: unknown = null;

  constructor(private readonly options: AlarmAnnouncerOptions) {
    this.now = options.now ?? Date.now;
    this.ruleSound = new Map(options.rules.filter((rule) => rule.sound !== undefined).map((rule) => [rule.id, rule.sound as boolean]));
    this.soundFor = new Set(options.soundFor);
  }

  /** Whether an alarm of this rule and priority sounds. */
  sounds(alarm: { rule: string; priority: AlarmPriority }): boolean {
    return this.ruleSound.get(alarm.rule) ?? this.soundFor.has(alarm.priority);
  }

  /** Alarms that just arrived live (waiting): the ones that sound are announced. */
  arrived(events: readonly FeedEvent[]): void {
    let top: AlarmPriority | null = null;
    let count = 0;
    for (const event of events) {
      const alarm = event.alarm;
      if (!alarm || alarm.state !== 'waiting' || !this.sounds(alarm)) continue;
      count++;
      if (top === null || rank(alarm.priority) < rank(top)) top = alarm.priority;
    }
    if (top) this.announce('new', top, count);
  }

  /** Alarms that waited one more escalation period, shown now at `priority`. */
  escalated(priority: AlarmPriority): void {
    if (this.soundFor.has(priority)) this.announce('escalated', priority, 1);
  }

  /** A catch-up found `count` alarms, the highest at `priority`. */
  caughtUp(priority: AlarmPriority, count: number): void {
    if (count > 0) this.announce('catchUp', priority, count);
  }

  stop(): void {
    if (this.timer !== null) this.options.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private announce(kind: AlarmSignal['kind'], priority: AlarmPriority, count: number): void {
    const at = this.now();
    const inPeriod = this.lastToneAt !== null && at - this.lastToneAt < this.options.intervalMs;
    const higher = this.periodTop === null || rank(priority) < rank(this.periodTop);
    if (!inPeriod || higher) {
      // Sounds now, standing for what was held back as well.
      const held = this.pending;
      this.pending = null;
      if (this.timer !== null) this.options.timers.clearTimeout(this.timer);
      this.timer = null;
      const top = held && rank(held.priority) < rank(priority) ? held.priority : priority;
      this.emit(kind, top, count + (held?.count ?? 0), at, !inPeriod);
      return;
    }
    this.pending = { kind: this.pending?.kind ?? kind, priority: this.pending && rank(this.pending.priority) < rank(priority) ? this.pending.priority : priority, count: (this.pending?.count ?? 0) + count };
    if (this.timer === null) {
      const due = this.lastToneAt! + this.options.intervalMs - at;
      this.timer = this.options.timers.setTimeout(() => {
        this.timer = null;
        const held = this.pending;
        this.pending = null;
        if (held) this.emit(held.kind, held.priority, held.count, this.now(), true);
      }, Math.max(0, due));
    }
  }

  private emit(kind: AlarmSignal['kind'], priority: AlarmPriority, count: number, at: number, newPeriod: boolean): void {
    const signal: AlarmSignal = { kind, priority, count, since: this.lastToneAt === null ? null : new Date(this.lastToneAt).toISOString(), at: new Date(at).toISOString() };
    if (newPeriod) {
      this.lastToneAt = at;
      this.periodTop = priority;
    } else if (this.periodTop === null || rank(priority) < rank(this.periodTop)) {
      this.periodTop = priority;
    }
    this.options.push.emit('alarmSignal', signal);
  }
}
