/**
 * The badge capability without Electron: the layout fits a 60-character accented double-barrelled
 * surname (smaller type, then two lines, every character kept) and refuses what cannot fit; the
 * photo taken in the session is on the card; a print goes to the configured printer with the card's
 * size and is logged only once accepted; a reprint needs a reason; no printer, a printer that is not
 * installed and a refused job each give the officer a clear message and a "failed" log entry.
 */
import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBadgesCapability } from '../../../electron/core/badges/badges-capability';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import type { BadgeCardholder } from '../../../electron/contract/ipc';
import { EXAMPLES, FONTS, LONG_SURNAME, PERSON, SITE, fakePort, badgeDirectory, JPEG, type FakePort , badgesWith, failure } from './support';
import { person } from '../../support/cardholders';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';

/** Main's directory: who a badge is for, by id (each test files whom it shows). */
const people = badgeDirectory();

function capability(options: { printer?: string | null; port?: FakePort; templatesDir?: string | null } = {}) {
  return badgesWith({
    ...(options.templatesDir === undefined ? {} : { templatesDir: options.templatesDir }),
    ...(options.printer === undefined ? {} : { printerName: options.printer }),
    ...(options.port ? { port: options.port } : {}),
    cardholder: people.read,
    now: () => new Date('2026-11-25T09:30:00.000Z'),
  });
}

const textOf = (lines: string[] | undefined): string => (lines ?? []).join(' ');

describe('badge layout', () => {
  it('fits a 60-character accented double-barrelled surname on two lines in smaller type, every character kept', async () => {
    expect(LONG_SURNAME).toHaveLength(60);
    const { badges } = capability();
    badges.rememberPhoto(PERSON.id, JPEG, 'image/jpeg');
    const preview = await badges.handlers.previewBadge({ cardholderId: people.put({ ...PERSON, last_Name: LONG_SURNAME }) });
    const last = preview.sides[0]?.boxes.find((b) => b.id === 'last-name');
    expect(last?.lines).toHaveLength(2);
    expect((last?.fontSize ?? 99) < 14).toBe(true);
    expect((last?.lines ?? []).join('').replace(/\s/g, '')).toBe(LONG_SURNAME.replace(/\s/g, ''));
    expect(textOf(last?.lines)).toMatch(/^Álvarez-Fernández/);
  });

  it('refuses, naming the field, a name that cannot fit even in two lines of the smallest type (nothing is cut)', async () => {
    const { badges } = capability();
    const error = await failure(badges.handlers.previewBadge({ cardholderId: people.put({ ...PERSON, last_Name: 'Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaft' }) }));
    expect(error.code).toBe('rejected');
    expect(error.message).toContain('The last name "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaft" is too long for this card');
  });

  it('shows the cardholder type and tenants by their site names, the issue date and the session photo; a landscape template has its back', async () => {
    const { badges } = capability();
    badges.rememberPhoto(PERSON.id, JPEG, 'image/jpeg');
    const visitor: BadgeCardholder = { ...PERSON, card_Holder_Type_ID: 3 };
    const preview = await badges.handlers.previewBadge({ cardholderId: people.put(visitor) });
    expect(preview.templateId).toBe('visitor-landscape');
    expect(preview.sides.map((s) => [s.side, s.widthMm, s.heightMm])).toEqual([
      ['front', 85.6, 53.98],
      ['back', 85.6, 53.98],
    ]);
    const front = preview.sides[0]?.boxes ?? [];
    expect(textOf(front.find((b) => b.id === 'type')?.lines)).toBe('Visitor');
    expect(textOf(front.find((b) => b.id === 'tenant')?.lines)).toBe('Building (shared), Contoso');
    expect(textOf(front.find((b) => b.id === 'issued')?.lines)).toBe(`Issued ${new Date('2026-11-25T09:30:00.000Z').getFullYear()}-11-25`);
    expect(front.find((b) => b.id === 'photo')?.src).toBe(`data:image/jpeg;base64,${Buffer.from(JPEG).toString('base64')}`);
    expect(front.find((b) => b.id === 'header')?.fill).toBe('#a31f34');
    expect(preview.photo).toBe('session');
    expect(preview.needsPhoto).toBe(false);
  });

  it('a cardholder with no photo at hand needs one (taken again or chosen as a file) before printing', async () => {
    const { badges, port } = capability();
    const preview = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON) });
    expect(preview.needsPhoto).toBe(true);
    expect((await failure(badges.handlers.printBadge({ previewId: preview.previewId, destination: 'printer' }))).message).toContain('take a new photo or choose an image file');
    expect(port.printed).toHaveLength(0);
    const chosen = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON), photo: JPEG, photoType: 'image/jpeg' });
    expect([chosen.photo, chosen.needsPhoto]).toEqual(['file', false]);
  });
});

