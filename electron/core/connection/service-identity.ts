/**
 * Which service the kiosk's records belong to. Alarms, acknowledgements, the feed's position and
 * outages are kept per service (table `service` of the kiosk's database): a data folder pointed at
 * another service starts clean for it, and the demo's simulated alarms never show as a real
 * site's. The embedded simulator is "demo" (its port changes at every start); a configured service
 * is its address without credentials, query or trailing slash, with the host in lower case and
 * the default port dropped.
 */
import type { KioskDatabase } from '../storage/kiosk-database';

export const DEMO_SERVICE = 'demo';

/** The identity of the service at `url` ("demo" for the embedded simulator). */
export function serviceIdentity(url: string | null): string {
  if (url === null) return DEMO_SERVICE;
  try {
    const parsed = new URL(url);
    const port = parsed.port === '' ? '' : `:${parsed.port}`;
    const pathname = parsed.pathname.replace(/\/+$/, '');
    return `${parsed.protocol}//${parsed.hostname.toLowerCase()}${port}${pathname}`;
  } catch {
    return url.trim().replace(/\/+$/, '');
  }
}

/** The database's number for the service (recorded on first use). */
export function serviceRecordId(database: KioskDatabase, identity: string, now: number): number {
  const found = database.get<{ id: number }>('SELECT id FROM service WHERE identity = ?', [identity]);
  if (found) return Number(found.id);
  return database.run('INSERT INTO service (identity, first_seen_at) VALUES (?, ?)', [identity, now]).lastInsertRowid;
}

/** Whether the database has ever recorded anything for another service than this one (an earlier version's files then belong to that one). */
export function knownServices(database: KioskDatabase): string[] {
  return database.all<{ identity: string }>('SELECT identity FROM service ORDER BY id').map((row) => row.identity);
}
