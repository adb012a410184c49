import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';
import { JPEG_QUALITY_STEPS, encodeWithinLimit, formatBytes, type ImageEncoder } from '../../../renderer/src/photo/encode-within-limit';

/** A fake encoder whose output shrinks with the quality: `bytesAt(q)` long. */
function fakeEncoder(bytesAt: (quality: number | undefined) => number): ImageEncoder & { calls: Array<number | undefined> } {
  const calls: Array<number | undefined> = [];
  const encode = vi.fn(async (_type: string, quality: number | undefined) => {
    calls.push(quality);
    return new Uint8Array(bytesAt(quality));
  });
  return Object.assign(encode, { calls });
}

describe('encodeWithinLimit', () => {
  it('keeps the first JPEG quality that fits, without trying lower ones', async () => {
    const encode = fakeEncoder((q) => Math.round((q ?? 1) * 1000));
    const outcome = await encodeWithinLimit(encode, 'image/jpeg', 800);
    expect(outcome).toMatchObject({ ok: true, quality: 0.8, attempts: 3 });
    expect(encode.calls).toEqual([0.92, 0.85, 0.8]);
  });

  it('one attempt when the best quality fits', async () => {
    const encode = fakeEncoder(() => 10);
    expect(await encodeWithinLimit(encode, 'image/jpeg', 10)).toMatchObject({ ok: true, quality: 0.92, attempts: 1 });
  });

  it('says clearly when even the lowest quality is too large, after trying every step', async () => {
    const encode = fakeEncoder((q) => Math.round((q ?? 1) * 3_000_000));
    const outcome = await encodeWithinLimit(encode, 'image/jpeg', 1_048_576);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('too-large');
    expect(outcome.error.message).toBe(
      'The photo is too large even at the lowest quality: 1.4 MB, the limit is 1.0 MB. Ask the administrator to raise the limit or lower the photo size.',
    );
    expect(encode.calls).toEqual([...JPEG_QUALITY_STEPS]);
  });

  it('PNG: one attempt without a quality', async () => {
    const encode = fakeEncoder(() => 5000);
    expect(await encodeWithinLimit(encode, 'image/png', 2048)).toMatchObject({ ok: false, attempts: 1, error: { code: 'too-large' } });
    expect(encode.calls).toEqual([undefined]);
    expect(await encodeWithinLimit(fakeEncoder(() => 100), 'image/png', 2048)).toMatchObject({ ok: true, quality: null });
  });

  it('an encoder that fails or returns nothing is reported, not thrown', async () => {
    const failing: ImageEncoder = async () => {
      throw new Error('boom');
    };
    expect(await encodeWithinLimit(failing, 'image/jpeg', 100)).toMatchObject({ ok: false, attempts: 1, error: { code: 'encode-failed' } });
    expect(await encodeWithinLimit(fakeEncoder(() => 0), 'image/jpeg', 100)).toMatchObject({ ok: false, error: { code: 'encode-failed' } });
  });

  it('formats sizes for people', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2.0 MB');
  });

  it('formats sizes in the language shown: a German decimal comma, French units', async () => {
    const show = async (locale: 'en' | 'de' | 'fr'): Promise<void> => {
      if (locale !== 'en') i18n.global.setLocaleMessage(locale, await loadMessages(locale));
      i18n.global.locale.value = locale;
    };
    try {
      await show('de');
      expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
      expect(formatBytes(2048)).toBe('2 KB');
      await show('fr');
      expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 Mo');
      expect(formatBytes(512)).toBe('512 octets');
    } finally {
      await show('en');
    }
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
