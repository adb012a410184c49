/**
 * Alarm rules: which events are alarms and how urgent, decided by configuration (the service
 * itself has no alarm flag on an event). A rule matches an event when every criterion it names
 * matches (each list matches on any of its entries, case-insensitively); the first matching rule
 * in priority order, then in file order, wins. `includes` looks at the category name and the text
 * together (`excludes` names the words that end or contradict the alarm); `categories`,
 * `textIncludes` and `devices` look at one field each. A rule may also carry instructions for the
 * guard (shown with the alarm and in the acknowledgement dialog: one list for every language, or
 * one per language of the kiosk), require a note to be acknowledged, and say whether it sounds
 * (otherwise `alarms.soundFor` decides by priority). This module decides; it never talks to the
 * service or the renderer.
 */
import { z } from 'zod';
import { ALARM_PRIORITIES, SPOKEN_LANGUAGES, type AlarmPriority, type AlarmRuleView, type SpokenLanguage, type SystemEvent } from '../../contract/ipc';

/** Most lines of instructions a rule carries (in each language), and most characters a line. */
export const MAX_INSTRUCTION_LINES = 10;
export const MAX_INSTRUCTION_LINE = 300;

/** The languages a rule's instructions may be given in: those the kiosk's screens speak (en-XA, the test pseudo-locale, shows English). */
export const INSTRUCTION_LANGUAGES = SPOKEN_LANGUAGES;
export type InstructionLanguage = SpokenLanguage;

const LINES_EXAMPLE = '["Call the duty manager on 4410"]';
const BY_LANGUAGE_EXAMPLE = '{ "en": ["Call the duty manager on 4410"], "de": ["Diensthabende Leitung anrufen: 4410"] }';

const InstructionLines = z
  .array(z.string().trim().min(1, { error: 'an instruction line is empty' }).max(MAX_INSTRUCTION_LINE, { error: `an instruction line has at most ${MAX_INSTRUCTION_LINE} characters` }), {
    error: `expected a list of lines of text, e.g. ${LINES_EXAMPLE}`,
  })
  .max(MAX_INSTRUCTION_LINES, { error: `at most ${MAX_INSTRUCTION_LINES} lines of instructions` });

const isLanguage = (key: string): key is InstructionLanguage => (INSTRUCTION_LANGUAGES as readonly string[]).includes(key);
const languageList = INSTRUCTION_LANGUAGES.map((l) => `"${l}"`).join(', ');

const InstructionsByLanguage = z
  .record(z.string(), InstructionLines.min(1, { error: 'give at least one line in this language, or leave the language out' }))
  .superRefine((byLanguage, ctx) => {
    const keys = Object.keys(byLanguage);
    if (keys.length === 0) ctx.addIssue({ code: 'custom', message: `expected the lines in at least one language, e.g. ${BY_LANGUAGE_EXAMPLE}` });
    for (const key of keys) {
      if (!isLanguage(key)) ctx.addIssue({ code: 'custom', path: [key], message: `"${key}" is not a language of the kiosk's screens: give the lines per language as ${languageList}` });
    }
  })
  .transform((byLanguage) => byLanguage as Partial<Record<InstructionLanguage, string[]>>);

/** A rule's instructions as written: lines shown in every language, or lines per language of the kiosk. */
export type AlarmInstructions = string[] | Partial<Record<InstructionLanguage, string[]>>;

/**
 * The two forms are told apart by their shape before either is checked, so that an administrator
 * reads the problem of the form they wrote ("an instruction line has at most 300 characters", a
 * language that is not the kiosk's) rather than that neither form fits.
 */
const InstructionsSchema = z.unknown().transform((value, ctx): AlarmInstructions | undefined => {
  if (value === undefined) return undefined;
  const form = Array.isArray(value) ? InstructionLines : typeof value === 'object' && value !== null ? InstructionsByLanguage : null;
  if (!form) {
    ctx.addIssue({ code: 'custom', message: `expected a list of lines of text, e.g. ${LINES_EXAMPLE}, or lines per language, e.g. ${BY_LANGUAGE_EXAMPLE}` });
    return z.NEVER;
  }
  const parsed = form.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
  return z.NEVER;
});

