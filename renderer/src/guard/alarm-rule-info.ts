/**
 * What the guard is told about an alarm's rule: its instructions in the language shown and whether
 * acknowledging needs a note, from the settings main sends (settings.alarms.rules) and the locale
 * store. A rule's instructions given per language show the language shown's lines (the
 * pseudo-locale en-XA takes English's), else English's, else the first given; one list shows in
 * every language. Pure lookups over the stores; no IPC.
 */
import type { AlarmRuleView, FeedEvent } from '../../../electron/contract/ipc';
import { useFeedStore } from './feed-store';
import { useLocaleStore } from '../i18n/locale-store';
import { DEFAULT_LOCALE, PSEUDO_LOCALE } from '../i18n/locales';

/** One rule's instructions as shown: `lang` is the language of the lines (null: a list given for every language). */
export interface RuleInstructions {
  rule: string;
  lines: string[];
  lang: string | null;
}

export interface RuleInfo {
  rules: (ruleId: string | null | undefined) => AlarmRuleView | null;
  /** Instructions for these events' rules in the language shown, each rule's once, in the order met. */
  instructionsFor: (events: readonly FeedEvent[]) => RuleInstructions[];
  /** Whether acknowledging any of these events needs a note. */
  noteRequiredFor: (events: readonly FeedEvent[]) => boolean;
}

/** A rule's lines for `locale`: its language's, else English's, else the first given; its one list when not per language. */
export function instructionsIn(rule: AlarmRuleView, locale: string): { lines: string[]; lang: string | null } {
  const byLanguage = rule.instructionsByLanguage;
  if (!byLanguage) return { lines: rule.instructions, lang: null };
  const wanted = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  for (const lang of [wanted, wanted.split('-')[0] ?? wanted, DEFAULT_LOCALE]) {
    const lines = byLanguage[lang];
    if (lines && lines.length > 0) return { lines, lang };
  }
  const first = Object.entries(byLanguage).find(([, lines]) => lines !== undefined && lines.length > 0);
  // Main sends English's (else the first's) as `instructions`: shown when no language above has lines.
  return first ? { lines: first[1] ?? [], lang: first[0] } : { lines: rule.instructions, lang: null };
}

export function useRuleInfo(): RuleInfo {
  const feed = useFeedStore();
  const locale = useLocaleStore();
  const rules = (ruleId: string | null | undefined): AlarmRuleView | null =>
    (ruleId && feed.settings?.alarms.rules?.find((rule) => rule.id === ruleId)) || null;
  return {
    rules,
    instructionsFor(events) {
      const seen = new Set<string>();
      const out: RuleInstructions[] = [];
      for (const event of events) {
        const rule = rules(event.alarm?.rule);
        if (!rule || seen.has(rule.id)) continue;
        seen.add(rule.id);
        const shown = instructionsIn(rule, locale.current);
        if (shown.lines.length > 0) out.push({ rule: rule.id, ...shown });
      }
      return out;
    },
    noteRequiredFor: (events) => events.some((event) => rules(event.alarm?.rule)?.requireNote === true),
  };
}
