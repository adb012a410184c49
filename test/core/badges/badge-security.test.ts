/**
 * What the third security audit (issue 32) found in badges, held: who is on a badge is main's
 * word — the request names the cardholder's id only (a made-up name, employee ID, type or tenant
 * is refused by the contract), main reads the person from its directory (a provisional one from
 * the outbox, with the queued changes), and the reprint rule counts that person's earlier prints
 * whatever id they are asked by; a photo file is checked as an upload is; few previews are kept;
 * a page that does not lay out in time is a clear, typed refusal.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operations, type BadgeCardholder } from '../../../electron/contract/ipc';
import { badgePersonReader } from '../../../electron/core/badges/badge-person';
import { BadgeRenderTimeout, withRenderDeadline } from '../../../electron/core/badges/badge-printer-port';
import { person } from '../../support/cardholders';
import { JPEG, PERSON, badgeDirectory, fakePort, type FakePort, badgesWith, failure } from './support';

const OTHER: BadgeCardholder = { id: 42, first_Name: 'Ada', middle_Name: '', last_Name: 'Lovelace', displayName: '', employee_ID: '5550042', card_Holder_Type_ID: 1, tenant: [0] };

function capability(options: { port?: FakePort; people?: BadgeCardholder[]; sameCardholder?: (id: number) => number[]; photoMaxBytes?: number } = {}) {
  const people = badgeDirectory(...(options.people ?? [PERSON, OTHER]));
  const { badges, port } = badgesWith({
    ...(options.port ? { port: options.port } : {}),
    cardholder: people.read,
    ...(options.sameCardholder ? { sameCardholder: options.sameCardholder } : {}),
    ...(options.photoMaxBytes ? { photoMaxBytes: options.photoMaxBytes } : {}),
  });
  for (const p of options.people ?? [PERSON, OTHER]) badges.rememberPhoto(p.id, JPEG, 'image/jpeg');
  return { badges, port, people };
}


const linesOf = (preview: { sides: Array<{ boxes: Array<{ id: string; lines?: string[] }> }> }, id: string): string => (preview.sides[0]?.boxes.find((b) => b.id === id)?.lines ?? []).join(' ');

/** A JPEG header of the given pixel size (the check reads the frame header; nothing is decoded). */
const jpegOfSize = (width: number, height: number, padTo = 0): Uint8Array => {
  const head = [0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  const bytes = new Uint8Array(Math.max(padTo, head.length + 2));
  bytes.set(head);
  bytes.set([0xff, 0xd9], bytes.length - 2);
  return bytes;
};

describe('who is on a badge is main’s word (issue 32, Medium 2)', () => {
  it('the request schema refuses names, an employee ID, a type or tenants sent by the renderer: only the id, template, photo and locale', () => {
    const schema = operations.previewBadge.request;
    const madeUp = { id: PERSON.id, first_Name: 'Mallory', middle_Name: '', last_Name: 'Intruder', displayName: '', employee_ID: 'FAKE-0001', card_Holder_Type_ID: 1, tenant: [0] };
    expect(schema.safeParse({ cardholder: madeUp }).success).toBe(false);
    for (const extra of [{ first_Name: 'Mallory' }, { last_Name: 'Intruder' }, { employee_ID: 'FAKE-0001' }, { card_Holder_Type_ID: 3 }, { tenant: [2] }, { displayName: 'Mallory' }]) {
      expect(schema.safeParse({ cardholderId: PERSON.id, ...extra }).success, JSON.stringify(extra)).toBe(false);
    }
    expect(schema.safeParse({ cardholderId: PERSON.id, templateId: 'employee-portrait', locale: 'de' }).success).toBe(true);
    expect(schema.safeParse({ cardholderId: -3 }).success).toBe(true);
  });

  it('the card shows the person main holds under that id, and its page names nobody else', async () => {
    const { badges, port } = capability();
    const preview = await badges.handlers.previewBadge({ cardholderId: OTHER.id });
    expect(linesOf(preview, 'last-name')).toBe('Lovelace');
    const printed = await badges.handlers.printBadge({ previewId: preview.previewId, destination: 'printer' });
    expect([printed.entry.cardholderId, printed.entry.name]).toEqual([42, 'Lovelace, Ada']);
    const html = port.printed[0]?.job.html ?? '';
    expect(html).toContain('Lovelace');
    expect(html).toContain('5550042');
    expect(html).not.toContain('Dupont');
  });

  it('an id main does not know is refused: no badge for a person it cannot read', async () => {
    const { badges, port } = capability();
    const error = await failure(badges.handlers.previewBadge({ cardholderId: 999 }));
    expect([error.code, error.key]).toEqual(['not_found', 'errors.badgeCardholderUnknown']);
    expect(port.printed).toHaveLength(0);
  });

  it('the reprint rule holds on the person: printed offline under a provisional id, asked again by the id the service gave', async () => {
    const offline: BadgeCardholder = { ...PERSON, id: -3 };
    const confirmed: BadgeCardholder = { ...PERSON, id: 1003 };
    const { badges } = capability({ people: [offline, confirmed], sameCardholder: (id) => (id === -3 || id === 1003 ? [-3, 1003] : [id]) });
    const first = await badges.handlers.previewBadge({ cardholderId: -3 });
    await badges.handlers.printBadge({ previewId: first.previewId, destination: 'printer' });
    const again = await badges.handlers.previewBadge({ cardholderId: 1003 });
    expect(again.printedBefore).toBe(1);
    const refused = await failure(badges.handlers.printBadge({ previewId: again.previewId, destination: 'printer' }));
    expect([refused.code, refused.key, refused.field]).toEqual(['rejected', 'errors.badgeReprintReason', 'reason']);
  });

  it('a changed id cannot carry a printed person onto a "first" print: the card is the person of that id, or nothing', async () => {
    const { badges, port } = capability();
    const first = await badges.handlers.previewBadge({ cardholderId: PERSON.id });
    await badges.handlers.printBadge({ previewId: first.previewId, destination: 'printer' });
    // Dupont again without a reason: refused.
    const again = await badges.handlers.previewBadge({ cardholderId: PERSON.id });
    expect((await failure(badges.handlers.printBadge({ previewId: again.previewId, destination: 'printer' }))).key).toBe('errors.badgeReprintReason');
    // Another id is another person's card (Lovelace's), never Dupont's under a fresh count.
    const other = await badges.handlers.previewBadge({ cardholderId: OTHER.id });
    expect(other.printedBefore).toBe(0);
    await badges.handlers.printBadge({ previewId: other.previewId, destination: 'printer' });
    expect(port.printed.map((p) => p.job.title)).toEqual(['Badge – Dupont, Zoë', 'Badge – Lovelace, Ada']);
  });

  it('the reader follows a confirmed provisional id and shows the changes still waiting in the outbox', async () => {
    const held = person({ id: 1003, first_Name: 'Zoë', last_Name: 'Dupont', employee_ID: '9123456', card_Holder_Type_ID: 1, tenant: [0] });
    const read = badgePersonReader({
      resolveId: (id) => (id === -3 ? 1003 : id),
      get: async (id) => (id === 1003 ? held : null),
      queued: (id) => (id === 1003 ? [{ kind: 'update', fields: { last_Name: 'Dupont-Martin' } }] : []),
    });
    expect(await read(-3)).toEqual({ id: 1003, first_Name: 'Zoë', middle_Name: held.middle_Name, last_Name: 'Dupont-Martin', displayName: held.displayName, employee_ID: '9123456', card_Holder_Type_ID: 1, tenant: [0] });
    expect(await read(7)).toBeNull();
  });
});

describe('a photo file for a badge is checked, and few previews are kept (issue 32, Low)', () => {
  it('bytes that are not the image they claim, too many bytes or too many pixels are refused with the upload’s words', async () => {
    const { badges } = capability({ photoMaxBytes: 64 * 1024 });
    const noise = new Uint8Array(200_000).fill(0x41);
    const notJpeg = await failure(badges.handlers.previewBadge({ cardholderId: PERSON.id, photo: noise, photoType: 'image/jpeg' }));
    expect([notJpeg.code, notJpeg.key, notJpeg.field]).toEqual(['invalid_request', 'errors.photoNotKind', 'photo']);
    const heavy = await failure(badges.handlers.previewBadge({ cardholderId: PERSON.id, photo: jpegOfSize(600, 800, 100_000), photoType: 'image/jpeg' }));
    expect(heavy.key).toBe('errors.photoTooLarge');
    const huge = await failure(badges.handlers.previewBadge({ cardholderId: PERSON.id, photo: jpegOfSize(20_000, 20_000), photoType: 'image/jpeg' }));
    expect([huge.key, huge.message]).toEqual(['errors.badgePhotoTooManyPixels', 'The image is 20000×20000 pixels; a badge photo can be at most 4096 pixels on a side. Choose a smaller image.']);
    const headless = await failure(badges.handlers.previewBadge({ cardholderId: PERSON.id, photo: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), photoType: 'image/jpeg' }));
    expect(headless.key).toBe('errors.photoIncomplete');
    const fine = await badges.handlers.previewBadge({ cardholderId: PERSON.id, photo: jpegOfSize(600, 800), photoType: 'image/jpeg' });
    expect(fine.photo).toBe('file');
  });

  it('22 previews with a photo keep only the last three; an old one is gone for Print, the newest prints', async () => {
    const { badges } = capability({ photoMaxBytes: 3 * 1024 * 1024 });
    const photo = jpegOfSize(600, 800, 2 * 1024 * 1024);
    const shown: string[] = [];
    for (let i = 0; i < 22; i += 1) shown.push((await badges.handlers.previewBadge({ cardholderId: OTHER.id, photo, photoType: 'image/jpeg' })).previewId);
    const kept = badges.previewsKept();
    expect(kept.count).toBe(3);
    expect(kept.bytes).toBeLessThanOrEqual(48 * 1024 * 1024);
    expect((await failure(badges.handlers.printBadge({ previewId: shown[0] ?? '', destination: 'printer' }))).key).toBe('errors.badgePreviewGone');
    expect((await badges.handlers.printBadge({ previewId: shown[21] ?? '', destination: 'printer' })).entry.outcome).toBe('printed');
  });
});

