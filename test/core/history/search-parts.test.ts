// search-parts: when an answer counts as cut, where the next part ends (ties at the boundary, a
// service's finer times, an answer that reaches no further back), the alarm flag of a cut part,
// what the kiosk keeps of one search and what the result then says.
import { describe, expect, it } from 'vitest';
import type { HistoryEvent, SystemEvent } from '../../../electron/contract/ipc';
import {
  afterAnswer,
  answerBoundary,
  ASSUMED_SERVICE_LIMIT,
  canonicalRequest,
  flagsFromAlarmAnswers,
  idsFollowTime,
  keepWithin,
  resultCut,
  ServiceAnswerLimit,
} from '../../../electron/core/history/search-parts';
import { systemEvent } from '../../support/events';

const T0 = Date.UTC(2026, 10, 21, 22, 10, 5);
const at = (id: number, ms: number, fields: Partial<SystemEvent> = {}): SystemEvent => systemEvent(id, { created: new Date(ms).toISOString(), ...fields });
const history = (event: SystemEvent): HistoryEvent => ({ ...event, alarm: null, serviceAlarm: null });

describe('the service\'s answer limit', () => {
  it('takes an answer of the simulator\'s 10,000 as cut, not one less', () => {
    const limit = new ServiceAnswerLimit();
    expect(ASSUMED_SERVICE_LIMIT).toBe(10_000);
    expect(limit.judge(9_999)).toBe(false);
    expect(limit.judge(0)).toBe(false);
    expect(limit.judge(10_000)).toBe(true);
    expect(limit.value).toBe(10_000);
  });

  it('learns a larger limit from a larger answer (itself taken as cut), and then judges by it', () => {
    const limit = new ServiceAnswerLimit();
    expect(limit.judge(12_000)).toBe(true);
    expect(limit.value).toBe(12_000);
    expect(limit.judge(11_000)).toBe(false);
    expect(limit.judge(12_000)).toBe(true);
  });
});

describe('where a cut answer stops', () => {
  it('is the time of its lowest-id event (the service keeps the highest ids), else its oldest time', () => {
    // An event uploaded late: a high id, an old time. What the service left out has lower ids than 10.
    const answer = [at(12, T0 + 3000), at(11, T0 - 60_000), at(10, T0)];
    expect(answerBoundary(answer)).toBe(T0);
    expect(answerBoundary([at(3, T0), systemEvent(1, { created: 'not a time' })])).toBe(T0);
    expect(answerBoundary([systemEvent(1, { created: 'not a time' })])).toBeNull();
    expect(answerBoundary([])).toBeNull();
  });

  it('a whole answer is done; a cut one goes on one millisecond after its boundary (ends are inclusive), never later than its end', () => {
    const answer = [at(9, T0 + 2000), at(8, T0), at(7, T0)];
    expect(afterAnswer(answer, false, T0 + 60_000, T0 - 60_000)).toEqual({ kind: 'done' });
    expect(afterAnswer(answer, true, T0 + 60_000, T0 - 60_000)).toEqual({ kind: 'more', end: T0 + 1, upTo: T0 });
  });

  it('reaches no further back when the end would not move (more events than the limit at one instant) or no event has a time', () => {
    const sameInstant = [at(9, T0), at(8, T0), at(7, T0)];
    // The part already ended one millisecond after that instant: asking again brings the same answer.
    expect(afterAnswer(sameInstant, true, T0 + 1, T0 - 60_000)).toEqual({ kind: 'stuck', upTo: T0 });
    expect(afterAnswer(sameInstant, true, T0, T0 - 60_000)).toEqual({ kind: 'stuck', upTo: T0 });
    expect(afterAnswer([systemEvent(1, { created: '' })], true, T0, T0 - 60_000)).toEqual({ kind: 'stuck', upTo: T0 });
  });

  it('sees whether ids rise with time', () => {
    expect(idsFollowTime([at(3, T0 + 2), at(2, T0 + 1), at(1, T0 + 1)])).toBe(true);
    expect(idsFollowTime([at(3, T0 - 60_000), at(2, T0 + 1)])).toBe(false);
  });
});