/** Words of a criterion: each at least one character. */
const words = z.array(z.string().min(1, { error: 'a word is empty' }), { error: 'expected a list of words, e.g. ["forced"]' });

const AlarmRuleInput = z
  .object({
    id: z.string().min(1).max(100),
    priority: z.enum(ALARM_PRIORITIES),
    /**
     * Substrings of event_Category_Name or of custom_Text: the rule matches when either names one.
     * A category that also names a word of `excludes` ("Device Online/Offline") decides nothing
     * by itself: then only the text can match.
     */
    includes: words.optional(),
    /**
     * Words that end or contradict the alarm ("restored", "closed", "online"): an event whose text
     * has one is never this rule's alarm, and a category that has one does not match `includes`.
     * A word counts at the start of a word only: "secure" is in "Door secured" but not in "insecure".
     */
    excludes: words.optional(),
    /** Exact event_Category_Name values. */
    categories: words.optional(),
    /** Substrings of custom_Text. */
    textIncludes: words.optional(),
    /** Exact device_Name values. */
    devices: words.optional(),
    /** What the guard should do, a few lines ("Call the duty manager on 4410", "Check camera 12"); one list, or per language. */
    instructions: InstructionsSchema.optional(),
    /** Acknowledging this alarm needs a note (checked by main, not only by the dialog). */
    requireNote: z.boolean().optional(),
    /** Whether a new alarm of this rule sounds; absent: alarms.soundFor decides by its priority. */
    sound: z.boolean().optional(),
  })
  .strict()
  .refine((r) => Boolean(r.includes?.length || r.categories?.length || r.textIncludes?.length || r.devices?.length), {
    message: 'An alarm rule needs at least one of categories, textIncludes or devices, or includes (words of the category name or of the text), e.g. "includes": ["forced"].',
  });

/**
 * A rule as the kiosk uses it: as written, but with its instructions resolved into the lines shown
 * whatever the language (`instructions`: the one list, or English's, else the first language's)
 * and, when given per language, those (`instructionsByLanguage`), as the renderer receives them.
 */
export interface AlarmRule extends Omit<z.output<typeof AlarmRuleInput>, 'instructions'> {
  instructions?: string[];
  instructionsByLanguage?: Partial<Record<InstructionLanguage, string[]>>;
}

export const AlarmRuleSchema = AlarmRuleInput.transform(({ instructions, ...rule }): AlarmRule => {
  if (instructions === undefined) return rule;
  if (Array.isArray(instructions)) return { ...rule, instructions };
  return { ...rule, instructions: instructionLines(instructions), instructionsByLanguage: instructions };
});

/** Words that say an alarm's condition is over, whatever the alarm ("Tamper restored", "Alarm cleared"). */
const ENDED = ['restored', 'cleared', 'canceled', 'cancelled', 'normal'];

/**
 * The built-in rules, read with a guard's eye: someone forcing a door or signalling duress needs
 * a guard now (critical); a tampered reader or panel, or a door held open, is a breach in
 * progress (high); a device that went offline leaves a door unwatched (medium); a refused badge is
 * worth seeing but happens many times a shift (low, never high). A door secured again, a device
 * back online and granted access are not alarms.
 *
 * Each looks at the category name and the text (`includes`): access-control systems put the
 * alarm's name in one or the other ("FORCED OPEN" as text in a "Door Alarm" category, or a
 * category "Door Forced Open" with the door's name as text), and a rule that read the text only
 * missed the second kind. Reading the category too brings false alarms a real site would see,
 * which `excludes` answers:
 *  - A category that names both states ("Device Online/Offline", "Access Granted/Denied") says
 *    nothing by itself: its text decides ("ONLINE" is no alarm, "OFFLINE" is). Such a category
 *    with a text that names neither is no alarm; `--admin check` lists those events by category.
 *  - The text says when the condition ended: "Door secured" in a "Door Alarm" category matches no
 *    rule at all; "Door closed", "Restored" or "Cleared" in a "Door Forced Open" or "Door Held
 *    Open" category is no alarm either. Decided so because systems that file both ends of a
 *    forced or held door under one category say which end in the text: the alarm is the door
 *    opening, and raising the closing as a second critical alarm for the same incident teaches
 *    guards to acknowledge without reading. The risk — a system that reported a forced door only
 *    once it had closed — is shown on day one by `--admin check` (the category's events that no
 *    rule matched, with an example text), and a site where it happens adds a rule
 *    (`"categories": ["Door Forced Open"]`, no excludes).
 *  - "forced" is also in "enforced" ("Anti-passback enforced"), so "enforced" is excluded.
 *  - Exclusions count at the start of a word only: "Door insecure" or "abnormal" stay alarms.
 *  - Duress excludes nothing: a duress signal is rare and a missed one may cost a life; an extra
 *    alarm for its "restored" costs the guard one acknowledgement.
 */
