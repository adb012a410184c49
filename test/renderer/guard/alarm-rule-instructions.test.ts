/**
 * A rule's instructions in the guard's language (renderer side): the detail panel and the
 * acknowledgement dialog show the lines of the language shown, else English's, else the first
 * language's; a rule with one list shows it in every language; the lines carry their language
 * (`lang`) and follow a switch of language at once; the pseudo-locale shows English's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, makeAlarm, ok, SETTINGS } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import type { AlarmRuleView, FeedEvent, KioskSettings } from '../../../electron/contract/ipc';
import EventDetailPanel from '../../../renderer/src/guard/EventDetailPanel.vue';
import LiveFeedView from '../../../renderer/src/guard/LiveFeedView.vue';
import { useEventDetailStore } from '../../../renderer/src/guard/event-detail-store';
import { useSettingsStore } from '../../../renderer/src/shell/settings-store';
import { useLocaleStore } from '../../../renderer/src/i18n/locale-store';
import { instructionsIn } from '../../../renderer/src/guard/alarm-rule-info';

const { mountView } = useComponentHarness(fake);
afterEach(() => useLocaleStore().forget());

const EN = ['Call the duty manager on 4410.', 'Check camera 12.'];
const DE = ['Diensthabende Leitung anrufen: 4410.', 'Kamera 12 prüfen.'];
const FR = ['Appeler le responsable au 4410.'];

/** As main sends them (ruleViews): `instructions` is English's, else the first language's. */
const RULES: AlarmRuleView[] = [
  { id: 'door-forced', priority: 'critical', instructions: EN, instructionsByLanguage: { en: EN, de: DE }, requireNote: true, sound: true },
  { id: 'tamper', priority: 'high', instructions: ['Send the patrol; note what they find.'], requireNote: false, sound: true },
  { id: 'held-open', priority: 'high', instructions: ['Ask the patrol to close the door.'], instructionsByLanguage: { en: ['Ask the patrol to close the door.'] }, requireNote: false, sound: true },
  { id: 'duress', priority: 'critical', instructions: FR, instructionsByLanguage: { fr: FR }, requireNote: true, sound: true },
];
const settings: KioskSettings = { ...SETTINGS, alarms: { ...SETTINGS.alarms, rules: RULES } };

const alarmOf = (id: number, rule: string): FeedEvent => makeAlarm(id, { alarm: { priority: RULES.find((r) => r.id === rule)!.priority, rule, id, state: 'waiting' } });

async function detailOf(event: FeedEvent) {
  fake.current.api.getSettings.mockResolvedValue(ok(settings));
  fake.current.api.getEvent.mockResolvedValue(ok(event));
  await useSettingsStore().load();
  void useEventDetailStore().open(event);
  const view = await mountView(EventDetailPanel);
  const shown = () => ({
    lines: view.findAll('[data-testid="detail-instructions"] li').map((li) => li.text()),
    lang: view.find('[data-testid="detail-instructions"] [data-testid="instruction-lines"]').attributes('lang') ?? null,
  });
  return { view, shown };
}

describe('rule instructions in the language shown', () => {
  it('shows English by default and German lines once the guard switches to German, marked with their language', async () => {
    const { shown } = await detailOf(alarmOf(1, 'door-forced'));
    expect(shown()).toEqual({ lines: EN, lang: 'en' });
    await useLocaleStore().setLocale('de');
    await flushPromises();
    expect(shown()).toEqual({ lines: DE, lang: 'de' });
    await useLocaleStore().setLocale('fr'); // no French lines: English's
    await flushPromises();
    expect(shown()).toEqual({ lines: EN, lang: 'en' });
  });

  it('in German falls back to English, else to the first language given', async () => {
    await useLocaleStore().setLocale('de');
    const english = await detailOf(alarmOf(2, 'held-open'));
    expect(english.shown()).toEqual({ lines: ['Ask the patrol to close the door.'], lang: 'en' });
    english.view.unmount();
    const french = await detailOf(alarmOf(3, 'duress'));
    expect(french.shown()).toEqual({ lines: FR, lang: 'fr' });
  });

  it('shows one list in every language, without claiming a language for it', async () => {
    await useLocaleStore().setLocale('de');
    const { shown } = await detailOf(alarmOf(4, 'tamper'));
    expect(shown()).toEqual({ lines: ['Send the patrol; note what they find.'], lang: null });
  });

  it('shows the German lines in the acknowledgement dialog too', async () => {
    fake.current.api.getSettings.mockResolvedValue(ok(settings));
    fake.current.setSnapshot([alarmOf(5, 'door-forced')]);
    await useLocaleStore().setLocale('de');
    const view = await mountView(LiveFeedView);
    await view.find('[data-testid="row-ack"]').trigger('click');
    await flushPromises();
    const block = view.find('[data-testid="ack-dialog"] [data-testid="ack-instructions"]');
    expect(block.findAll('li').map((li) => li.text())).toEqual(DE);
    expect(block.find('[data-testid="instruction-lines"]').attributes('lang')).toBe('de');
  });
});

describe('instructionsIn', () => {
  const forced = RULES[0]!;
  it.each([
    ['en', EN, 'en'],
    ['de', DE, 'de'],
    ['es', EN, 'en'],
    ['en-XA', EN, 'en'],
  ] as const)('%s shows %j', (locale, lines, lang) => {
    expect(instructionsIn(forced, locale)).toEqual({ lines, lang });
  });

  it('takes the first language given when neither the one shown nor English has lines, and an older main\'s one list', () => {
    expect(instructionsIn(RULES[3]!, 'de')).toEqual({ lines: FR, lang: 'fr' });
    expect(instructionsIn({ id: 'x', priority: 'low', instructions: ['Old list'], requireNote: false, sound: false }, 'de')).toEqual({ lines: ['Old list'], lang: null });
  });
});
