/**
 * The front desk on an officer's second day (issue 31), in happy-dom: a change saved on this
 * workstation says it was sent once the outbox sent it (not when the officer discarded it); "Next
 * person" over a form that was not sent asks first in a keyboard-operable dialog and keeps the
 * form unless the officer says to clear it.
 */
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, makeOutboxItem, ok, outboxWith } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import { showLanguage } from '../support/show-language';
import FrontDeskView from '../../../renderer/src/cardholders/FrontDeskView.vue';
import { useOutboxStore } from '../../../renderer/src/outbox/outbox-store';
import type { CardholderRecord } from '../../../electron/contract/ipc';

const { mountView } = useComponentHarness(fake);

async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  input.value = text;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

/** Opens the first "dup" person, edits the phone and saves; main answers that the change waits in the outbox as `itemId`. */
async function saveWhileOffline(view: Awaited<ReturnType<typeof mountView>>, itemId: string): Promise<void> {
  const search = view.get<HTMLInputElement>('[data-testid="cardholder-search"]').element;
  await typeInto(search, 'dup');
  search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await flushPromises();
  await view.get('[data-testid="record-edit"]').trigger('click');
  await flushPromises();
  fake.current.api.updateCardholder.mockImplementationOnce(async (request) => {
    const record = { ...(fake.current.cardholders.find((c) => c.id === request.id) as CardholderRecord), ...request.changes };
    return ok({ outcome: 'queued' as const, record, item: makeOutboxItem(itemId, { kind: 'update', cardholderId: request.id }) });
  });
  await typeInto(view.get<HTMLInputElement>('[data-testid="enrol-phone"]').element, '+33 1 23 45 67 89');
  await view.get('form').trigger('submit');
  await flushPromises();
}

describe('the confirmation of an enrolment saved on this workstation', () => {
  it('says it was sent once the outbox sent it, in the language shown', async () => {
    await useOutboxStore().start();
    const view = await mountView(FrontDeskView);
    await saveWhileOffline(view, 'q1');
    const confirmation = () => view.get('[data-testid="save-confirmation"]').text();
    expect(confirmation()).toBe('Saved on this workstation; it will be sent as soon as the service takes it.');
    // Still waiting (a retry): unchanged.
    fake.current.emit('outboxState', outboxWith([makeOutboxItem('q1', { kind: 'update', attempts: 1 })]));
    await flushPromises();
    expect(confirmation()).toBe('Saved on this workstation; it will be sent as soon as the service takes it.');
    // Sent: the item left the queue.
    fake.current.emit('outboxState', outboxWith([]));
    await flushPromises();
    expect(confirmation()).toBe('Sent: the service now has this enrolment.');
    expect(view.get('[data-testid="save-confirmation"]').classes()).toContain('info');
    await showLanguage('de');
    expect(confirmation()).toBe('Gesendet: Der Dienst hat diese Erfassung jetzt.');
  });

  it('does not say "sent" for an enrolment the officer discarded from the outbox', async () => {
    await useOutboxStore().start();
    const view = await mountView(FrontDeskView);
    await saveWhileOffline(view, 'q2');
    fake.current.emit('outboxState', outboxWith([makeOutboxItem('q2', { kind: 'update' })]));
    fake.current.api.discardOutboxItem.mockResolvedValueOnce(ok(outboxWith([])));
    await useOutboxStore().discard('q2');
    fake.current.emit('outboxState', outboxWith([]));
    await flushPromises();
    expect(view.get('[data-testid="save-confirmation"]').text()).not.toContain('Sent');
  });
});

describe('"Next person" over a form that was not sent', () => {
  async function typedForm(): Promise<{ view: Awaited<ReturnType<typeof mountView>>; first: () => HTMLInputElement | null }> {
    const view = await mountView(FrontDeskView);
    await view.get('[data-testid="new-cardholder"]').trigger('click');
    await flushPromises();
    const first = () => document.querySelector<HTMLInputElement>('[data-testid="enrol-first_Name"]');
    await typeInto(first() as HTMLInputElement, 'Gwendolyn');
    return { view, first };
  }
  const dialog = () => document.querySelector<HTMLDialogElement>('[data-testid="next-person-confirm"]');

  it('asks first, with "Keep the form" focused; keeping it (button or Escape) leaves what was typed', async () => {
    const { view, first } = await typedForm();
    await view.get('[data-testid="next-person"]').trigger('click');
    await flushPromises();
    expect(dialog()?.open).toBe(true);
    expect(dialog()?.getAttribute('role')).toBe('alertdialog');
    expect(document.getElementById(dialog()?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Clear the form that was not sent?');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('next-person-keep');
    await view.get('[data-testid="next-person-keep"]').trigger('click');
    await flushPromises();
    expect(dialog()?.open).toBe(false);
    expect(first()?.value).toBe('Gwendolyn');

    // Escape is the dialog's cancel: it keeps the form too.
    await view.get('[data-testid="next-person"]').trigger('click');
    await flushPromises();
    dialog()?.dispatchEvent(new Event('cancel', { cancelable: true }));
    await flushPromises();
    expect(dialog()?.open).toBe(false);
    expect(first()?.value).toBe('Gwendolyn');
  });

  it('clears the form and starts with the next person when the officer says so, in German too', async () => {
    await showLanguage('de');
    const { view, first } = await typedForm();
    await view.get('[data-testid="next-person"]').trigger('click');
    await flushPromises();
    expect(dialog()?.textContent).toContain('Nicht gesendetes Formular leeren?');
    await view.get('[data-testid="next-person-clear"]').trigger('click');
    await flushPromises();
    expect(dialog()?.open).toBe(false);
    expect(first()).toBeNull();
    expect(document.body.innerHTML).not.toContain('Gwendolyn');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('cardholder-search');
  });

  it('asks nothing when nothing was typed', async () => {
    const view = await mountView(FrontDeskView);
    await view.get('[data-testid="new-cardholder"]').trigger('click');
    await flushPromises();
    await view.get('[data-testid="next-person"]').trigger('click');
    await flushPromises();
    expect(dialog()?.open ?? false).toBe(false);
    expect(document.querySelector('[data-testid="enrolment-form"]')).toBeNull();
  });
});
