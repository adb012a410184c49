/** Escalation: an alarm waiting unacknowledged is raised one priority per full period. */
import { describe, expect, it } from 'vitest';
import { escalationOf } from '../../../renderer/src/guard/escalation';

const MINUTE = 60_000;

describe('escalationOf', () => {
  it('raises one priority per full period waited, up to critical, and keeps counting periods', () => {
    expect(escalationOf('low', 0, 9 * MINUTE, 10 * MINUTE)).toEqual({ priority: 'low', periods: 0, raised: false });
    expect(escalationOf('low', 0, 10 * MINUTE, 10 * MINUTE)).toEqual({ priority: 'medium', periods: 1, raised: true });
    expect(escalationOf('low', 0, 35 * MINUTE, 10 * MINUTE)).toEqual({ priority: 'critical', periods: 3, raised: true });
    expect(escalationOf('critical', 0, 50 * MINUTE, 10 * MINUTE)).toEqual({ priority: 'critical', periods: 5, raised: false });
  });

  it('never escalates with no period, an unknown time or a clock behind the event', () => {
    expect(escalationOf('low', 0, 99 * MINUTE, 0)).toMatchObject({ priority: 'low', periods: 0 });
    expect(escalationOf('low', Number.NaN, 99 * MINUTE, MINUTE)).toMatchObject({ priority: 'low', periods: 0 });
    expect(escalationOf('high', 10 * MINUTE, 0, MINUTE)).toMatchObject({ priority: 'high', periods: 0 });
  });
});
