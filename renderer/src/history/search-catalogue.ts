/**
 * The pick lists of the history form, from the site catalogue: every name the catalogue gives
 * (with its number, and for devices their type), then what the kiosk has seen that the
 * catalogue leaves out, marked as seen — tenant numbers met on cardholders, device and category
 * names met in events (those are searched by name). Also the tenants a fresh form starts with.
 * Pure: no Vue, no IPC.
 */
import type { NamedId, SiteCatalogue } from '../../../electron/contract/ipc';
import type { PickOption } from '../shell/pick-option';
import { nameOf } from '../shell/site-catalogue';
import { idKey, nameKey } from './search-form';
import { t } from '../i18n/i18n';

export interface SearchOptions {
  tenants: PickOption[];
  devices: PickOption[];
  deviceTypes: PickOption[];
  eventCategories: PickOption[];
  eventTypes: PickOption[];
  subcodeCategories: PickOption[];
  subcodes: PickOption[];
}

const byName = (a: PickOption, b: PickOption): number => a.label.localeCompare(b.label);
const numbered = (list: readonly NamedId[]): PickOption[] => list.map((entry) => ({ key: idKey(entry.id), label: entry.name, detail: `#${entry.id}` })).sort(byName);

export function searchOptions(catalogue: SiteCatalogue): SearchOptions {
  const { site, seen } = catalogue;
  return {
    tenants: [...numbered(site.tenants), ...seen.tenants.map((id) => ({ key: idKey(id), label: t('history.options.tenant', { id }), detail: t('history.options.onCardholders'), seen: true }))],
    devices: [
      ...site.devices
        .map((device) => {
          const type = device.type === null ? null : (nameOf(site.deviceTypes, device.type) ?? t('history.options.type', { id: device.type }));
          return { key: idKey(device.id), label: device.name, detail: type ? `${type} · #${device.id}` : `#${device.id}` };
        })
        .sort(byName),
      ...seen.devices.map((name) => ({ key: nameKey(name), label: name, seen: true })),
    ],
    deviceTypes: numbered(site.deviceTypes),
    eventCategories: [...numbered(site.eventCategories), ...seen.categories.map((name) => ({ key: nameKey(name), label: name, seen: true }))],
    eventTypes: numbered(site.eventTypes),
    subcodeCategories: numbered(site.subcodeCategories),
    subcodes: numbered(site.subcodes),
  };
}

/** Every tenant the kiosk knows of: named by the catalogue, or met on cardholders. */
export function knownTenants(catalogue: SiteCatalogue): number[] {
  return [...new Set([...catalogue.site.tenants.map((t) => t.id), ...catalogue.seen.tenants])].sort((a, b) => a - b);
}

/** The tenants a fresh form starts with: the configured default, else every tenant the kiosk knows of. */
export function startingTenants(configured: readonly number[], catalogue: SiteCatalogue | null): number[] {
  if (configured.length > 0) return [...configured];
  return catalogue ? knownTenants(catalogue) : [];
}
