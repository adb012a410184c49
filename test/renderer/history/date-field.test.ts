// History's date range in the order of the language shown (not the browser's): the text helpers
// and the DateField component, in English (which also takes the ISO dates e2e tests type) and German.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { useLocaleStore } from '../../../renderer/src/i18n/locale-store';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { datePattern, readDate, showDate } from '../../../renderer/src/history/date-text';
import { emptySearchForm, planSearch } from '../../../renderer/src/history/search-form';
import DateField from '../../../renderer/src/history/DateField.vue';
import { createFakeKiosk, fake } from '../support/fake-kiosk';

beforeEach(() => {
  setActivePinia(createPinia());
  fake.current = createFakeKiosk();
});
afterEach(async () => {
  await useLocaleStore().useWorkstation('en');
});

describe('date text', () => {
  it('English: day/month/year, and an ISO date as typed', () => {
    expect(showDate('2026-11-21')).toBe('21/11/2026');
    expect(readDate('21/11/2026')).toBe('2026-11-21');
    expect(readDate(' 2026-11-21 ')).toBe('2026-11-21');
    expect(readDate('')).toBe('');
    expect(readDate('31/02/2026')).toBe('31/02/2026');
    expect(datePattern()).toBe('DD/MM/YYYY');
  });

  it('German: TT.MM.JJJJ, and a date that does not parse gets a German message', async () => {
    await useLocaleStore().useWorkstation('de');
    expect(showDate('2026-11-21')).toBe('21.11.2026');
    expect(readDate('21.11.2026')).toBe('2026-11-21');
    expect(readDate('1.2.2026')).toBe('2026-02-01');
    expect(datePattern()).toBe('TT.MM.JJJJ');
    const form = { ...emptySearchForm(), fromDate: readDate('32.11.2026'), fromTime: '08:00', toDate: readDate('21.11.2026'), toTime: '09:00' };
    expect(planSearch(form)).toEqual({ ok: false, problems: [{ field: 'fromDate', message: 'Das Datum des Beginns des Zeitraums ist kein gültiges Datum.' }] });
  });
});

describe('DateField', () => {
  it('shows the model in the language order, emits ISO for what is typed, steps a day with the arrow keys', async () => {
    await useLocaleStore().useWorkstation('de');
    const field = mount(DateField, { props: { modelValue: '2026-11-21' }, global: { plugins: [i18n] } });
    const input = field.find('input');
    expect(input.element.value).toBe('21.11.2026');
    await input.setValue('03.12.2026');
    expect(field.emitted('update:modelValue')?.at(-1)).toEqual(['2026-12-03']);
    await field.setProps({ modelValue: '2026-12-03' });
    expect(input.element.value).toBe('03.12.2026');
    await input.trigger('keydown', { key: 'ArrowUp' });
    expect(field.emitted('update:modelValue')?.at(-1)).toEqual(['2026-12-04']);
    await field.setProps({ modelValue: '2026-12-04' });
    expect(input.element.value).toBe('04.12.2026');
    await useLocaleStore().setLocale('en');
    await field.vm.$nextTick();
    expect(input.element.value).toBe('04/12/2026');
  });
});
