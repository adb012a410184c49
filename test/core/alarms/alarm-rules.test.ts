// Alarm rules: the built-in rules against every text the simulated site produces, against alarms
// named by their category only or their text only and against what a real site sends that is no
// alarm; and how rules match (includes, excludes, categories, textIncludes, devices).
import { describe, expect, it } from 'vitest';
import { AlarmRuleSchema, createAlarmClassifier, DEFAULT_ALARM_RULES, type AlarmRule } from '../../../electron/core/alarms/alarm-rules';
import { SUBCODES } from '../../../electron/simulator/catalogue';
import type { SystemEvent } from '../../../electron/contract/ipc';
import { systemEvent } from '../../support/events';

const event = (custom_Text: string, more: Partial<SystemEvent> = {}): SystemEvent =>
  systemEvent(1, { created: '2026-11-21T10:00:00Z', event_Category_Name: 'Device Status', device_Name: 'Panel A – Lobby', custom_Text, ...more });

describe('the built-in alarm rules', () => {
  const classify = (text: string) => createAlarmClassifier(DEFAULT_ALARM_RULES).classify(event(text))?.priority ?? null;

  it('classify every text the simulated site produces as a guard would', () => {
    const expected: Record<string, string | null> = {
      Granted: null,
      'Granted (card + PIN)': null,
      'Denied: unknown card': 'low',
      'Denied: card expired': 'low',
      'Denied: wrong PIN': 'low',
      'Denied: outside time schedule': 'low',
      'Denied: no access right': 'low',
      'Denied: anti-passback': 'low',
      'FORCED OPEN': 'critical',
      'HELD OPEN': 'high',
      SECURE: null,
      ONLINE: null,
      OFFLINE: 'medium',
      TAMPER: 'high',
      'Unlocked by operator': null,
      'Service started': null,
    };
    expect(Object.fromEntries(SUBCODES.map((s) => [s.customText, classify(s.customText)]))).toEqual(expected);
  });

  it('make duress critical and never make a plain "Denied" high', () => {
    expect(classify('DURESS code at Main Entrance')).toBe('critical');
    expect(classify('Denied: card expired – Dupont, Marie')).toBe('low');
  });

  it('raise an alarm named by its category only, whatever the text', () => {
    const byCategory = (category: string, text: string) => createAlarmClassifier(DEFAULT_ALARM_RULES).classify(event(text, { event_Category_Name: category }));
    expect(byCategory('Door Forced Open', 'Main Entrance')).toEqual({ priority: 'critical', rule: 'door-forced' });
    expect(byCategory('DOOR FORCED OPEN', '')).toEqual({ priority: 'critical', rule: 'door-forced' });
    expect(byCategory('DoorForcedOpen', 'Roof Access')).toEqual({ priority: 'critical', rule: 'door-forced' }); // a substring, not a word
    expect(byCategory('Duress', 'Panel A – Lobby')).toEqual({ priority: 'critical', rule: 'duress' });
    expect(byCategory('Reader Tamper', 'Main Entrance Reader In')).toEqual({ priority: 'high', rule: 'tamper' });
    expect(byCategory('Door Held Open', 'Café Rear Door')).toEqual({ priority: 'high', rule: 'door-held-open' });
    expect(byCategory('Device Offline', 'Panel B – Level 2')).toEqual({ priority: 'medium', rule: 'device-offline' });
    expect(byCategory('Access Denied', 'Main Entrance Reader In')).toEqual({ priority: 'low', rule: 'access-denied' });
  });

  it('raise an alarm named by its text only, whatever the category', () => {
    const byText = (category: string, text: string) => createAlarmClassifier(DEFAULT_ALARM_RULES).classify(event(text, { event_Category_Name: category }))?.rule ?? null;
    expect(byText('Door Alarm', 'FORCED OPEN')).toBe('door-forced');
    expect(byText('', 'Door forced open at Roof Access')).toBe('door-forced');
    expect(byText('Alarm', 'DURESS code at Main Entrance')).toBe('duress');
    expect(byText('Device Online/Offline', 'OFFLINE')).toBe('device-offline'); // the text decides where the category names both
    expect(byText('Device Online/Offline', 'Panel B – Level 2 went offline')).toBe('device-offline');
    expect(byText('Access', 'Denied: wrong PIN')).toBe('access-denied');
    expect(byText('Door Status', 'HELD OPEN')).toBe('door-held-open');
  });

  it('raise no alarm for what a real site sends that is none', () => {
    const none: Array<[string, string]> = [
      ['Device Online/Offline', 'ONLINE'], // the category names offline, the text says it is back
      ['Device Online/Offline', 'Panel B – Level 2'], // a category naming both states decides nothing by itself
      ['Door Alarm', 'Door secured'],
      ['Door Alarm', 'SECURE'],
      ['Door Forced Open', 'Door closed'], // the end of the forced-open condition, not a second alarm
      ['Door Forced Open', 'Restored'],
      ['Door Held Open', 'Door closed'],
      ['Reader Tamper', 'Tamper restored'],
      ['Device Status', 'Communication restored (was offline)'],
      ['Access Granted/Denied', 'Granted'],
      ['Access Control', 'Anti-passback enforced'], // "forced" in "enforced"
      ['Access Granted', 'Granted (card + PIN)'],
      ['System', 'Service started'],
      ['Door Alarm', ''],
      ['', ''],
    ];
    const classify = createAlarmClassifier(DEFAULT_ALARM_RULES);
    expect(none.filter(([category, text]) => classify.classify(event(text, { event_Category_Name: category })) !== null)).toEqual([]);
  });

  it('never let an exclusion hide an alarm it only resembles, nor a duress', () => {
    const classify = (category: string, text: string) => createAlarmClassifier(DEFAULT_ALARM_RULES).classify(event(text, { event_Category_Name: category }))?.rule ?? null;
    expect(classify('Door Forced Open', 'Door insecure')).toBe('door-forced'); // "secure" counts at the start of a word only
    expect(classify('Reader Tamper', 'Enclosure abnormal')).toBe('tamper'); // nor "normal" inside "abnormal"
    expect(classify('Duress', 'Restored')).toBe('duress'); // duress excludes nothing
  });

  it('are valid configuration', () => {
    for (const rule of DEFAULT_ALARM_RULES) expect(AlarmRuleSchema.safeParse(rule).success).toBe(true);
  });
});