describe('the service\'s alarm flag of a part', () => {
  it('is true for the alarms answered, false for the others, unknown where an alarm answer was cut', () => {
    const flag = flagsFromAlarmAnswers([{ events: [at(20, T0 + 5000), at(15, T0)], cut: true }, { events: [at(3, T0 - 10_000)], cut: false }]);
    expect(flag(at(20, T0 + 5000))).toBe(true);
    expect(flag(at(3, T0 - 10_000))).toBe(true);
    // Newer than where the cut alarm answer stopped: it would have been in it.
    expect(flag(at(18, T0 + 1000))).toBe(false);
    // At that instant or before: it may have been left out.
    expect(flag(at(14, T0))).toBeNull();
    expect(flag(at(2, T0 - 20_000))).toBeNull();
    expect(flag(systemEvent(1, { created: 'x' }))).toBeNull();
    const whole = flagsFromAlarmAnswers([{ events: [at(20, T0)], cut: false }]);
    expect(whole(at(2, T0 - 20_000))).toBe(false);
  });
});

describe('what the kiosk keeps of one search', () => {
  it('keeps every new event while they fit, else the most recent, and says up to when it left some out', () => {
    const fresh = [at(5, T0 - 5000), at(4, T0 - 4000), at(3, T0 - 3000), at(2, T0 - 2000)].map(history);
    expect(keepWithin(0, fresh, 10)).toEqual({ kept: fresh, droppedUpTo: null });
    const { kept, droppedUpTo } = keepWithin(7, fresh, 9);
    expect(kept.map((e) => e.record_ID)).toEqual([2, 3]);
    expect(droppedUpTo).toBe(T0 - 4000);
    expect(keepWithin(9, fresh, 9)).toMatchObject({ kept: [], droppedUpTo: T0 - 2000 });
  });
});

describe('what a result says', () => {
  it('nothing when every query was read whole', () => {
    expect(resultCut([{ kind: 'done' }, { kind: 'done' }], 10_000, 12, null)).toBeUndefined();
  });

  it('the service\'s limit, up to the latest instant a query stopped, readable on while one can go on', () => {
    const cut = resultCut([{ kind: 'done' }, { kind: 'more', end: T0 + 1, upTo: T0 }, { kind: 'stuck', upTo: T0 - 5000 }], 10_000, 20_000, null);
    expect(cut).toEqual({ by: 'service', limit: 10_000, upTo: new Date(T0).toISOString(), canReadNext: true });
    expect(resultCut([{ kind: 'stuck', upTo: T0 }], 10_000, 10_000, null)).toEqual({ by: 'service', limit: 10_000, upTo: new Date(T0).toISOString(), canReadNext: false });
  });

  it('the kiosk\'s bound once it left events out, or holds as many as it keeps while more could be read', () => {
    expect(resultCut([{ kind: 'done' }], 10_000, 50_000, T0 - 10)).toEqual({ by: 'kiosk', limit: 50_000, upTo: new Date(T0 - 10).toISOString(), canReadNext: false });
    expect(resultCut([{ kind: 'more', end: T0 + 1, upTo: T0 }], 10_000, 50_000, null)).toEqual({ by: 'kiosk', limit: 50_000, upTo: new Date(T0).toISOString(), canReadNext: false });
    // Exactly as many as it keeps, and nothing more to read: whole.
    expect(resultCut([{ kind: 'done' }], 10_000, 50_000, null)).toBeUndefined();
  });
});

it('two requests with the same fields in another order are the same search', () => {
  expect(canonicalRequest({ b: [2, 1], a: { d: 1, c: undefined } })).toBe(canonicalRequest({ a: { d: 1 }, b: [2, 1] }));
  expect(canonicalRequest({ b: [1, 2] })).not.toBe(canonicalRequest({ b: [2, 1] }));
});
