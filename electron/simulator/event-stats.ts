// Counts of what the service produced, for a test's independent count (GET /_sim/events/stats):
// totals, alarms by the internal flag, malformed events by kind, and events by category and text
// as their JSON shows them. Reads events; changes nothing.

import { categoryAsServed, textAsServed } from './event-json';
import type { StoredEvent } from './events';
import type { EventStats, EventTextCount } from './records';

/** null first, then by code unit (the same order on every machine). */
function compareNullable(left: string | null, right: string | null): number {
  if (left === right) return 0;
  if (left === null) return -1;
  if (right === null) return 1;
  return left < right ? -1 : 1;
}

export function eventStats(events: Iterable<StoredEvent>): EventStats {
  const stats: EventStats = { total: 0, alarms: 0, malformed: 0, malformedByKind: {}, byText: [] };
  const byText = new Map<string, EventTextCount>();
  for (const event of events) {
    stats.total++;
    if (event.isAlarm) stats.alarms++;
    if (event.malformed !== undefined) {
      stats.malformed++;
      const { kind } = event.malformed;
      stats.malformedByKind[kind] = (stats.malformedByKind[kind] ?? 0) + 1;
    }
    const category = categoryAsServed(event);
    const text = textAsServed(event);
    const key = JSON.stringify([category, text]);
    const line = byText.get(key);
    if (line === undefined) byText.set(key, { category, text, count: 1 });
    else line.count++;
  }
  stats.byText = [...byText.values()].sort(
    (left, right) => right.count - left.count || compareNullable(left.category, right.category) || compareNullable(left.text, right.text),
  );
  return stats;
}
