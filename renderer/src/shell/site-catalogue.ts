/**
 * The site catalogue as every screen reads it: the names of what the service knows by number
 * (KioskSettings.site), an empty catalogue while the settings are not read, and name lookups.
 * Pure: no Vue, no IPC.
 */
import type { NamedId, SiteNames } from '../../../electron/contract/ipc';

export const EMPTY_SITE: Readonly<SiteNames> = Object.freeze({
  tenants: [],
  cardholderTypes: [],
  devices: [],
  deviceTypes: [],
  eventCategories: [],
  eventTypes: [],
  subcodeCategories: [],
  subcodes: [],
});

/** The name of a number in a list of the catalogue, or null when the catalogue does not name it. */
export function nameOf(list: readonly NamedId[], id: number): string | null {
  for (const entry of list) if (entry.id === id) return entry.name;
  return null;
}
