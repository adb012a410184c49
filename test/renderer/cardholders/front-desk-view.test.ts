/** The front desk screen in happy-dom: lookup by keyboard, the record view, the directory's state, wording. */
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { DIRECTORY_READY, fake, makeCardholder, ok } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';


import FrontDeskView from '../../../renderer/src/cardholders/FrontDeskView.vue';
import { fieldText, fullName, listName, sexWord } from '../../../renderer/src/cardholders/cardholder-text';

const { mountView } = useComponentHarness(fake);

async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}
const key = async (input: HTMLInputElement, name: string): Promise<void> => {
  input.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  await flushPromises();
};

describe('front desk view', () => {
  it('focuses the search box, finds as it is typed, and opens the highlighted person with Enter', async () => {
    const view = await mountView(FrontDeskView);
    const input = view.get<HTMLInputElement>('[data-testid="cardholder-search"]').element;
    expect(document.activeElement).toBe(input);
    expect(view.get('[data-testid="cardholder-result-count"]').text()).toContain('Type a name');
    await typeInto(input, 'dup');
    expect(view.get('[data-testid="cardholder-result-count"]').text()).toBe('2 cardholders found');
    expect(view.findAll('[data-testid="cardholder-row"]').map((r) => r.text())).toEqual([
      expect.stringContaining('Dupont, Marie'),
      expect.stringContaining('Dupond, Paul'),
    ]);
    await key(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe('cardholder-option-1');
    await key(input, 'Enter');
    expect(fake.current.api.getCardholder).toHaveBeenCalledWith({ id: 2 });
    expect(view.get('[data-testid="cardholder-record"] h3').text()).toBe('Paul Dupond');
    expect(view.get('[data-testid="field-sex"]').text()).toBe('Female');
    expect(view.get('[data-testid="field-email"]').text()).toBe('—');
  });

  it('says when nothing matches, and Escape clears the box', async () => {
    const view = await mountView(FrontDeskView);
    const input = view.get<HTMLInputElement>('[data-testid="cardholder-search"]').element;
    await typeInto(input, 'xyz');
    expect(view.get('[data-testid="cardholder-result-count"]').text()).toBe('No cardholder matches “xyz”.');
    await key(input, 'Escape');
    expect(input.value).toBe('');
  });

  it('shows a record from the directory with the reason when the service could not be asked', async () => {
    fake.current.api.getCardholder.mockResolvedValueOnce(ok({ record: makeCardholder(1, { first_Name: 'Marie', last_Name: 'Dupont' }), refreshed: false, warning: { code: 'unreachable', message: 'The access-control service is not answering.' }, queued: [] }));
    const view = await mountView(FrontDeskView);
    const input = view.get<HTMLInputElement>('[data-testid="cardholder-search"]').element;
    await typeInto(input, 'dupont');
    await view.get('[data-testid="cardholder-row"]').trigger('click');
    await flushPromises();
    expect(view.get('[data-testid="record-stale"]').text()).toContain('The access-control service is not answering.');
  });

  it('Next person clears the search and the record', async () => {
    const view = await mountView(FrontDeskView);
    const input = view.get<HTMLInputElement>('[data-testid="cardholder-search"]').element;
    await typeInto(input, 'dup');
    await key(input, 'Enter');
    expect(view.find('[data-testid="cardholder-record"]').exists()).toBe(true);
    await view.get('[data-testid="next-person"]').trigger('click');
    await flushPromises();
    expect(input.value).toBe('');
    expect(view.find('[data-testid="cardholder-record"]').exists()).toBe(false);
    expect(view.findAll('[data-testid="cardholder-row"]')).toHaveLength(0);
  });

  it('always shows how many cardholders the lookup holds and since when, and a failed or held sync', async () => {
    const view = await mountView(FrontDeskView);
    expect(view.get('[data-testid="directory-count"]').text()).toBe('3 cardholders in the directory');
    expect(view.get('[data-testid="directory-synced-at"] time').attributes('datetime')).toBe(DIRECTORY_READY.syncedAt);
    expect(view.get('[data-testid="directory-summary"]').text()).toBe('(last update: 3 added)');
    // People enrolled at this desk count at once, and an update that brings nothing else says so.
    fake.current.emit('directoryState', { ...DIRECTORY_READY, records: 5, enrolledHere: 2, lastSync: { ...(DIRECTORY_READY.lastSync as NonNullable<typeof DIRECTORY_READY.lastSync>), outcome: 'unchanged', added: 0 } });
    await flushPromises();
    expect(view.get('[data-testid="directory-count"]').text()).toBe('5 cardholders in the directory');
    expect(view.get('[data-testid="directory-summary"]').text()).toBe('(last update: no change on the service; 2 cardholders enrolled at this desk)');
    fake.current.emit('directoryState', {
      ...DIRECTORY_READY,
      lastFailure: { at: '2026-11-21T11:00:00.000Z', error: { code: 'unreachable', message: 'The cardholder directory could not be updated. The service is down.' } },
      syncing: { taskId: 't', phase: 'downloading', done: 2 * 1024 * 1024, total: 8 * 1024 * 1024, startedAt: '2026-11-21T11:00:00.000Z' },
    });
    await flushPromises();
    expect(view.get('[data-testid="directory-failure"]').text()).toContain('The service is down.');
    expect(view.get('[data-testid="directory-progress"]').text()).toContain('Downloading the directory: 2.0 MB of 8.0 MB');
    expect(view.get<HTMLButtonElement>('[data-testid="directory-sync"]').element.disabled).toBe(true);
    fake.current.emit('directoryState', { ...DIRECTORY_READY, held: { outcome: 'held', at: '2026-11-21T11:05:00.000Z', previous: 3, received: 0, usable: 0 } });
    await flushPromises();
    expect(view.get('[data-testid="directory-held"]').text()).toContain('The service now lists 0 usable cardholders where the directory holds 3.');
    await view.get('[data-testid="directory-replace"]').trigger('click');
    expect(fake.current.api.syncDirectory).toHaveBeenCalledWith(expect.objectContaining({ acceptShrink: true }));
  });
});

describe('cardholder wording', () => {
  it('reads fields as an officer does', () => {
    expect(sexWord('m')).toBe('Male');
    expect(sexWord('F')).toBe('Female');
    expect(sexWord('U')).toBe('Not stated');
    expect(sexWord('Q')).toBe('Q');
    expect(sexWord('')).toBe('');
    expect(listName({ first_Name: 'Marie', middle_Name: 'Anne', last_Name: 'Dupont' })).toBe('Dupont, Marie Anne');
    expect(listName({ first_Name: 'Marie', middle_Name: '', last_Name: '' })).toBe('Marie');
    expect(fieldText(null)).toBe('');
    expect(fieldText(undefined)).toBe('');
    expect(fieldText([0, 2])).toBe('0, 2');
    expect(fieldText({ a: 1 })).toBe('{"a":1}');
  });

  it('shows a record of the service without the direction overrides and invisible characters it holds (issue 32)', () => {
    expect(listName({ first_Name: 'Eve', middle_Name: '', last_Name: '\u202Elive\u202C' })).toBe('live, Eve');
    expect(fullName({ first_Name: 'Ma\u200Brie', middle_Name: '', last_Name: 'Du\u2067pont\u2069' })).toBe('Marie Dupont');
    expect(fieldText('evil\u200E@x.example')).toBe('evil@x.example');
  });
});
