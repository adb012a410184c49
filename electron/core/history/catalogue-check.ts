/**
 * Does the site catalogue name the devices the service's events carry? A configured catalogue
 * (`site.devices`) whose device names never appear in events is most likely out of step with the
 * service (a renamed door, another site's file): History would offer names that find nothing,
 * beside the same doors "seen in events". This says so, for the Administration view and the log.
 * Pure: the caller gives the catalogue's devices and what the kiosk has seen.
 */
import { screenText, type ScreenText, type SiteDevice } from '../../contract/ipc';

/** Below this many events seen, a device may simply not have had an event yet: no warning. */
export const EVENTS_BEFORE_CHECK = 500;

const key = (name: string): string => name.trim().toLocaleLowerCase('en');

/** Devices of the catalogue whose name no event seen carries (names compared case aside). */
export function devicesNeverSeen(devices: readonly SiteDevice[], seenDeviceNames: Iterable<unknown>): SiteDevice[] {
  const seen = new Set<string>();
  for (const name of seenDeviceNames) if (typeof name === 'string' && name.trim() !== '') seen.add(key(name));
  return devices.filter((device) => !seen.has(key(device.name)));
}

/** The warning to show (English: the log), or null when every device was seen or too few events were seen to tell. */
export function catalogueWarning(devices: readonly SiteDevice[], seenDeviceNames: Iterable<unknown>, eventsSeen: number): string | null {
  return catalogueWarningText(devices, seenDeviceNames, eventsSeen)?.message ?? null;
}

/** The same warning as a key + parameters, worded by the screen in its language (electron/contract/screen-text.ts). */
export function catalogueWarningText(devices: readonly SiteDevice[], seenDeviceNames: Iterable<unknown>, eventsSeen: number): ScreenText | null {
  if (devices.length === 0 || eventsSeen < EVENTS_BEFORE_CHECK) return null;
  const missing = devicesNeverSeen(devices, seenDeviceNames);
  if (missing.length === 0) return null;
  const listed = missing
    .slice(0, 5)
    .map((d) => `"${d.name}" (#${d.id})`)
    .join(', ');
  const counts = { missing: missing.length, total: devices.length, events: eventsSeen, listed };
  return missing.length > 5
    ? screenText('admin.fromMain.catalogueNeverSeenMore', { ...counts, more: missing.length - 5 })
    : screenText('admin.fromMain.catalogueNeverSeen', counts);
}
