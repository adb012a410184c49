/**
 * The mark of a cardholder record in the site's copy: a hash of the whole record (every field,
 * keys in a fixed order), so two desks that hold the same record make the same mark and the
 * downloading desk finds what changed by comparing ids and marks only. Also the record's
 * `updated` as a time the store can compare (a desk's write newer than a download is kept).
 */
import { createHash } from 'node:crypto';
import type { CardHolder } from '../service/access-service';

/** JSON with object keys sorted at every level. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The record's mark: 128 bits of SHA-256 over its canonical JSON, base64url. */
export function markOf(record: CardHolder): string {
  return createHash('sha256').update(canonical(record)).digest('base64url').slice(0, 22);
}

/** The record's `updated` as ISO 8601, or null when it is not a time. */
export function updatedOf(record: CardHolder): string | null {
  const at = Date.parse(String(record.updated ?? ''));
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}