describe('badge printing', () => {
  it('prints on the configured printer, with the card size and one page per side, and logs it once accepted', async () => {
    const { badges, port } = capability();
    badges.rememberPhoto(PERSON.id, JPEG, 'image/jpeg');
    const preview = await badges.handlers.previewBadge({ cardholderId: people.put({ ...PERSON, card_Holder_Type_ID: 3 }) });
    const result = await badges.handlers.printBadge({ previewId: preview.previewId, destination: 'printer' });
    expect(port.printed).toHaveLength(1);
    expect(port.printed[0]?.deviceName).toBe('Card Printer');
    expect(port.printed[0]?.job).toMatchObject({ widthMm: 85.6, heightMm: 53.98, orientation: 'landscape', pages: 2 });
    expect(port.printed[0]?.job.html).toContain('@page{size:85.6mm 53.98mm;margin:0}');
    expect(result.entry).toEqual({ at: '2026-11-25T09:30:00.000Z', workstation: 'desk-1', cardholderId: 41, name: 'Dupont, Zoë', template: 'visitor-landscape', printer: 'Card Printer', outcome: 'printed', reason: '', detail: '', operator: null });
    expect(await badges.handlers.listBadgeLog(undefined)).toEqual([result.entry]);
  });

  it('a reprint asks why: refused without a reason, logged with it', async () => {
    const { badges, port } = capability();
    badges.rememberPhoto(PERSON.id, JPEG, 'image/jpeg');
    const first = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON) });
    await badges.handlers.printBadge({ previewId: first.previewId, destination: 'printer' });
    const again = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON) });
    expect(again.printedBefore).toBe(1);
    const refused = await failure(badges.handlers.printBadge({ previewId: again.previewId, destination: 'printer' }));
    expect([refused.code, refused.field, refused.message]).toEqual(['rejected', 'reason', 'A badge was already printed for this person: choose why it is printed again.']);
    expect((await failure(badges.handlers.printBadge({ previewId: again.previewId, destination: 'printer', reason: { kind: 'other', text: '' } }))).message).toBe('Say what the other reason is.');
    const reprint = await badges.handlers.printBadge({ previewId: again.previewId, destination: 'printer', reason: { kind: 'other', text: 'badge holder melted' } });
    expect(reprint.entry.reason).toBe('other: badge holder melted');
    const lost = await badges.handlers.printBadge({ previewId: again.previewId, destination: 'printer', reason: { kind: 'lost', text: '' } });
    expect(lost.entry.reason).toBe('lost');
    expect(port.printed).toHaveLength(3);
  });

  it('no printer configured: a clear message, Save as PDF still works, the failure is logged', async () => {
    const { badges, port } = capability({ printer: null });
    badges.rememberPhoto(PERSON.id, JPEG, 'image/jpeg');
    const preview = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON) });
    const error = await failure(badges.handlers.printBadge({ previewId: preview.previewId, destination: 'printer' }));
    expect([error.code, error.message]).toEqual(['config', 'No badge printer is set up on this workstation: an administrator sets badges.printer. You can save the badge as a PDF instead.']);
    expect(port.printed).toHaveLength(0);
    const saved = await badges.handlers.printBadge({ previewId: preview.previewId, destination: 'pdf', reason: { kind: 'damaged', text: '' } });
    expect(saved.path).toMatch(/badge-41-.*\.pdf$/);
    expect((await badges.handlers.listBadgeLog(undefined)).map((e) => [e.outcome, e.printer, e.detail.startsWith('no printer') || e.detail === saved.path])).toEqual([
      ['saved', 'PDF', true],
      ['failed', '(none)', true],
    ]);
  });

  it('a printer that is not installed: the message names it and lists those installed; nothing is printed', async () => {
    const { badges, port } = capability({ printer: 'Zebra ZC300', port: fakePort(['Office laser']) });
    badges.rememberPhoto(PERSON.id, JPEG, 'image/jpeg');
    const preview = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON) });
    const error = await failure(badges.handlers.printBadge({ previewId: preview.previewId, destination: 'printer' }));
    expect(error.message).toBe('The badge printer "Zebra ZC300" is not installed on this workstation. Installed: Office laser. Ask an administrator.');
    expect(port.printed).toHaveLength(0);
    expect((await badges.handlers.listBadgeLog(undefined))[0]).toMatchObject({ outcome: 'failed', printer: 'Zebra ZC300', detail: 'printer not installed' });
  });

  it('a job the printer refuses is not logged as printed, and a later print is not a reprint', async () => {
    const port = fakePort();
    port.refuse = 'Print job failed';
    const { badges } = capability({ port });
    badges.rememberPhoto(PERSON.id, JPEG, 'image/jpeg');
    const preview = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON) });
    const error = await failure(badges.handlers.printBadge({ previewId: preview.previewId, destination: 'printer' }));
    expect(error.message).toContain('The printer "Card Printer" did not take the badge (Print job failed)');
    expect((await badges.handlers.listBadgeLog(undefined))[0]).toMatchObject({ outcome: 'failed', detail: 'refused: Print job failed' });
    port.refuse = null;
    const next = await badges.handlers.previewBadge({ cardholderId: people.put(PERSON) });
    expect(next.printedBefore).toBe(0);
    expect((await badges.handlers.printBadge({ previewId: next.previewId, destination: 'printer' })).entry.outcome).toBe('printed');
  });
});

