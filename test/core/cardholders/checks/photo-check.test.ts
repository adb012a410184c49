import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { checkPhoto, jpegSize, pngSize } from '../../../../electron/core/cardholders/checks/photo-check';

const rules = { contentType: 'image/jpeg' as const, width: 600, height: 800, maxBytes: 2 * 1024 * 1024 };

function jpegOf(width: number, height: number, quality = 80): Uint8Array {
  const data = Buffer.alloc(width * height * 4, 128);
  return new Uint8Array(jpeg.encode({ data, width, height }, quality).data);
}

function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe('photo check', () => {
  it('reads the pixel size of a JPEG and a PNG without decoding them', () => {
    expect(jpegSize(jpegOf(600, 800))).toEqual({ width: 600, height: 800 });
    expect(jpegSize(jpegOf(31, 17))).toEqual({ width: 31, height: 17 });
    expect(pngSize(pngHeader(600, 800))).toEqual({ width: 600, height: 800 });
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(jpegSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });

  it('accepts a JPEG of the configured size within the limit', () => {
    expect(checkPhoto(jpegOf(600, 800), 'image/jpeg', rules)).toEqual({ ok: true });
  });

  it('refuses, with a sentence for the officer, what is not what it claims or not what is configured', () => {
    const refused = (bytes: Uint8Array, type: 'image/jpeg' | 'image/png' = 'image/jpeg', over = rules) => {
      const verdict = checkPhoto(bytes, type, over);
      if (verdict.ok) throw new Error('expected a refusal');
      return verdict.message;
    };
    expect(refused(new Uint8Array(Buffer.from('<html>not a photo</html>')))).toBe('The photo is not a JPEG image; take it again.');
    expect(refused(jpegOf(640, 480))).toBe('The photo is 640×480 pixels; this kiosk uploads 600×800. Take it again.');
    expect(refused(jpegOf(600, 800, 95), 'image/jpeg', { ...rules, maxBytes: 2048 })).toMatch(/^The photo is too large to send \(\d+ KB; the limit is 2 KB\)\. Take it again\.$/);
    expect(refused(pngHeader(600, 800), 'image/png')).toBe('This kiosk uploads ID photos as JPEG images; take the photo again.');
    expect(refused(jpegOf(600, 800).subarray(0, 20))).toBe('The photo is not a complete JPEG image; take it again.');
  });

  it('refuses with a key of the error table and its parameters, for the renderer to word in the language shown', () => {
    const keyed = (bytes: Uint8Array, type: 'image/jpeg' | 'image/png' = 'image/jpeg', over = rules) => {
      const verdict = checkPhoto(bytes, type, over);
      if (verdict.ok) throw new Error('expected a refusal');
      return { key: verdict.key, params: verdict.params };
    };
    expect(keyed(jpegOf(640, 480))).toEqual({ key: 'errors.photoWrongSize', params: { width: 640, height: 480, wantedWidth: 600, wantedHeight: 800 } });
    expect(keyed(new Uint8Array([1, 2, 3]))).toEqual({ key: 'errors.photoNotKind', params: { kind: 'JPEG' } });
    expect(keyed(jpegOf(600, 800).subarray(0, 20))).toEqual({ key: 'errors.photoIncomplete', params: { kind: 'JPEG' } });
    expect(keyed(pngHeader(600, 800), 'image/png')).toEqual({ key: 'errors.photoWrongType', params: { kind: 'JPEG' } });
    expect(keyed(jpegOf(600, 800, 95), 'image/jpeg', { ...rules, maxBytes: 2048 })).toMatchObject({ key: 'errors.photoTooLarge', params: { limit: 2 } });
    expect(checkPhoto(pngHeader(600, 800), 'image/png', { ...rules, contentType: 'image/png' })).toEqual({ ok: true });
  });
});
