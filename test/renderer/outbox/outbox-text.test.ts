/** The outbox's words: what an item is, where it stands, its age, and the status bar's line. */
import { describe, expect, it } from 'vitest';
import { ageText, kindText, stateText, statusText, waitsForEarlier } from '../../../renderer/src/outbox/outbox-text';
import { makeOutboxItem, outboxWith } from '../support/fake-kiosk';

const NOW = new Date('2026-11-21T10:30:00.000Z');

describe('outbox text', () => {
  it('names the kind of each item, with the fields of a change and the size of a photo', () => {
    expect(kindText(makeOutboxItem('a'))).toBe('New cardholder');
    expect(kindText(makeOutboxItem('b', { kind: 'update', fields: { phone: '+33', email: 'a@b.c' } }))).toBe('Change of phone, e-mail');
    expect(kindText(makeOutboxItem('c', { kind: 'update', fields: {} }))).toBe('Change');
    expect(kindText(makeOutboxItem('d', { kind: 'photo', photoBytes: 120 * 1024 }))).toBe('ID photo (120 KB)');
    expect(kindText(makeOutboxItem('e', { kind: 'photo', photoBytes: 10 }))).toBe('ID photo (1 KB)');
  });

  it('says the age in words', () => {
    expect(ageText('2026-11-21T10:29:30.000Z', NOW.getTime())).toBe('just now');
    expect(ageText('2026-11-21T10:25:00.000Z', NOW.getTime())).toBe('5 min ago');
    expect(ageText('2026-11-21T08:30:00.000Z', NOW.getTime())).toBe('2 h ago');
    expect(ageText('2026-11-21T08:25:00.000Z', NOW.getTime())).toBe('2 h 5 min ago');
    expect(ageText('2026-11-18T10:30:00.000Z', NOW.getTime())).toBe('3 days ago');
    expect(ageText('not a date', NOW.getTime())).toBe('just now');
  });

  it('says where an item stands: refused, sending, paused, behind another, waiting for a retry', () => {
    const create = makeOutboxItem('a', { nextAttemptAt: '2026-11-21T10:31:00.000Z', attempts: 3 });
    const photo = makeOutboxItem('b', { kind: 'photo' });
    const other = makeOutboxItem('c', { kind: 'update', cardholderId: 7 });
    const behindUpdate = makeOutboxItem('d', { kind: 'photo', cardholderId: 7 });
    const all = [create, photo, other, behindUpdate];
    expect(stateText(create, all, false, NOW)).toMatch(/^Waiting for the service — next try at .+ \(3 tries so far\)\.$/);
    expect(waitsForEarlier(photo, all)).toBe(true);
    expect(stateText(photo, all, false, NOW)).toBe('Waiting for the new cardholder to be created first.');
    expect(stateText(behindUpdate, all, false, NOW)).toBe('Waiting for the item before it.');
    expect(stateText(other, all, false, NOW)).toBe('Waiting to be sent.');
    expect(stateText(other, all, false, NOW, true)).toBe('Waiting for the service to answer.');
    expect(stateText(other, all, true, NOW)).toBe('Waiting: sending is paused.');
    expect(stateText({ ...other, state: 'sending' }, all, false, NOW)).toBe('Sending…');
    expect(stateText({ ...other, state: 'failed', lastError: { code: 'rejected', message: 'Employee ID taken.' } }, all, false, NOW)).toBe('Needs attention: Employee ID taken.');
  });

  it('always has a status line: all sent, counts, paused, damaged', () => {
    expect(statusText(outboxWith([]))).toMatchObject({ text: 'Outbox: all sent', short: 'Outbox: 0', tone: 'idle' });
    const two = outboxWith([makeOutboxItem('a'), makeOutboxItem('b', { state: 'failed' })]);
    expect(statusText(two)).toMatchObject({ text: 'Outbox: 1 to send · 1 needs attention', short: 'Outbox: 1 · 1 to fix', tone: 'attention' });
    expect(statusText(two).label).toBe('Outbox of enrolments: 1 enrolment waiting to be sent, 1 enrolment needing attention. Open the outbox.');
    expect(statusText(outboxWith([makeOutboxItem('a')]))).toMatchObject({ tone: 'pending', text: 'Outbox: 1 to send' });
    const paused = outboxWith([makeOutboxItem('a')], { paused: { at: NOW.toISOString(), error: { code: 'unauthorized', message: 'No.' } } });
    expect(statusText(paused)).toMatchObject({ text: 'Outbox: 1 to send · paused', tone: 'attention' });
    expect(statusText(outboxWith([], { damage: { keptAt: '/x', unreadable: 1, reason: 'r' } })).text).toBe('Outbox: damaged');
    expect(statusText(null).text).toBe('Outbox: …');
  });
});
