/**
 * Does the site catalogue name the devices the service's events carry? A configured catalogue
 * (`site.devices`) whose device names never appear in events is most likely out of step with the
 * service (a renamed door, another site's file): History would offer names that find nothing,
 * beside the same doors "seen in events". This says so, for the Administration view and the log.
 * Pure: the caller gives the catalogue's devices and what the kiosk has seen.
 */
import type { SiteDevice } from '../../contract/ipc';

/** Below this many events seen, a device may simply not have had an event yet: no warning. */
export const EVENTS_BEFORE_CHECK = 500;

const key = (name: string): string => name.trim().toLocaleLowerCase('en');

/** Devices of the catalogue whose name no event seen carries (names compared case aside). */
export function devicesNeverSeen(devices: readonly SiteDevice[], seenDeviceNames: Iterable<unknown>): SiteDevice[] {
  const seen = new Set<string>();
  for (const name of seenDeviceNames) if (typeof name === 'string' && name.trim() !== '') seen.add(key(name));
  return devices.filter((device) => !seen.has(key(device.name)));
}

/** The warning to show, or null when every device was seen or too few events were seen to tell. */
export function catalogueWarning(devices: readonly SiteDevice[], seenDeviceNames: Iterable<unknown>, eventsSeen: number): string | null {
  if (devices.length === 0 || eventsSeen < EVENTS_BEFORE_CHECK) return null;
  const missing = devicesNeverSeen(devices, seenDeviceNames);
  if (missing.length === 0) return null;
  const listed = missing
    .slice(0, 5)
    .map((d) => `"${d.name}" (#${d.id})`)
    .join(', ');
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
  return (
    `${missing.length} of the ${devices.length} devices of the site catalogue (site.devices) never appeared in the ${eventsSeen.toLocaleString('en')} events seen: ${listed}${more}. ` +
    'Check that their names are spelt as the service\'s events carry them (device_Name); History offers the names events carry as "seen in events".'
  );
}
