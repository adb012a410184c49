/**
 * The admin PIN as it is stored: a salted scrypt hash (node:crypto) with its parameters recorded
 * beside it, so a later version can raise the cost and still check older hashes. Checking uses a
 * constant-time comparison. The PIN itself is never stored, logged or returned.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';

/** Cost parameters of new hashes: N = 2^15 with r = 8 takes ~32 MiB and a few tenths of a second. */
export const PIN_SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

export const StoredPin = z
  .object({
    format: z.literal('access-kiosk-admin-pin'),
    version: z.literal(1),
    algorithm: z.literal('scrypt'),
    N: z.number().int().min(2 ** 10).max(2 ** 20),
    r: z.number().int().min(1).max(32),
    p: z.number().int().min(1).max(16),
    keyLength: z.number().int().min(16).max(64),
    salt: z.string().min(16).max(200),
    hash: z.string().min(16).max(200),
    savedAt: z.string().max(100),
  })
  .strict();
export type StoredPin = z.infer<typeof StoredPin>;

function scrypt(pin: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(pin, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const optionsOf = (p: { N: number; r: number; p: number }): ScryptOptions => ({ N: p.N, r: p.r, p: p.p, maxmem: 128 * p.N * p.r * p.p * 2 + 1024 * 1024 });

export async function hashPin(pin: string, params: { N: number; r: number; p: number; keyLength: number; saltLength: number } = PIN_SCRYPT): Promise<StoredPin> {
  const salt = randomBytes(params.saltLength);
  const hash = await scrypt(pin, salt, params.keyLength, optionsOf(params));
  return {
    format: 'access-kiosk-admin-pin',
    version: 1,
    algorithm: 'scrypt',
    N: params.N,
    r: params.r,
    p: params.p,
    keyLength: params.keyLength,
    salt: salt.toString('base64'),
    hash: hash.toString('base64'),
    savedAt: new Date().toISOString(),
  };
}

/** True when `pin` matches the stored hash (constant-time comparison of the derived keys). */
export async function verifyPin(pin: string, stored: StoredPin): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const derived = await scrypt(pin, Buffer.from(stored.salt, 'base64'), stored.keyLength, optionsOf(stored));
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}
