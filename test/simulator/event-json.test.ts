// The public JSON of one event (event-json.ts): the hand-written spec record against
// JSON.stringify for any text and time, and each malformed kind byte for byte, with what the JSON
// shows as category and text.

import { describe, expect, it } from 'vitest';
import { categoryAsServed, eventJson, textAsServed, toSystemEventRecord } from '../../electron/simulator/event-json';
import type { EventAttributes } from '../../electron/simulator/events';
import { SeededRandom } from '../../electron/simulator/seeded-random';

const BASE: EventAttributes = {
  createdMs: Date.UTC(2026, 10, 28, 22, 10, 5, 123),
  categoryId: 3,
  typeId: 302,
  subcodeCategoryId: 3,
  subcodeId: 32,
  deviceId: 206,
  deviceType: 3,
  tenant: 1,
  isAlarm: true,
  categoryName: 'Door Alarm',
  deviceName: 'Level 2 North Wing',
  customText: 'HELD OPEN',
};

const SPEC_JSON =
  '{"record_ID":1234,"created":"2026-11-28T22:10:05.123Z","event_Category_Name":"Door Alarm","device_Name":"Level 2 North Wing",' +
  '"custom_Text":"HELD OPEN","origin_Name":null,"additional_Info":null,"cardnumber":null,"facility_Code":null}';

const TRICKY = ['"', '\\', '\n', '\u0000', '\u001f', '\u2028', '\ud800', '\udfff', '😀', 'é', 'Café Rear Door', '</script>', ' ', 'O\'Brien'];

function randomText(rng: SeededRandom): string {
  let text = '';
  for (let length = rng.int(0, 12); length > 0; length--) text += rng.chance(0.3) ? rng.pick(TRICKY) : String.fromCharCode(rng.int(32, 0x2fff));
  return text;
}

describe('eventJson of an ordinary event', () => {
  it('is exactly the spec record', () => {
    expect(eventJson(BASE, 1234).toString('utf8')).toBe(SPEC_JSON);
  });

  it('is byte for byte JSON.stringify of the record, for any text, name and time (more names than its cache holds)', () => {
    const rng = new SeededRandom(5);
    for (let index = 0; index < 5000; index++) {
      const event: EventAttributes = {
        ...BASE,
        createdMs: index % 7 === 0 ? BASE.createdMs : Math.floor(rng.next() * 4e12) - 1e12,
        categoryName: randomText(rng),
        deviceName: randomText(rng),
        customText: randomText(rng),
      };
      const id = rng.int(1, 2147483647);
      expect(eventJson(event, id).equals(Buffer.from(JSON.stringify(toSystemEventRecord({ ...event, id }))))).toBe(true);
    }
  });
});

describe('eventJson of a malformed event', () => {
  it.each([
    ['null-text', SPEC_JSON.replace('"HELD OPEN"', 'null')],
    ['no-zone', SPEC_JSON.replace('"2026-11-28T22:10:05.123Z"', '"2026-11-28T22:10:05.123234"')],
    ['string-id', SPEC_JSON.replace('1234', '"1234"')],
    ['no-id', SPEC_JSON.replace('"record_ID":1234,', '')],
    ['not-an-object', '"garbage"'],
  ] as const)('%s is exactly what a faulty service would send', (kind, expected) => {
    expect(eventJson({ ...BASE, malformed: { kind } }, 1234).toString('utf8')).toBe(expected);
  });

  it('no-zone takes its extra digits from the id, zero-padded', () => {
    expect(JSON.parse(eventJson({ ...BASE, malformed: { kind: 'no-zone' } }, 7).toString()).created).toBe('2026-11-28T22:10:05.123007');
  });

  it('pads an oversize event to exactly the length asked for, from none to megabytes, whatever its text', () => {
    const minimum = Buffer.byteLength(SPEC_JSON);
    expect(eventJson({ ...BASE, malformed: { kind: 'oversize', bytes: minimum } }, 1234).toString()).toBe(SPEC_JSON);
    expect(eventJson({ ...BASE, malformed: { kind: 'oversize', bytes: minimum + 1 } }, 1234).toString()).toBe(SPEC_JSON.replace('"HELD OPEN"', '"HELD OPEN "'));
    expect(eventJson({ ...BASE, malformed: { kind: 'oversize', bytes: minimum + 4 } }, 1234).toString()).toBe(SPEC_JSON.replace('"HELD OPEN"', '"HELD OPEN xxx"'));
    const tricky = { ...BASE, customText: 'Zoë "quoted" \\ 😀' };
    const trickyMinimum = Buffer.byteLength(JSON.stringify(toSystemEventRecord({ ...tricky, id: 1234 })));
    for (const bytes of [trickyMinimum, trickyMinimum + 1, trickyMinimum + 2, 4096, 1024 * 1024 + 1, 9 * 1024 * 1024]) {
      const json = eventJson({ ...tricky, malformed: { kind: 'oversize', bytes } }, 1234);
      expect(json.length).toBe(bytes);
      expect((JSON.parse(json.toString()) as { custom_Text: string }).custom_Text).toBe(bytes === trickyMinimum ? tricky.customText : `${tricky.customText} ${'x'.repeat(bytes - trickyMinimum - 1)}`);
    }
  });

  it('refuses an oversize length shorter than the event, with the least it can be', () => {
    const minimum = Buffer.byteLength(SPEC_JSON);
    expect(() => eventJson({ ...BASE, malformed: { kind: 'oversize', bytes: minimum - 1 } }, 1234)).toThrow(new RangeError(`bytes must be at least ${minimum} for this event (the length of its JSON without padding).`));
  });

  it('shows its category and text as served: null when null or absent, an oversize one before its padding', () => {
    const shown = (kind?: 'null-text' | 'not-an-object' | 'oversize' | 'no-id') => {
      const event = { ...BASE, ...(kind === undefined ? {} : { malformed: { kind } }) };
      return [categoryAsServed(event), textAsServed(event)];
    };
    expect(shown()).toEqual(['Door Alarm', 'HELD OPEN']);
    expect(shown('null-text')).toEqual(['Door Alarm', null]);
    expect(shown('not-an-object')).toEqual([null, null]);
    expect(shown('oversize')).toEqual(['Door Alarm', 'HELD OPEN']);
    expect(shown('no-id')).toEqual(['Door Alarm', 'HELD OPEN']);
  });
});
