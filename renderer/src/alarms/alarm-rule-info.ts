/**
 * What the guard is told about an alarm's rule: its instructions and whether acknowledging needs
 * a note, from the settings main sends (settings.alarms.rules). Pure lookups over the feed
 * store's settings; no IPC.
 */
import type { AlarmRuleView, FeedEvent } from '../../../electron/contract/ipc';
import { useFeedStore } from '../feed/feed-store';

export interface RuleInfo {
  rules: (ruleId: string | null | undefined) => AlarmRuleView | null;
  /** Instructions for these events' rules, each rule's once, in the order met. */
  instructionsFor: (events: readonly FeedEvent[]) => { rule: string; lines: string[] }[];
  /** Whether acknowledging any of these events needs a note. */
  noteRequiredFor: (events: readonly FeedEvent[]) => boolean;
}

export function useRuleInfo(): RuleInfo {
  const feed = useFeedStore();
  const rules = (ruleId: string | null | undefined): AlarmRuleView | null =>
    (ruleId && feed.settings?.alarms.rules?.find((rule) => rule.id === ruleId)) || null;
  return {
    rules,
    instructionsFor(events) {
      const seen = new Set<string>();
      const out: { rule: string; lines: string[] }[] = [];
      for (const event of events) {
        const rule = rules(event.alarm?.rule);
        if (!rule || seen.has(rule.id) || rule.instructions.length === 0) continue;
        seen.add(rule.id);
        out.push({ rule: rule.id, lines: rule.instructions });
      }
      return out;
    },
    noteRequiredFor: (events) => events.some((event) => rules(event.alarm?.rule)?.requireNote === true),
  };
}