describe('badge photo cache (off by default)', () => {
  it('keeps an encrypted copy for a reprint after a restart, removes it after the retention, never the plain bytes', async () => {
    const { BadgePhotoCache } = await import('../../../electron/core/badges/photo-cache');
    const { existsSync, readdirSync, readFileSync } = await import('node:fs');
    const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-badge-cache-'));
    const key = Buffer.alloc(32, 7);
    let now = Date.parse('2026-11-25T09:00:00Z');
    const cache = new BadgePhotoCache(dataDir, key, 30 * 86_400_000, () => now);
    const database = KioskDatabase.memory();
    const photo = new Uint8Array(Buffer.from('JFIF-like photo bytes of Zoë Dupont'));
    const first = createBadgesCapability({ templatesDir: EXAMPLES, fontDir: FONTS, printerName: 'Card Printer', port: fakePort(), pickPdfFile: async () => null, site: () => SITE, dataDir, database, log: createLogger(memorySink().sink), workstation: 'desk-1', photoCache: cache, cardholder: people.read });
    first.rememberPhoto(PERSON.id, photo, 'image/jpeg');
    // Written in the background: waited for as it lands (no fixed sleep; issue 29 saw one fail under load).
    await vi.waitFor(() => expect(existsSync(cache.dir) ? readdirSync(cache.dir) : []).toEqual([`photo-${PERSON.id}.bin`]), { timeout: 10_000 });
    const files = readdirSync(cache.dir);
    expect(readFileSync(join(cache.dir, files[0] ?? '')).includes(Buffer.from('Zoë Dupont'))).toBe(false);
    // A restart: a new capability, nothing in memory; the cache has the photo.
    const second = createBadgesCapability({ templatesDir: EXAMPLES, fontDir: FONTS, printerName: 'Card Printer', port: fakePort(), pickPdfFile: async () => null, site: () => SITE, dataDir, database, log: createLogger(memorySink().sink), workstation: 'desk-1', photoCache: cache, cardholder: people.read });
    const preview = await second.handlers.previewBadge({ cardholderId: people.put(PERSON) });
    expect([preview.photo, preview.needsPhoto]).toEqual(['cache', false]);
    // Past the retention: gone.
    now += 31 * 86_400_000;
    expect(await cache.get(PERSON.id)).toBeNull();
    expect(readdirSync(cache.dir)).toEqual([]);
    // Another key cannot read it.
    now = Date.parse('2026-11-25T09:00:00Z');
    await cache.put(5, { bytes: photo, contentType: 'image/jpeg' });
    expect(await new BadgePhotoCache(dataDir, Buffer.alloc(32, 8), 30 * 86_400_000, () => now).get(5)).toBeNull();
  });
});

// Moved from kiosk-core.ts (its uploadCardholderPhoto handler): the badge capability keeps the
// photo just uploaded under the id it was sent for and, when the service gave the cardholder
// another one (a provisional record confirmed), under that one too.
describe('the photo just uploaded', () => {
  it('is on the badge under the id it was sent for and under the id the service gave', async () => {
    const { badges } = capability();
    const sent: number[] = [];
    const upload = badges.keepingUploadedPhotos(async (request) => {
      sent.push(request.id);
      return { record: person({ id: request.id < 0 ? 1003 : request.id, first_Name: 'Zoë', last_Name: 'Dupont' }), queued: null };
    });
    const written = await upload({ id: -3, photo: JPEG, contentType: 'image/jpeg', overriddenHints: [] });
    expect([sent, written.record.id]).toEqual([[-3], 1003]);
    for (const id of [-3, 1003]) expect((await badges.handlers.previewBadge({ cardholderId: people.put({ ...PERSON, id }) })).photo, String(id)).toBe('session');
    expect((await badges.handlers.previewBadge({ cardholderId: people.put({ ...PERSON, id: 1004 }) })).photo).not.toBe('session');
  });

  it('a refused upload keeps nothing', async () => {
    const { badges } = capability();
    const upload = badges.keepingUploadedPhotos(async () => {
      throw new Error('refused');
    });
    await expect(upload({ id: PERSON.id, photo: JPEG, contentType: 'image/jpeg', overriddenHints: [] })).rejects.toThrow('refused');
    expect((await badges.handlers.previewBadge({ cardholderId: people.put(PERSON) })).photo).not.toBe('session');
  });
});
