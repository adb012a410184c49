/**
 * What identifies an event beyond its id, so the live feed notices a server that reuses an id
 * for another event (restored from a backup): reading the same record twice gives the same
 * fingerprint. Pure; the feed engine keeps the last delivered event's mark, and the renderer's
 * feed buffer uses it to recognise a replay of an event it showed before main's last resync.
 */
import type { SystemEvent } from '../../contract/ipc';

/** The last event delivered, to notice when the server reuses its id for another event. */
export interface DeliveredMark {
  id: number;
  fingerprint: string;
}

/** What identifies an event beyond its id: reading the same record twice gives the same value. */
export function fingerprint(event: SystemEvent): string {
  const created = Date.parse(String(event.created));
  return JSON.stringify([
    Number.isNaN(created) ? String(event.created) : created,
    String(event.event_Category_Name ?? '').trim(),
    String(event.device_Name ?? '').trim(),
    String(event.custom_Text ?? '').trim(),
  ]);
}
