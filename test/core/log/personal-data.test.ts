// The logger's personal-data redaction: by pattern (e-mails, phones, image bytes) and by the
// values the gateway registered from requests; ordinary log lines stay readable.
import { describe, expect, it } from 'vitest';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { PERSONAL_VALUES_KEPT, PersonalValues, personalValuesOf } from '../../../electron/core/log/personal-data';

function logged(lines: string[], register: string[] = []): string[] {
  const memory = memorySink();
  const log = createLogger(memory.sink);
  for (const value of register) log.redactPersonal(value);
  for (const line of lines) log.info('t', line);
  return memory.lines.map((l) => l.replace(/^info \[t\] /, ''));
}

describe('personal data in log lines', () => {
  it('e-mail addresses, phone numbers and image bytes are redacted by pattern', () => {
    const jpeg = Buffer.alloc(300, 7).toString('base64');
    const [a, b, c, d, e] = logged([
      'refused: marie.dupont@example.org is taken',
      'GET /api/x?email=marie.dupont%40example.org',
      'phone +33 6 12 34 56 78 and (555) 123-4567 and +4915112345678',
      `photo ${jpeg} and data:image/jpeg;base64,/9j/4AAQSkZJRg==`,
      '<Buffer ff d8 ff e0 00 10 4a 46 ... 9000 more bytes>',
    ]);
    expect(a).toBe('refused: [email] is taken');
    expect(b).toBe('GET /api/x?email=[email]');
    expect(c).toBe('phone [phone] and [phone] and [phone]');
    expect(d).toBe('photo [bytes] and [image bytes]');
    expect(e).toBe('[bytes]');
  });

  it('registered values are redacted wherever they appear, ignoring case, also percent-encoded', () => {
    const [a, b, c] = logged(['created Dupont, Marie-Hélène', 'GET /api/SystemEvents?searchstring=Marie-H%C3%A9l%C3%A8ne', 'employee 4711-K2 DUPONT'], ['Marie-Hélène', 'Dupont', '4711-K2']);
    expect(a).toBe('created [personal], [personal]');
    expect(b).toBe('GET /api/SystemEvents?searchstring=[personal]');
    expect(c).toBe('employee [personal] [personal]');
  });

  it('ordinary lines stay as they were: times, dates, counts, addresses, ids', () => {
    const lines = [
      'loaded the saved directory: 200 cardholders from 2026-11-23T10:00:00.000Z',
      'demo mode: embedded simulator at http://127.0.0.1:43123',
      'GET /api/SystemEvents/maxid → 200 in 12 ms',
      'synced 500000 cardholders (+12 ~3 -0) at 10.20.30.40',
      'uploaded the photo of cardholder 1234567 (2097152 bytes)',
      'photo for cardholder 5 not sent (unreachable); next try in 30 s',
    ];
    // Too short, or only part of a word (a search typed letter by letter): the line stays.
    expect(logged(lines, ['Li', 'Ng', 'ser', 'sav', 'embed'])).toEqual(lines);
  });

  it('a number someone searched for or enrolled is redacted as a value, not wherever the number appears as a measure or a count', () => {
    // Registered the way the gateway does: a lookup for "1500", a ZIP code, an employee ID of digits.
    const register = ['1500', '2', '3', '75011', '4711', '250'];
    const [a, b, c, d, e, f, g, h] = logged(
      [
        'GET /api/CardHolders failed (timeout); attempt 2 of 3 in 1500 ms',
        'GET /api/CardHolders?searchstring=1500 → 200 in 250 ms',
        'Cannot create Marie Dupont, 75011 Paris: employee ID 4711 is reserved',
        'PUT /api/CardHolders/update {"employee_ID":"4711","zip":"75011"}',
        'next try in 1500 s; 250 cardholders; 4711 bytes; 1500% of 250 MiB',
        'port 1500 refused; status 250; attempt 4711',
        'employee 4711',
        'searched 1500ms-late',
      ],
      register,
    );
    expect(a).toBe('GET /api/CardHolders failed (timeout); attempt 2 of 3 in 1500 ms');
    expect(b).toBe('GET /api/CardHolders?searchstring=[personal] → 200 in 250 ms');
    expect(c).toBe('Cannot create Marie Dupont, [personal] Paris: employee ID [personal] is reserved');
    expect(d).toBe('PUT /api/CardHolders/update {"employee_ID":"[personal]","zip":"[personal]"}');
    expect(e).toBe('next try in 1500 s; 250 cardholders; 4711 bytes; 1500% of 250 MiB');
    expect(f).toBe('port 1500 refused; status 250; attempt 4711');
    expect(g).toBe('employee [personal]');
    // Not a word boundary: the number is part of a longer token, as before.
    expect(h).toBe('searched 1500ms-late');
  });

  it('real personal values are still redacted next to numbers that are not', () => {
    const [a] = logged(['created Dupont, Marie (employee 4711-K2, phone 0612345678) in 1500 ms'], ['Dupont', 'Marie', '4711-K2', '06 12 34 56 78', '1500']);
    expect(a).toBe('created [personal], [personal] (employee [personal], phone [personal]) in 1500 ms');
  });

  it('a value registered between two lines is redacted in the second; the most recent values are kept, the oldest let go', () => {
    const values = new PersonalValues();
    values.add('Dupont');
    expect(values.scrub('created Dupont, Marie')).toBe('created [personal], Marie');
    values.add('Marie');
    expect(values.scrub('created Dupont, Marie')).toBe('created [personal], [personal]');
    // Longest first at one place: a name and one of its words.
    values.add('Marie Dupont');
    expect(values.scrub('found Marie Dupont and MARIE')).toBe('found [personal] and [personal]');
    // 'Dupont' (and its forms) is the oldest: once as many values came after it, it is no longer kept; a value of the same length stays.
    for (let i = 0; values.scrub('Dupont') !== 'Dupont'; i++) {
      expect(i).toBeLessThanOrEqual(PERSONAL_VALUES_KEPT);
      values.add(`Name${String(i).padStart(6, '0')}`);
    }
    values.add('Durand');
    expect(values.scrub('Dupont and Durand')).toBe('Dupont and [personal]');
  });

  it('finds the personal fields of a request at any depth, and the words of a name', () => {
    expect(personalValuesOf({ itemId: 'x', create: { first_Name: 'Anne Sophie', last_Name: 'Roy', tenant: [0], sex: 'f' } }).sort()).toEqual(['Anne', 'Anne Sophie', 'Roy', 'Sophie'].sort());
    expect(personalValuesOf({ id: 3, photo: new Uint8Array(4), contentType: 'image/jpeg' })).toEqual([]);
  });

  it('takes a reprint reason’s free text as personal, and a "text" elsewhere (an event’s words) not', () => {
    expect(personalValuesOf({ previewId: 'p-1', destination: 'printer', reason: { kind: 'other', text: 'Lost near Jardin Dupuis' } })).toEqual(expect.arrayContaining(['Lost near Jardin Dupuis', 'Dupuis']));
    expect(personalValuesOf({ text: 'Door forced open' })).toEqual([]);
  });
});
