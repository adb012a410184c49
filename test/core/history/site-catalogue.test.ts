// The catalogue History offers: configured names, and what the kiosk has seen that they leave out.
import { describe, expect, it } from 'vitest';
import { MAX_SEEN, seenNames } from '../../../electron/core/history/site-catalogue';
import type { SiteNames } from '../../../electron/contract/ipc';

const site: SiteNames = {
  tenants: [{ id: 0, name: 'Building' }],
  cardholderTypes: [],
  devices: [{ id: 201, name: 'Main Entrance', type: 3 }],
  deviceTypes: [],
  eventCategories: [{ id: 3, name: 'Door Alarm' }],
  eventTypes: [],
  subcodeCategories: [],
  subcodes: [],
};

describe('seenNames', () => {
  it('offers what the catalogue does not name, each once, sorted', () => {
    const seen = seenNames(site, {
      events: [
        { device_Name: 'main entrance', event_Category_Name: 'Door Alarm' },
        { device_Name: 'Gate 7', event_Category_Name: 'Lift' },
        { device_Name: ' Gate 7 ', event_Category_Name: null },
        { device_Name: 42, event_Category_Name: '' },
      ],
      history: { devices: ['Annex door'], categories: ['lift', 'Fire'] },
      tenants: [0, 5, 2, 5],
    });
    expect(seen).toEqual({ tenants: [2, 5], devices: ['Annex door', 'Gate 7'], categories: ['Fire', 'Lift'] });
  });

  it('is bounded', () => {
    const events = Array.from({ length: MAX_SEEN + 50 }, (_, i) => ({ device_Name: `Device ${i}`, event_Category_Name: 'x' }));
    expect(seenNames(site, { events, history: { devices: [], categories: [] }, tenants: [] }).devices).toHaveLength(MAX_SEEN);
  });
});
