/**
 * Writes JSON-lines logs the way versions up to 399853d did (storage/json-lines-file.ts, removed):
 * a line is plain JSON, or "AKJL1:" + base64(IV 12 · AES-256-GCM ciphertext · tag 16) with
 * "AKJL1:<file name>" bound in. Only for tests of the move into the kiosk's database: the kiosk
 * itself never writes this layout any more (storage/legacy-seals.ts opens it).
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import path from 'node:path';

export const LEGACY_SEALED_LINE = 'AKJL1:';

/** One line of `file` as the earlier version wrote it (sealed when `key` is given). */
export function legacyLine(file: string, value: unknown, key: Buffer | null): string {
  const json = JSON.stringify(value);
  if (!key) return json;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`${LEGACY_SEALED_LINE}${path.basename(file)}`, 'utf8'));
  const sealed = Buffer.concat([iv, cipher.update(json, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${LEGACY_SEALED_LINE}${sealed.toString('base64')}`;
}

/** Appends `values` to `file` as the earlier version did (owner-only, one line each). */
export function appendLegacyLines(file: string, values: readonly unknown[], key: Buffer | null): void {
  appendFileSync(file, values.map((value) => `${legacyLine(file, value, key)}\n`).join(''), { mode: 0o600 });
}
