/**
 * Auto-scroll of the live feed, as a small pure state machine (no timers, no DOM).
 * Live: new events appear at the top. The guard scrolling away from the top, hovering, touching
 * or using the keyboard in the list pauses it and freezes the list at the last event that had
 * arrived (`frozenAtSeq`), so rows do not move under the guard's eyes; what arrives meanwhile is
 * counted ("N new events"). It resumes on request (the button) or once the guard has not
 * interacted with the list for `resumeAfterMs`. Also the words of the button that resumes it.
 */
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';

export const DEFAULT_AUTO_SCROLL_RESUME_MS = 15_000;
/** Scroll offsets up to this many pixels still count as "at the top". */
export const TOP_TOLERANCE_PX = 4;

export type AutoScrollMode = 'live' | 'paused';

export interface AutoScrollSnapshot {
  mode: AutoScrollMode;
  /** Buffer seq the list is frozen at while paused; null while live. */
  frozenAtSeq: number | null;
  /** Last interaction time (ms, caller's clock); null when none since resuming. */
  lastInteractionAt: number | null;
}

export class AutoScroll {
  private state: AutoScrollSnapshot = { mode: 'live', frozenAtSeq: null, lastInteractionAt: null };

  constructor(private resumeAfterMs: number = DEFAULT_AUTO_SCROLL_RESUME_MS) {}

  get snapshot(): Readonly<AutoScrollSnapshot> {
    return this.state;
  }
  get paused(): boolean {
    return this.state.mode === 'paused';
  }

  setResumeAfter(ms: number): void {
    if (Number.isFinite(ms) && ms > 0) this.resumeAfterMs = ms;
  }

  /** The guard touched the list (hover, pointer, wheel, touch, key, focus): pause and restart the idle clock. */
  interact(now: number, currentSeq: number): boolean {
    const changed = this.pause(currentSeq);
    this.state = { ...this.state, lastInteractionAt: now };
    return changed;
  }

  /** The list scrolled to `offset` px from the top. Away from the top pauses; at the top changes nothing. */
  scrolled(offset: number, now: number, currentSeq: number): boolean {
    if (offset <= TOP_TOLERANCE_PX) return false;
    return this.interact(now, currentSeq);
  }

  /** Back to live (the "N new events" button). Returns whether anything changed. */
  resume(): boolean {
    if (this.state.mode === 'live') return false;
    this.state = { mode: 'live', frozenAtSeq: null, lastInteractionAt: null };
    return true;
  }

  /** When the idle resume is due (ms, caller's clock); null while live. */
  resumeDueAt(): number | null {
    if (this.state.mode === 'live') return null;
    return (this.state.lastInteractionAt ?? 0) + this.resumeAfterMs;
  }

  /** Resumes when the guard has been idle long enough; returns true when it did. */
  tick(now: number): boolean {
    const due = this.resumeDueAt();
    if (due === null || now < due) return false;
    return this.resume();
  }

  private pause(currentSeq: number): boolean {
    if (this.state.mode === 'paused') return false;
    this.state = { mode: 'paused', frozenAtSeq: currentSeq, lastInteractionAt: this.state.lastInteractionAt };
    return true;
  }
}

/** "3 new events (1 alarm)" / "Paused: back to newest" for the auto-scroll button. */
export function newEventsLabel(events: number, alarms: number): string {
  if (events === 0) return t('feed.list.backToNewest');
  const base = t('feed.list.newEvents', { count: formatNumber(events) }, events);
  return alarms > 0 ? t('feed.list.newEventsWithAlarms', { events: base, alarms: t('feed.list.newAlarms', { count: formatNumber(alarms) }, alarms) }) : base;
}
