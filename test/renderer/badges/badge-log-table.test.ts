/**
 * The badge log table in the language shown: the words main records in English (a reprint's
 * reason, a refusal's detail, the printer "(none)", a shift without a name, a built-in template)
 * are said in German, French and Spanish; an officer's own words, a printer's reason and a path
 * are shown as they are (its fit at 1024 px: test/e2e/badges-first-day.spec.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fake, ok } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';
import type { BadgePrintEntry, KioskLocale, Result } from '../../../electron/contract/ipc';
import BadgeLogTable from '../../../renderer/src/badges/BadgeLogTable.vue';
import { useBadgeLogStore } from '../../../renderer/src/badges/badge-log-store';
import { useLocaleStore } from '../../../renderer/src/i18n/locale-store';

const { mountView } = useComponentHarness(fake);

const entry = (over: Partial<BadgePrintEntry>): BadgePrintEntry => ({ at: '2026-11-25T09:30:00.000Z', workstation: 'desk-1', cardholderId: 41, name: 'Dupont, Zoë', template: 'built-in-employee', printer: 'Card Printer', outcome: 'printed', reason: '', detail: '', operator: 'unnamed', ...over });
const ENTRIES: BadgePrintEntry[] = [
  entry({ outcome: 'failed', printer: '(none)', reason: 'lost', detail: 'no printer configured' }),
  entry({ outcome: 'failed', reason: 'other: clip broke', detail: 'printer not installed' }),
  entry({ outcome: 'failed', reason: 'name change', detail: 'refused: Print job failed' }),
  entry({ outcome: 'saved', printer: 'PDF', template: 'visitor-landscape', detail: '/home/desk/badge-41.pdf', operator: 'Ana' }),
];

async function rowsIn(locale: KioskLocale): Promise<string[][]> {
  (fake.current.api as unknown as Record<string, unknown>).listBadgeLog = vi.fn(async () => ok(ENTRIES) as Result<BadgePrintEntry[]>);
  await useLocaleStore().setLocale(locale);
  const view = await mountView(BadgeLogTable);
  await useBadgeLogStore().load();
  await flushPromises();
  return view.findAll('[data-testid="badge-log-row"]').map((row) => row.findAll('td').map((td) => td.text().replace(/\s+/g, ' ')).slice(2));
}

describe('badge log table', () => {
  it('in German: reasons, details, "(none)", an unnamed shift and a built-in template in German; the officer’s words, the printer’s reason and a path as they are', async () => {
    expect(await rowsIn('de')).toEqual([
      ['Mitarbeiter (eingebaut)', 'Nicht gedruckt (keiner)', 'Verloren', 'kein Drucker eingerichtet', 'ohne Namen'],
      ['Mitarbeiter (eingebaut)', 'Nicht gedruckt Card Printer', 'Anderer Grund: clip broke', 'Drucker nicht installiert', 'ohne Namen'],
      ['Mitarbeiter (eingebaut)', 'Nicht gedruckt Card Printer', 'Namensänderung', 'abgelehnt: Print job failed', 'ohne Namen'],
      ['visitor-landscape', 'Als PDF gespeichert PDF', '—', '/home/desk/badge-41.pdf', 'Ana'],
    ]);
  });

  it('in French and Spanish too', async () => {
    const fr = await rowsIn('fr');
    expect(fr[0]?.slice(1)).toEqual(['Non imprimé (aucune)', 'Perdu', 'aucune imprimante configurée', 'sans nom']);
    expect(fr[1]?.[2]).toBe('Autre : clip broke');
    const es = await rowsIn('es');
    expect(es[0]?.slice(1)).toEqual([expect.stringMatching(/ \(ninguna\)$/), 'Perdida', 'ninguna impresora configurada', 'sin nombre']);
    expect(es[2]?.[3]).toBe('rechazado: Print job failed');
  });
});
