/**
 * What identifies an event beyond its id, so the live feed notices a server that reuses an id
 * for another event (restored from a backup): reading the same record twice gives the same
 * fingerprint. Shared by both sides, so they cannot differ: main's feed engine, feed record and
 * alarm store, and the renderer's feed buffer (renderer/src/guard/feed-buffer.ts), which uses it to
 * recognise a replay of an event it showed before main's last resync. Pure, and imports types
 * only: one of the contract's modules the renderer may import as a value (eslint.config.mjs).
 * Part of the IPC contract.
 */
import type { SystemEvent } from './feed';

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
