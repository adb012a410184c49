// Alarm rules: the built-in rules against every text the simulated site produces, and how rules match.
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
});