describe('a badge page that does not lay out in time (issue 32, Low)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the edge’s deadline gives up on the page, closes it, and says so as a typed error', async () => {
    vi.useFakeTimers();
    const abandon = vi.fn();
    const never = new Promise<void>(() => undefined);
    const bounded = withRenderDeadline(never, 20_000, abandon);
    const outcome = bounded.catch((thrown: unknown) => thrown);
    await vi.advanceTimersByTimeAsync(20_000);
    const thrown = await outcome;
    expect(thrown).toBeInstanceOf(BadgeRenderTimeout);
    expect(abandon).toHaveBeenCalledTimes(1);
    // Work done in time resolves as it is, and nothing is abandoned.
    const quick = vi.fn();
    await expect(withRenderDeadline(Promise.resolve('pdf'), 20_000, quick)).resolves.toBe('pdf');
    expect(quick).not.toHaveBeenCalled();
  });

  it('a print the edge gave up on is refused with the clear words (not "the printer refused"), logged as failed', async () => {
    const port = fakePort();
    port.print = async () => {
      throw new BadgeRenderTimeout(20_000);
    };
    const { badges } = capability({ port });
    const preview = await badges.handlers.previewBadge({ cardholderId: PERSON.id });
    const error = await failure(badges.handlers.printBadge({ previewId: preview.previewId, destination: 'printer' }));
    expect([error.code, error.key, error.message]).toEqual(['timeout', 'errors.badgeRenderTimeout', 'The badge page took longer than 20 s to lay out, so nothing was printed. Ask an administrator to check the badge template ("--admin check").']);
    expect((await badges.handlers.listBadgeLog(undefined))[0]).toMatchObject({ outcome: 'failed', detail: 'the badge page did not load and print within 20000 ms' });
  });
});
