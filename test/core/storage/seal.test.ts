import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, markOf, seal, SealError, sealJson, unseal, unsealJson } from '../../../electron/core/storage/seal';

const key = randomBytes(32);

describe('the seal of personal data at rest', () => {
  it('opens what it sealed for the same record, and nothing in the sealed bytes shows the text', () => {
    const sealed = seal(key, { kind: 'alarm', key: 17 }, 'Anna Müller forced the door');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed.toString('latin1')).not.toContain('Anna');
    expect(unseal(key, { kind: 'alarm', key: 17 }, sealed).toString('utf8')).toBe('Anna Müller forced the door');
  });

  it('binds the kind of record and its key: a value moved to another record, or read as another kind, does not open', () => {
    const sealed = sealJson(key, { kind: 'alarm', key: 17 }, { note: 'called 4410' });
    expect(() => unseal(key, { kind: 'alarm', key: 18 }, sealed)).toThrow(SealError);
    expect(() => unseal(key, { kind: 'acknowledgement', key: 17 }, sealed)).toThrow(SealError);
    expect(() => unseal(randomBytes(32), { kind: 'alarm', key: 17 }, sealed)).toThrow(/does not open/);
    expect(unsealJson(key, { kind: 'alarm', key: 17 }, sealed)).toEqual({ note: 'called 4410' });
  });

  it('keeps values in clear without a key, reads a clear value once a key exists, and says when a sealed one has no key', () => {
    const clear = sealJson(null, { kind: 'alarm', key: 1 }, { a: 1 });
    expect(isSealed(clear)).toBe(false);
    expect(clear.toString('utf8')).toBe('{"a":1}');
    expect(unsealJson(key, { kind: 'alarm', key: 1 }, clear)).toEqual({ a: 1 });
    const sealed = sealJson(key, { kind: 'alarm', key: 1 }, { a: 1 });
    expect(() => unseal(null, { kind: 'alarm', key: 1 }, sealed)).toThrow(/no data key/);
    const cut = sealed.subarray(0, 10);
    expect(() => unseal(key, { kind: 'alarm', key: 1 }, cut)).toThrow(/damaged/);
  });

  it('marks content so it can be compared without keeping it: the same text the same mark, keyed where there is a key', () => {
    expect(markOf(key, 'x')).toBe(markOf(key, 'x'));
    expect(markOf(key, 'x')).not.toBe(markOf(key, 'y'));
    expect(markOf(key, 'x')).not.toBe(markOf(null, 'x'));
    expect(markOf(null, 'x')).toMatch(/^[0-9a-f]{32}$/);
  });
});
