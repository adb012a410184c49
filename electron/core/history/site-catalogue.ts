/**
 * The site catalogue History offers: the names the configuration (or the demo service) gives to
 * what the service numbers, and what the kiosk has met that those names leave out — tenant
 * numbers on cardholders of the directory, device and category names in the live feed and in
 * recent search results — so a guard can pick a door the feed shows even where nobody wrote the
 * catalogue. Pure: the caller hands it what was seen.
 */
import type { SeenNames, SiteCatalogue, SiteNames } from '../../contract/ipc';

/** Most names of each kind offered as seen (a bound for sites whose events carry free text). */
export const MAX_SEEN = 500;

export interface SeenSources {
  /** Events the kiosk holds (the live feed's buffer). */
  events: Iterable<{ device_Name: unknown; event_Category_Name: unknown }>;
  /** Names in recent search results. */
  history: { devices: Iterable<string>; categories: Iterable<string> };
  /** Tenant numbers on cardholders. */
  tenants: Iterable<number>;
}

const folded = (name: string): string => name.trim().toLowerCase();

function unnamed(candidates: Iterable<string>, named: readonly { name: string }[]): string[] {
  const known = new Set(named.map((entry) => folded(entry.name)));
  const out = new Map<string, string>();
  for (const candidate of candidates) {
    const name = candidate.trim();
    const key = folded(name);
    if (name === '' || known.has(key) || out.has(key)) continue;
    out.set(key, name);
  }
  return [...out.values()].sort((a, b) => a.localeCompare(b)).slice(0, MAX_SEEN);
}

function* textsOf(values: Iterable<unknown>): Generator<string> {
  for (const value of values) if (typeof value === 'string') yield value;
}

export function seenNames(site: SiteNames, sources: SeenSources): SeenNames {
  const events = [...sources.events];
  const tenantIds = new Set(site.tenants.map((t) => t.id));
  return {
    tenants: [...new Set(sources.tenants)].filter((id) => !tenantIds.has(id)).sort((a, b) => a - b).slice(0, MAX_SEEN),
    devices: unnamed([...textsOf(events.map((e) => e.device_Name)), ...sources.history.devices], site.devices),
    categories: unnamed([...textsOf(events.map((e) => e.event_Category_Name)), ...sources.history.categories], site.eventCategories),
  };
}

export function siteCatalogue(site: SiteNames, sources: SeenSources): SiteCatalogue {
  return { site, seen: seenNames(site, sources) };
}
