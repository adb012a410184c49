/**
 * Alarm rules: which events are alarms and how urgent, decided by configuration (the service
 * itself has no alarm flag on an event). A rule matches an event when every criterion it names
 * matches (each list matches on any of its entries, case-insensitively); the first matching rule
 * in priority order, then in file order, wins.
 */
import { z } from 'zod';
import { ALARM_PRIORITIES, type AlarmPriority, type SystemEvent } from '../../contract/ipc';

export const AlarmRuleSchema = z
  .object({
    id: z.string().min(1).max(100),
    priority: z.enum(ALARM_PRIORITIES),
    /** Exact event_Category_Name values. */
    categories: z.array(z.string().min(1)).optional(),
    /** Substrings of custom_Text. */
    textIncludes: z.array(z.string().min(1)).optional(),
    /** Exact device_Name values. */
    devices: z.array(z.string().min(1)).optional(),
  })
  .strict()
  .refine((r) => Boolean(r.categories?.length || r.textIncludes?.length || r.devices?.length), {
    message: 'An alarm rule needs at least one of categories, textIncludes or devices.',
  });
export type AlarmRule = z.infer<typeof AlarmRuleSchema>;

/**
 * The built-in rules, read with a guard's eye: someone forcing a door or signalling duress needs
 * a guard now (critical); a tampered reader or panel, or a door held open, is a breach in
 * progress (high); a device that went offline leaves a door unwatched (medium); a refused badge is
 * worth seeing but happens many times a shift (low, never high). A door secured again, a device
 * back online and granted access are not alarms.
 */
export const DEFAULT_ALARM_RULES: AlarmRule[] = [
  { id: 'door-forced', priority: 'critical', textIncludes: ['forced'] },
  { id: 'duress', priority: 'critical', textIncludes: ['duress'] },
  { id: 'tamper', priority: 'high', textIncludes: ['tamper'] },
  { id: 'door-held-open', priority: 'high', textIncludes: ['held open'] },
  { id: 'device-offline', priority: 'medium', textIncludes: ['offline'] },
  { id: 'access-denied', priority: 'low', textIncludes: ['denied'] },
];

const rank = (p: AlarmPriority): number => ALARM_PRIORITIES.indexOf(p);

export interface AlarmClassifier {
  classify(event: SystemEvent): { priority: AlarmPriority; rule: string } | null;
}

export function createAlarmClassifier(rules: readonly AlarmRule[]): AlarmClassifier {
  const ordered = rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => rank(a.rule.priority) - rank(b.rule.priority) || a.index - b.index)
    .map(({ rule }) => ({
      rule,
      categories: rule.categories?.map((c) => c.toLowerCase()),
      text: rule.textIncludes?.map((t) => t.toLowerCase()),
      devices: rule.devices?.map((d) => d.toLowerCase()),
    }));
  return {
    classify(event) {
      const category = String(event.event_Category_Name ?? '').toLowerCase();
      const text = String(event.custom_Text ?? '').toLowerCase();
      const device = String(event.device_Name ?? '').toLowerCase();
      for (const r of ordered) {
        if (r.categories && !r.categories.includes(category)) continue;
        if (r.text && !r.text.some((t) => text.includes(t))) continue;
        if (r.devices && !r.devices.includes(device)) continue;
        return { priority: r.rule.priority, rule: r.rule.id };
      }
      return null;
    },
  };
}
