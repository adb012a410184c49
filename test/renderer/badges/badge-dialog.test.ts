/**
 * The badge dialog in happy-dom: the preview at true size with Print focused (Enter prints); a
 * reprint asks why, with the focus on the first reason (Print stays off until a reason is chosen, "other" needs words) and sends it;
 * a badge with no photo offers a file, sent with the preview request; main's refusal (no printer)
 * is shown in the officer's words. Without the badge feature none of these exist.
 */
import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, makeCardholder, ok } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import type { BadgePreview, BadgePrintResult, Result } from '../../../electron/contract/ipc';


import BadgePrintDialog from '../../../renderer/src/badges/BadgePrintDialog.vue';
import { useBadgeStore } from '../../../renderer/src/badges/badge-store';

const { mountView } = useComponentHarness(fake);

const PREVIEW: BadgePreview = {
  previewId: 'p1',
  templateId: 'employee-portrait',
  templateName: 'Employee (portrait)',
  orientation: 'portrait',
  sides: [
    {
      side: 'front',
      widthMm: 53.98,
      heightMm: 85.6,
      background: '#ffffff',
      backgroundImage: null,
      boxes: [{ id: 'last-name', kind: 'text', x: 2.5, y: 47, width: 48.98, height: 10, lines: ['Álvarez-Fernández de la Peña-', 'Ñúñez Sánchez-Villalobos Ortegà'], fontSize: 7, bold: true, color: '#000000', align: 'center' }],
    },
  ],
  photo: 'session',
  needsPhoto: false,
  printedBefore: 0,
  printer: 'Card Printer',
};
const PRINTED: BadgePrintResult = {
  entry: { at: '2026-11-25T09:30:00.000Z', workstation: 'desk-1', cardholderId: 1, name: 'Dupont, Marie', template: 'employee-portrait', printer: 'Card Printer', outcome: 'printed', reason: '', detail: '' },
  path: null,
};

function withBadgeApi(preview: BadgePreview, print: () => Promise<Result<BadgePrintResult>> = async () => ok(PRINTED) as Result<BadgePrintResult>) {
  const api = fake.current.api as unknown as Record<string, unknown>;
  const previewBadge = vi.fn(async (_r: unknown) => ok(preview) as Result<BadgePreview>);
  const printBadge = vi.fn(async (_r: unknown) => print());
  api.previewBadge = previewBadge;
  api.printBadge = printBadge;
  return { previewBadge, printBadge };
}

async function openDialog() {
  const view = await mountView(BadgePrintDialog);
  await useBadgeStore().open(makeCardholder(1, { first_Name: 'Marie', last_Name: 'Dupont', employee_ID: '9123' }));
  await flushPromises();
  return view;
}

describe('badge dialog', () => {
  it('shows the card at true size with its fitted lines, Print focused; Enter (submit) prints and says the printer accepted it', async () => {
    const { previewBadge, printBadge } = withBadgeApi(PREVIEW);
    const view = await openDialog();
    // Only the id goes to main: it reads who is on the badge (issue 32).
    expect(previewBadge).toHaveBeenCalledWith({ cardholderId: 1, locale: 'en' });
    const card = view.get('[data-testid="badge-side"] .card').element as HTMLElement;
    expect([card.style.width, card.style.height]).toEqual(['53.98mm', '85.6mm']);
    expect(view.findAll('[data-element="last-name"] .line').map((l) => l.text())).toEqual(['Álvarez-Fernández de la Peña-', 'Ñúñez Sánchez-Villalobos Ortegà']);
    expect(document.activeElement).toBe(view.get('[data-testid="badge-print"]').element);
    await view.get('form').trigger('submit');
    await flushPromises();
    expect(printBadge).toHaveBeenCalledWith({ previewId: 'p1', destination: 'printer', locale: 'en' });
    expect(view.get('[data-testid="badge-result"]').text()).toBe('Sent to Card Printer: the printer accepted the badge.');
  });

  it('a reprint asks why before printing, and sends the reason', async () => {
    const { printBadge } = withBadgeApi({ ...PREVIEW, printedBefore: 1 });
    const view = await openDialog();
    expect(view.get('h2').text()).toContain('Reprint the badge of Marie Dupont');
    expect(view.get('[data-testid="badge-print"]').attributes('disabled')).toBeDefined();
    // The dialog opens on the question it asks: the first reason, not Close.
    expect(document.activeElement).toBe(view.get('[data-testid="badge-reason-lost"]').element);
    await view.get('[data-testid="badge-reason-other"]').setValue(true);
    expect(view.get('[data-testid="badge-print"]').attributes('disabled')).toBeDefined();
    await view.get('[data-testid="badge-reason-text"]').setValue('clip broke');
    expect(view.get('[data-testid="badge-print"]').attributes('disabled')).toBeUndefined();
    await view.get('form').trigger('submit');
    await flushPromises();
    expect(printBadge).toHaveBeenCalledWith({ previewId: 'p1', destination: 'printer', locale: 'en', reason: { kind: 'other', text: 'clip broke' } });
  });

  it('no photo at hand: Print is off, an image file is sent with a new preview', async () => {
    const { previewBadge } = withBadgeApi({ ...PREVIEW, needsPhoto: true, photo: 'none' });
    const view = await openDialog();
    expect(view.get('[data-testid="badge-needs-photo"]').text()).toContain('Take a new photo, or choose an image file');
    expect(view.get('[data-testid="badge-print"]').attributes('disabled')).toBeDefined();
    await useBadgeStore().usePhotoFile(new Uint8Array([0xff, 0xd8, 0xff]), 'image/jpeg');
    expect(previewBadge).toHaveBeenLastCalledWith({ cardholderId: 1, locale: 'en', photo: new Uint8Array([0xff, 0xd8, 0xff]), photoType: 'image/jpeg' });
    await useBadgeStore().usePhotoFile(new Uint8Array([1]), 'image/gif');
    await flushPromises();
    expect(view.get('[data-testid="badge-error"]').text()).toBe('Choose a JPEG or PNG image.');
  });

  it("main's refusal is shown as it says it (no printer set up)", async () => {
    withBadgeApi(PREVIEW, async () => ({ ok: false, error: { code: 'config', message: 'No badge printer is set up on this workstation: an administrator sets badges.printer. You can save the badge as a PDF instead.' } }));
    const view = await openDialog();
    await view.get('form').trigger('submit');
    await flushPromises();
    expect(view.get('[data-testid="badge-error"]').text()).toContain('No badge printer is set up on this workstation');
    expect(view.find('[data-testid="badge-result"]').exists()).toBe(false);
  });
});
