/**
 * What the enrolment form offers for cardholder type and tenants: every value the site catalogue
 * names and every value the directory's records carry (with how many cardholders use each), and
 * what a new cardholder starts with: only what the site configured (frontDesk.defaultCardholderType,
 * frontDesk.defaultTenants). Nothing else is preselected — not the directory's most common value
 * nor the catalogue's first: the type decides what a card opens, so an officer who chose nothing
 * sends nothing. Pure: the caller hands it the catalogue, the configuration and the directory's
 * counts.
 */
import type { DirectoryValueCounts, EnrolmentChoice, EnrolmentChoices, NamedId } from '../../../contract/ipc';

export interface EnrolmentDefaults {
  defaultTenants: readonly number[];
  defaultCardholderType: number | null;
  employeeIdPattern: string | null;
}

function merge(named: readonly NamedId[], seen: ReadonlyArray<{ id: number; count: number }>, unnamed: (id: number) => string): EnrolmentChoice[] {
  const counts = new Map(seen.map((s) => [s.id, s.count]));
  const out = new Map<number, EnrolmentChoice>();
  for (const entry of named) out.set(entry.id, { id: entry.id, name: entry.name, named: true, count: counts.get(entry.id) ?? 0 });
  for (const s of seen) if (!out.has(s.id)) out.set(s.id, { id: s.id, name: unnamed(s.id), named: false, count: s.count });
  // Most used first; the catalogue's order (its ids) among those nobody uses yet.
  return [...out.values()].sort((a, b) => b.count - a.count || a.id - b.id);
}

export function enrolmentChoices(site: { tenants: readonly NamedId[]; cardholderTypes: readonly NamedId[] }, config: EnrolmentDefaults, counts: DirectoryValueCounts): EnrolmentChoices {
  return {
    tenants: merge(site.tenants, counts.tenants, (id) => `Tenant ${id}`),
    cardholderTypes: merge(site.cardholderTypes, counts.cardholderTypes, (id) => `Type ${id}`),
    defaults: {
      tenants: [...config.defaultTenants],
      cardholderType: config.defaultCardholderType,
    },
    employeeIdPattern: config.employeeIdPattern,
    records: counts.records,
  };
}
