// A rule's instructions in the guard's language: one list (shown in every language) or lines per
// language of the kiosk; the limits and the administrator's messages for both forms (through the
// configuration's own problem lines); the view main sends (lines for any language, and each
// language's); and the new criteria's schema.
import { describe, expect, it } from 'vitest';
import { AlarmRuleSchema, instructionLines, MAX_INSTRUCTION_LINE, MAX_INSTRUCTION_LINES, ruleViews, type AlarmRule } from '../../../electron/core/alarms/alarm-rules';
import { checkConfig } from '../../../electron/core/config/load-config';
import { settingsFor } from '../../../electron/core/config/settings';

/** The problems `--admin check` and the kiosk's start would name for these rules, given as KIOSK_ALARM_RULES. */
function problems(rules: unknown[]): string[] {
  const checked = checkConfig({ systemFile: null, userFile: null, env: { KIOSK_ALARM_RULES: JSON.stringify(rules) }, argv: [], platform: 'linux' });
  return checked.problems.map((p) => p.text);
}
const rule = (more: Record<string, unknown>) => ({ id: 'door-forced', priority: 'critical', includes: ['forced'], ...more });
const WHERE = 'in environment variable KIOSK_ALARM_RULES';

describe('a rule\'s instructions (schema)', () => {
  it('takes one list of lines, trimmed, as before', () => {
    const parsed = AlarmRuleSchema.parse(rule({ instructions: ['  Call the duty manager on 4410 ', 'Check camera 12'] }));
    expect(parsed.instructions).toEqual(['Call the duty manager on 4410', 'Check camera 12']);
    expect(parsed).not.toHaveProperty('instructionsByLanguage');
  });

  it('takes lines per language of the kiosk: the lines for any language are English\'s, else the first given', () => {
    const both = AlarmRuleSchema.parse(rule({ instructions: { de: ['Diensthabende Leitung anrufen: 4410'], en: ['Call the duty manager on 4410'] } }));
    expect(both.instructions).toEqual(['Call the duty manager on 4410']);
    expect(both.instructionsByLanguage).toEqual({ de: ['Diensthabende Leitung anrufen: 4410'], en: ['Call the duty manager on 4410'] });
    const noEnglish = AlarmRuleSchema.parse(rule({ instructions: { fr: ['Appeler le responsable au 4410'], es: ['Llamar al responsable al 4410'] } }));
    expect(noEnglish.instructions).toEqual(['Appeler le responsable au 4410']);
  });

  it('keeps the limits in each language, with the administrator\'s messages', () => {
    const long = 'x'.repeat(MAX_INSTRUCTION_LINE + 1);
    const many = Array.from({ length: MAX_INSTRUCTION_LINES + 1 }, (_, i) => `Step ${i + 1}`);
    expect(problems([rule({ instructions: [long] })])).toEqual([expect.stringMatching(new RegExp(`^alarms\\.rules\\[0\\]\\.instructions\\[0\\] = ".+ ${WHERE}: an instruction line has at most 300 characters$`))]);
    expect(problems([rule({ instructions: { de: [long] } })])).toEqual([expect.stringMatching(new RegExp(`^alarms\\.rules\\[0\\]\\.instructions\\.de\\[0\\] = ".+ ${WHERE}: an instruction line has at most 300 characters$`))]);
    expect(problems([rule({ instructions: { en: many } })])).toEqual([expect.stringMatching(/^alarms\.rules\[0\]\.instructions\.en = .+: at most 10 lines of instructions$/)]);
    expect(problems([rule({ instructions: ['  '] })])).toEqual([expect.stringMatching(/instructions\[0\] = .+: an instruction line is empty$/)]);
    expect(problems([rule({ instructions: { fr: ['Appeler', ''] } })])).toEqual([expect.stringMatching(/instructions\.fr\[1\] = .+: an instruction line is empty$/)]);
  });

  it('names a language the kiosk does not show, a language with no lines, and a form that is neither', () => {
    expect(problems([rule({ instructions: { en: ['Call 4410'], ge: ['Anrufen 4410'] } })])).toEqual([
      `alarms.rules[0].instructions.ge = ["Anrufen 4410"] ${WHERE}: "ge" is not a language of the kiosk's screens: give the lines per language as "en", "de", "fr", "es"`,
    ]);
    expect(problems([rule({ instructions: { de: [] } })])).toEqual([`alarms.rules[0].instructions.de = [] ${WHERE}: give at least one line in this language, or leave the language out`]);
    expect(problems([rule({ instructions: {} })])).toEqual([expect.stringMatching(/^alarms\.rules\[0\]\.instructions = \{\} .+: expected the lines in at least one language, e\.g\. \{ "en": \[/)]);
    expect(problems([rule({ instructions: 'Call 4410' })])).toEqual([
      expect.stringMatching(/^alarms\.rules\[0\]\.instructions = "Call 4410" .+: expected a list of lines of text, e\.g\. \["Call the duty manager on 4410"\], or lines per language, e\.g\. \{ "en"/),
    ]);
    expect(problems([rule({ instructions: { en: 'Call 4410' } })])).toEqual([expect.stringMatching(/^alarms\.rules\[0\]\.instructions\.en = "Call 4410" .+: expected a list of lines of text/)]);
  });

  it('refuses the view\'s own field in configuration: one way to write instructions', () => {
    expect(problems([rule({ instructionsByLanguage: { de: ['Anrufen'] } })])).toEqual([expect.stringMatching(/^Unknown key "alarms\.rules\[0\]\.instructionsByLanguage"/)]);
  });
});

describe('the criteria (schema)', () => {
  it('takes includes and excludes, and needs at least one criterion that matches', () => {
    expect(problems([rule({ excludes: ['closed', 'restored'] })])).toEqual([]);
    expect(problems([{ id: 'x', priority: 'high', excludes: ['closed'] }])).toEqual([
      expect.stringMatching(/An alarm rule needs at least one of categories, textIncludes or devices, or includes \(words of the category name or of the text\)/),
    ]);
    expect(problems([rule({ includes: ['forced', ''] })])).toEqual([`alarms.rules[0].includes[1] = "" ${WHERE}: a word is empty`]);
    expect(problems([rule({ excludes: 'closed' })])).toEqual([`alarms.rules[0].excludes = "closed" ${WHERE}: expected a list of words, e.g. ["forced"]`]);
  });
});

describe('ruleViews', () => {
  const rules: AlarmRule[] = [
    AlarmRuleSchema.parse(rule({ instructions: { en: ['Call the duty manager on 4410'], de: ['Diensthabende Leitung anrufen: 4410'] }, requireNote: true })),
    AlarmRuleSchema.parse({ id: 'tamper', priority: 'high', includes: ['tamper'], instructions: ['Send the patrol'] }),
    AlarmRuleSchema.parse({ id: 'denied', priority: 'low', includes: ['denied'] }),
  ];

  it('sends the lines for any language and, given per language, each language\'s; never the criteria', () => {
    expect(ruleViews(rules, ['critical', 'high'])).toEqual([
      {
        id: 'door-forced',
        priority: 'critical',
        instructions: ['Call the duty manager on 4410'],
        instructionsByLanguage: { en: ['Call the duty manager on 4410'], de: ['Diensthabende Leitung anrufen: 4410'] },
        requireNote: true,
        sound: true,
      },
      { id: 'tamper', priority: 'high', instructions: ['Send the patrol'], requireNote: false, sound: true },
      { id: 'denied', priority: 'low', instructions: [], requireNote: false, sound: false },
    ]);
    const [forced, tamper] = ruleViews(rules, []);
    expect(forced).not.toHaveProperty('includes');
    expect(forced).not.toHaveProperty('excludes');
    expect(tamper).not.toHaveProperty('instructionsByLanguage');
  });

  it('are copies: the renderer\'s settings never share the configuration\'s lists', () => {
    const [forced] = ruleViews(rules, []);
    forced!.instructionsByLanguage!.de!.push('changed');
    forced!.instructions.push('changed');
    expect(rules[0]!.instructionsByLanguage?.de).toEqual(['Diensthabende Leitung anrufen: 4410']);
    expect(rules[0]!.instructions).toEqual(['Call the duty manager on 4410']);
  });

  it('reach the renderer through the settings, from the configuration', () => {
    const checked = checkConfig({
      systemFile: null,
      userFile: null,
      env: { KIOSK_ALARM_RULES: JSON.stringify([rule({ instructions: { es: ['Llamar al 4410'], fr: ['Appeler le 4410'] } })]) },
      argv: [],
      platform: 'linux',
    });
    const settings = settingsFor(checked.config!, 'configured', 'access.example.org:443');
    expect(settings.alarms.rules).toEqual([{ id: 'door-forced', priority: 'critical', instructions: ['Llamar al 4410'], instructionsByLanguage: { es: ['Llamar al 4410'], fr: ['Appeler le 4410'] }, requireNote: false, sound: true }]);
  });

  it('instructionLines: a list as it is, per language English\'s, else the first given, else none', () => {
    expect(instructionLines(undefined)).toEqual([]);
    expect(instructionLines(['a'])).toEqual(['a']);
    expect(instructionLines({ de: ['b'], en: ['a'] })).toEqual(['a']);
    expect(instructionLines({ de: ['b'], fr: ['c'] })).toEqual(['b']);
  });
});
