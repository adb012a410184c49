/**
 * The values the directory's records carry, counted: each tenant, each cardholder type and the
 * most common tenant sets. The enrolment form offers them ("seen", with how many cardholders use
 * each) at a site whose administrator has not named them yet, and preselects the most common.
 * Plain loops over records; computed where the directory lives (the worker), never per keystroke.
 */
import type { DirectoryValueCounts } from '../../../contract/ipc';
import type { CardHolder } from '../../service/access-service';

/** Tenant sets reported, most common first. */
const MAX_TENANT_SETS = 5;

export function countDirectoryValues(records: Iterable<Pick<CardHolder, 'id' | 'tenant' | 'card_Holder_Type_ID'>>): DirectoryValueCounts {
  const tenants = new Map<number, number>();
  const types = new Map<number, number>();
  const sets = new Map<string, number>();
  let total = 0;
  for (const record of records) {
    // Cardholders created here while offline (provisional, negative ids) are not the service's yet.
    if (record.id < 0) continue;
    total++;
    for (const tenant of new Set(record.tenant)) tenants.set(tenant, (tenants.get(tenant) ?? 0) + 1);
    types.set(record.card_Holder_Type_ID, (types.get(record.card_Holder_Type_ID) ?? 0) + 1);
    const key = [...new Set(record.tenant)].sort((a, b) => a - b).join(',');
    sets.set(key, (sets.get(key) ?? 0) + 1);
  }
  const byCount = (a: { id: number; count: number }, b: { id: number; count: number }): number => b.count - a.count || a.id - b.id;
  return {
    records: total,
    tenants: [...tenants].map(([id, count]) => ({ id, count })).sort(byCount),
    cardholderTypes: [...types].map(([id, count]) => ({ id, count })).sort(byCount),
    tenantSets: [...sets]
      .map(([key, count]) => ({ ids: key === '' ? [] : key.split(',').map(Number), count }))
      .sort((a, b) => b.count - a.count || a.ids.join(',').localeCompare(b.ids.join(',')))
      .slice(0, MAX_TENANT_SETS),
  };
}