describe('createAlarmClassifier', () => {
  const rules: AlarmRule[] = [
    { id: 'denied', priority: 'low', textIncludes: ['denied'] },
    { id: 'server-room', priority: 'high', devices: ['Level 2 Server Room Reader'], categories: ['Access Denied'] },
  ];

  it('takes the most urgent matching rule, whatever the file order', () => {
    const found = createAlarmClassifier(rules).classify(event('Denied: wrong PIN', { device_Name: 'level 2 server room reader', event_Category_Name: 'ACCESS DENIED' }));
    expect(found).toEqual({ priority: 'high', rule: 'server-room' });
  });

  it('needs every criterion a rule names', () => {
    const found = createAlarmClassifier(rules).classify(event('Granted', { device_Name: 'Level 2 Server Room Reader', event_Category_Name: 'Access Granted' }));
    expect(found).toBeNull();
  });

  it('matches includes in the category name or the text, case-insensitively, combined with the other criteria', () => {
    const vault: AlarmRule[] = [{ id: 'vault', priority: 'high', includes: ['vault'], devices: ['Vault Door'] }];
    const classify = (more: Partial<SystemEvent>) => createAlarmClassifier(vault).classify(event('Granted', more))?.rule ?? null;
    expect(classify({ event_Category_Name: 'VAULT ACCESS', device_Name: 'vault door' })).toBe('vault');
    expect(classify({ custom_Text: 'Entry to the Vault', device_Name: 'Vault Door' })).toBe('vault');
    expect(classify({ event_Category_Name: 'Vault Access', device_Name: 'Lobby' })).toBeNull(); // the device too
  });

  it('excludes by the text whatever the criteria, and by the category for includes only', () => {
    const rules: AlarmRule[] = [
      { id: 'panic', priority: 'critical', textIncludes: ['panic'], excludes: ['test'] },
      { id: 'intrusion', priority: 'high', includes: ['intrusion'], excludes: ['Cleared'] },
    ];
    const classify = (category: string, text: string) => createAlarmClassifier(rules).classify(event(text, { event_Category_Name: category }))?.rule ?? null;
    expect(classify('Panic', 'Panic button pressed')).toBe('panic');
    expect(classify('Panic', 'Panic button TEST')).toBeNull();
    expect(classify('Panic', 'Panic button (protest)')).toBe('panic'); // at the start of a word only
    expect(classify('Intrusion', 'Zone 4')).toBe('intrusion');
    expect(classify('Intrusion Set/Cleared', 'Zone 4')).toBeNull(); // the category names the end too: the text decides
    expect(classify('Intrusion Set/Cleared', 'Intrusion in zone 4')).toBe('intrusion');
    expect(classify('Intrusion', 'Zone 4 cleared')).toBeNull();
  });

  it('keeps a rule of textIncludes reading the text only, and one of categories the exact category', () => {
    const rules: AlarmRule[] = [
      { id: 'text', priority: 'medium', textIncludes: ['flood'] },
      { id: 'category', priority: 'low', categories: ['Lift'] },
    ];
    const classify = (category: string, text: string) => createAlarmClassifier(rules).classify(event(text, { event_Category_Name: category }))?.rule ?? null;
    expect(classify('Flood Sensor', 'Basement')).toBeNull();
    expect(classify('Sensor', 'Flood in basement')).toBe('text');
    expect(classify('LIFT', 'Car 2')).toBe('category');
    expect(classify('Lift Alarm', 'Car 2')).toBeNull();
  });
});
