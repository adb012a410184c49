/**
 * The shape check the gateway runs before the contract's schema: a payload from a renderer must
 * be plain data — plain objects, arrays, text, numbers, booleans, null — no deeper than 32
 * levels, with bytes (Uint8Array) only in the fields the contract declares for them
 * (BYTES_FIELDS). Anything else (a Date, a Map, a typed array where an object is expected, a
 * BigInt, an object nested ten thousand deep) is refused here in time proportional to its size,
 * before a schema could spend seconds walking the twenty million indexes of a typed array as
 * if they were keys. It does not judge values: that is the schema's job.
 */

export const MAX_PAYLOAD_DEPTH = 32;

export interface PlainDataProblem {
  /** Dotted path of the value at fault ("" for the payload itself). */
  path: string;
  reason: string;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (typeof value !== 'object' || value === null) return typeof value;
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object of another kind';
}

/** Null when `payload` is plain data; otherwise the first thing that is not. */
export function plainDataProblem(payload: unknown, bytesFields: readonly string[] = []): PlainDataProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: payload, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    switch (typeof value) {
      case 'undefined':
      case 'string':
      case 'number':
      case 'boolean':
        continue;
      case 'object':
        break;
      default:
        return { path, reason: `${typeof value} is not plain data` };
    }
    if (value === null) continue;
    if (value instanceof Uint8Array) {
      if (depth === 1 && bytesFields.includes(path)) continue;
      return { path, reason: 'bytes are not accepted here' };
    }
    if (depth >= MAX_PAYLOAD_DEPTH) return { path, reason: `nested more than ${MAX_PAYLOAD_DEPTH} levels deep` };
    if (Array.isArray(value)) {
      if (Object.getPrototypeOf(value) !== Array.prototype) return { path, reason: `${describe(value)} is not plain data` };
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: path === '' ? String(i) : `${path}.${i}`, depth: depth + 1 });
      continue;
    }
    if (!isPlainObject(value)) return { path, reason: `${describe(value)} is not plain data` };
    for (const key of Object.keys(value)) {
      stack.push({ value: (value as Record<string, unknown>)[key], path: path === '' ? key : `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}
