// Deterministic seed cardholders: the same seed and count give the same records, byte for byte,
// on every machine (timestamps are anchored to a fixed date, not to the clock). Produced as JSON
// chunks straight away so 500,000 of them never exist as objects all at once.

import { CARD_HOLDER_LETTER_IDS } from './catalogue';
import { CARDHOLDER_CHUNK_SIZE, buildCardholder, formatOffsetTimestamp } from './cardholders';
import type { CardHolderRecord } from './records';
import { CITIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, MIDDLE_NAMES, asciiFold } from './seed-names';
import { SeededRandom } from './seeded-random';

/** Seeded records were created within the five years before this instant. */
const SEED_ANCHOR_MS = Date.UTC(2026, 0, 1);
const FIVE_YEARS_MS = 5 * 365 * 24 * 3600 * 1000;

const ADDRESS2_CHOICES: readonly string[] = ['Apt 4B', 'Bâtiment C', '2nd floor', 'c/o Reception', 'Suite 210'];
const TYPE_WEIGHTS: readonly (readonly [number, number])[] = [[1, 70], [2, 15], [3, 10], [4, 5]];
const TENANT_CHOICES: readonly (readonly [number[], number])[] = [
  [[0], 30], [[0, 1], 25], [[0, 2], 20], [[0, 3], 15], [[0, 1, 2], 7], [[0, 2, 3], 3],
];

/** `count` random decimal digits. */
function digits(rng: SeededRandom, count: number): string {
  return count <= 0 ? '' : String(rng.int(0, 10 ** count - 1)).padStart(count, '0');
}

/** The seed cardholders one by one (ids 1…count). */
export function* cardholderSeed(count: number, seed: number): Generator<CardHolderRecord> {
  const rng = new SeededRandom(seed);
  const folded = new Map<string, string>();
  const fold = (text: string): string => {
    let value = folded.get(text);
    if (value === undefined) {
      value = asciiFold(text);
      folded.set(text, value);
    }
    return value;
  };
  for (let index = 0; index < count; index++) {
    const id = index + 1;
    const first = rng.pick(FIRST_NAMES);
    const lastName = rng.pickSkewed(LAST_NAMES);
    const place = rng.pick(CITIES);
    const hasAddress = place.city !== '';
    const createdMs = SEED_ANCHOR_MS - Math.floor(rng.next() * FIVE_YEARS_MS);
    const updatedMs = rng.chance(0.4) ? createdMs + Math.floor(rng.next() * (SEED_ANCHOR_MS - createdMs)) : createdMs;
    const employeeId = String(100000 + id);
    const tenant = rng.pickWeighted(TENANT_CHOICES);
    yield buildCardholder({
      id,
      first_Name: first.name,
      last_Name: lastName,
      middle_Name: rng.chance(0.12) ? rng.pick(MIDDLE_NAMES) : '',
      card_Holder_Letter_ID: rng.pick(CARD_HOLDER_LETTER_IDS),
      employee_ID: employeeId,
      displayEmployeeId: employeeId,
      email: rng.chance(0.85) ? `${fold(first.name)}.${fold(lastName)}@${rng.pick(EMAIL_DOMAINS)}` : '',
      sex: first.sex,
      phone: hasAddress && rng.chance(0.7) ? `${place.phonePrefix}${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)}` : '',
      address1: hasAddress ? `${rng.int(1, 199)} ${rng.pick(place.streets)}` : '',
      address2: hasAddress && rng.chance(0.1) ? rng.pick(ADDRESS2_CHOICES) : '',
      city: place.city,
      state: place.state,
      zip: hasAddress ? place.zipPrefix + digits(rng, Math.max(0, 5 - place.zipPrefix.length)) : '',
      birthday: null,
      created: formatOffsetTimestamp(createdMs),
      updated: formatOffsetTimestamp(updatedMs),
      tenant: [...tenant],
      photo_Exists: false,
      card_Holder_Type_ID: rng.pickWeighted(TYPE_WEIGHTS),
      card_Holder_ID: null,
    });
  }
}

export function seedCardholders(count: number, seed: number): CardHolderRecord[] {
  return [...cardholderSeed(count, seed)];
}

/** The seed as the directory holds it: the JSON of each chunk, without keeping the objects. */
export function seedCardholderChunks(count: number, seed: number): Buffer[] {
  const chunks: Buffer[] = [];
  let batch: CardHolderRecord[] = [];
  for (const record of cardholderSeed(count, seed)) {
    batch.push(record);
    if (batch.length === CARDHOLDER_CHUNK_SIZE) {
      chunks.push(Buffer.from(JSON.stringify(batch)));
      batch = [];
    }
  }
  if (batch.length > 0) chunks.push(Buffer.from(JSON.stringify(batch)));
  return chunks;
}