export const DEFAULT_ALARM_RULES: AlarmRule[] = [
  { id: 'door-forced', priority: 'critical', includes: ['forced'], excludes: [...ENDED, 'closed', 'secure', 'enforced'] },
  { id: 'duress', priority: 'critical', includes: ['duress'] },
  { id: 'tamper', priority: 'high', includes: ['tamper'], excludes: [...ENDED, 'closed', 'secure'] },
  { id: 'door-held-open', priority: 'high', includes: ['held open'], excludes: [...ENDED, 'closed', 'secure'] },
  { id: 'device-offline', priority: 'medium', includes: ['offline'], excludes: [...ENDED, 'online', 'reconnected'] },
  { id: 'access-denied', priority: 'low', includes: ['denied'], excludes: ['granted'] },
];

/** Priorities that sound by default: a plain "Denied" (low) is listed but silent, so the real alarm is still heard. */
export const DEFAULT_SOUND_FOR: AlarmPriority[] = ['critical', 'high'];

/** The lines shown whatever the language: a plain list as it is; per language, English's, else the first language given. */
export function instructionLines(instructions: AlarmInstructions | undefined): string[] {
  if (instructions === undefined) return [];
  if (Array.isArray(instructions)) return [...instructions];
  return [...(instructions.en ?? Object.values(instructions).find((lines) => lines !== undefined) ?? [])];
}

/** What the renderer needs of each rule (instructions, note, sound), never its matching criteria. */
export function ruleViews(rules: readonly AlarmRule[], soundFor: readonly AlarmPriority[]): AlarmRuleView[] {
  return rules.map((rule) => ({
    id: rule.id,
    priority: rule.priority,
    instructions: [...(rule.instructions ?? [])],
    ...(rule.instructionsByLanguage
      ? { instructionsByLanguage: Object.fromEntries(Object.entries(rule.instructionsByLanguage).map(([language, lines]) => [language, [...lines]])) }
      : {}),
    requireNote: rule.requireNote ?? false,
    sound: rule.sound ?? soundFor.includes(rule.priority),
  }));
}

const rank = (p: AlarmPriority): number => ALARM_PRIORITIES.indexOf(p);

export interface AlarmClassifier {
  classify(event: SystemEvent): { priority: AlarmPriority; rule: string } | null;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` (lower case) has one of the words at the start of a word. */
type WordTest = (text: string) => boolean;
function startsOfWords(list: readonly string[] | undefined): WordTest | null {
  if (!list?.length) return null;
  const pattern = new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${list.map((word) => escapeRegExp(word.toLowerCase())).join('|')})`, 'u');
  return (text) => pattern.test(text);
}

export function createAlarmClassifier(rules: readonly AlarmRule[]): AlarmClassifier {
  const ordered = rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => rank(a.rule.priority) - rank(b.rule.priority) || a.index - b.index)
    .map(({ rule }) => ({
      rule,
      includes: rule.includes?.length ? rule.includes.map((w) => w.toLowerCase()) : undefined,
      excluded: startsOfWords(rule.excludes),
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
        if (r.excluded?.(text)) continue;
        if (r.includes && !r.includes.some((w) => text.includes(w)) && (r.excluded?.(category) || !r.includes.some((w) => category.includes(w)))) continue;
        if (r.categories && !r.categories.includes(category)) continue;
        if (r.text && !r.text.some((t) => text.includes(t))) continue;
        if (r.devices && !r.devices.includes(device)) continue;
        return { priority: r.rule.priority, rule: r.rule.id };
      }
      return null;
    },
  };
}
