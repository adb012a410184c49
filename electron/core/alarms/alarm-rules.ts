/**
 * Alarm rules: which events are alarms and how urgent, decided by configuration (the service
 * itself has no alarm flag on an event). A rule matches an event when every criterion it names
 * matches (each list matches on any of its entries, case-insensitively); the first matching rule
 * in priority order, then in file order, wins. A rule may also carry instructions for the guard
 * (shown with the alarm and in the acknowledgement dialog), require a note to be acknowledged,
 * and say whether it sounds (otherwise `alarms.soundFor` decides by priority).
 */
import { z } from 'zod';
import { ALARM_PRIORITIES, type AlarmPriority, type AlarmRuleView, type SystemEvent } from '../../contract/ipc';

/** Most lines of instructions a rule carries, and most characters a line. */
export const MAX_INSTRUCTION_LINES = 10;
export const MAX_INSTRUCTION_LINE = 300;

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
    /** What the guard should do, a few lines ("Call the duty manager on 4410", "Check camera 12"). */
    instructions: z
      .array(z.string().trim().min(1, { error: 'an instruction line is empty' }).max(MAX_INSTRUCTION_LINE, { error: `an instruction line has at most ${MAX_INSTRUCTION_LINE} characters` }), {
        error: 'expected a list of lines of text, e.g. ["Call the duty manager on 4410"]',
      })
      .max(MAX_INSTRUCTION_LINES, { error: `at most ${MAX_INSTRUCTION_LINES} lines of instructions` })
      .optional(),
    /** Acknowledging this alarm needs a note (checked by main, not only by the dialog). */
    requireNote: z.boolean().optional(),
    /** Whether a new alarm of this rule sounds; absent: alarms.soundFor decides by its priority. */
    sound: z.boolean().optional(),
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

/** Priorities that sound by default: a plain "Denied" (low) is listed but silent, so the real alarm is still heard. */
export const DEFAULT_SOUND_FOR: AlarmPriority[] = ['critical', 'high'];

/** What the renderer needs of each rule (instructions, note, sound), never its matching criteria. */
export function ruleViews(rules: readonly AlarmRule[], soundFor: readonly AlarmPriority[]): AlarmRuleView[] {
  return rules.map((rule) => ({
    id: rule.id,
    priority: rule.priority,
    instructions: [...(rule.instructions ?? [])],
    requireNote: rule.requireNote ?? false,
    sound: rule.sound ?? soundFor.includes(rule.priority),
  }));
}

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
