// History and the elements a search answer holds that are not readable events: counted and said,
// never hidden, and an answer at the service's limit is cut whether or not all its elements could be read.
import { describe, expect, it } from 'vitest';
import type { SystemEvent } from '../../../electron/contract/ipc';
import { createAlarmClassifier, DEFAULT_ALARM_RULES } from '../../../electron/core/alarms/alarm-rules';
import { EventHistory } from '../../../electron/core/history/event-history';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import type { SearchAnswer } from '../../../electron/core/service/access-service';
import { readSystemEvents } from '../../../electron/core/service/event-reading';
import { systemEvent } from '../../support/events';
import { PushRecorder } from '../support/event-fakes';

const classifier = createAlarmClassifier(DEFAULT_ALARM_RULES);
const window = { from: '2026-02-01T11:00:00.000Z', to: '2026-02-01T13:00:00.000Z' };

function historyAnswering(elements: () => unknown[]) {
  const logged = memorySink();
  const answer = (): SearchAnswer => {
    const read = readSystemEvents(elements());
    return Object.assign(read.events, { unreadable: read.unreadable });
  };
  const history = new EventHistory({
    service: { searchEvents: async () => answer(), searchEventsByCodes: async () => answer() },
    classify: (event: SystemEvent) => ({ ...event, alarm: classifier.classify(event) }),
    push: new PushRecorder(),
    log: createLogger(logged.sink),
    defaultTenants: [0],
    pickSaveFile: async () => null,
    serviceAnswerLimit: 4,
  });
  return { history, logged };
}

describe('History and unreadable elements', () => {
  it('shows the readable events, counts the others and logs them, never hiding that something was left out', async () => {
    const { history, logged } = historyAnswering(() => [systemEvent(3, { created: '2026-02-01T12:00:00Z' }), 'garbage', { custom_Text: 'no id' }]);
    const result = await history.search({ ...window, isAlarm: false });
    expect(result.events.map((e) => e.record_ID)).toEqual([3]);
    expect(result.unreadable).toBe(2);
    expect(logged.lines.filter((l) => l.includes('could not be read'))).toHaveLength(2);
  });

  it('takes an answer holding the service\'s limit of elements as cut, the unreadable ones counted in', async () => {
    const { history } = historyAnswering(() => [1, 2, 3].map((id) => systemEvent(id, { created: `2026-02-01T12:0${id}:00Z` })).concat(['garbage' as never]));
    const result = await history.search({ ...window, isAlarm: false });
    expect(result.cut).toBeDefined();
  });
});
