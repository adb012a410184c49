// Seeded data: deterministic from the seed, varied real-world names (accents, hyphens, apostrophes,
// shared surnames), tenants and types; and DECISIONS.md lists every catalogue id other engineers
// search with.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedCardholders } from '../../electron/simulator/cardholder-seed';
import { CARD_HOLDER_TYPES, DEVICES, DEVICE_TYPES, EVENT_CATEGORIES, EVENT_TYPES, SUBCODES, SUBCODE_CATEGORIES, TENANTS } from '../../electron/simulator/catalogue';
import type { CardHolderRecord } from '../../electron/simulator/records';
import { call, startSmallSimulator } from './support';

describe('seeded cardholders', () => {
  it('are the same for the same seed and differ for another seed', () => {
    expect(JSON.stringify(seedCardholders(300, 9))).toBe(JSON.stringify(seedCardholders(300, 9)));
    expect(JSON.stringify(seedCardholders(300, 9))).not.toBe(JSON.stringify(seedCardholders(300, 10)));
  });

  it('are served identically by two simulators with the same seed', async () => {
    const [a, b] = await Promise.all([startSmallSimulator({ seed: 5 }), startSmallSimulator({ seed: 5 })]);
    try {
      const [listA, listB] = await Promise.all([call<CardHolderRecord[]>(a.url, 'GET', '/api/CardHolders'), call<CardHolderRecord[]>(b.url, 'GET', '/api/CardHolders')]);
      expect(listA.text).toBe(listB.text);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('have varied real-world names, shared surnames, tenants and types', () => {
    const records = seedCardholders(2000, 1);
    const names = records.map((record) => `${record.first_Name} ${record.last_Name}`).join('\n');
    expect(names).toMatch(/[àáâäãåçèéêëìíîïñòóôöõøùúûüýÿœæłśźżčřšžőűğşıðþ]/i);
    for (const sample of ['Zoë', 'José', 'Øyvind', 'Jean-Luc', "O'Brien"]) expect(names).toContain(sample);
    const surnames = new Map<string, number>();
    for (const record of records) surnames.set(record.last_Name, (surnames.get(record.last_Name) ?? 0) + 1);
    expect(Math.max(...surnames.values())).toBeGreaterThan(20);
    expect(surnames.size).toBeGreaterThan(60);
    expect(new Set(records.map((record) => JSON.stringify(record.tenant))).size).toBeGreaterThan(3);
    expect(new Set(records.map((record) => record.card_Holder_Type_ID))).toEqual(new Set(CARD_HOLDER_TYPES.map((type) => type.id)));
    expect(records.some((record) => record.email === '')).toBe(true);
    expect(records.some((record) => record.middle_Name !== '')).toBe(true);
    expect(new Set(records.map((record) => record.employee_ID)).size).toBe(2000);
    for (const record of records) {
      expect(record.tenant[0]).toBe(0);
      expect(record.email).toMatch(/^$|^[a-z0-9]+\.[a-z0-9]+@[a-z0-9.-]+$/);
    }
  });

  it('seeds 50,000 records with unique ids (how fast 500,000 seed is measured in the bench)', () => {
    const records = seedCardholders(50_000, 3);
    expect(records).toHaveLength(50_000);
    expect(new Set(records.map((record) => record.id)).size).toBe(50_000);
  });
});

describe('the site catalogue the simulator hands the kiosk', () => {
  it('names every device and category of the events it generates, with the same ids as the catalogue', async () => {
    const sim = await startSmallSimulator({ historyEvents: 2_000 });
    try {
      const answer = await call<{ events: Array<{ device_Name: string; event_Category_Name: string }> }>(sim.url, 'GET', `/api/SystemEvents?FromID=0&MaxID=${sim.maxEventId()}`);
      const events = answer.body?.events ?? [];
      expect(events.length).toBeGreaterThan(1_000);
      const devices = new Set(sim.site.devices.map((d) => d.name));
      const categories = new Set(sim.site.eventCategories.map((c) => c.name));
      for (const event of events) {
        expect(devices, event.device_Name).toContain(event.device_Name);
        expect(categories, event.event_Category_Name).toContain(event.event_Category_Name);
      }
      expect(sim.site.devices).toEqual(DEVICES.map((d) => ({ id: d.id, name: d.name, type: d.deviceType })));
      expect(sim.site.subcodes.map((s) => s.id)).toEqual(SUBCODES.map((s) => s.id));
      expect(sim.site.tenants).toEqual(TENANTS.map((t) => ({ id: t.id, name: t.name })));
    } finally {
      await sim.close();
    }
  });
});

describe('DECISIONS.md', () => {
  const decisions = readFileSync(join(__dirname, '..', '..', 'electron', 'simulator', 'DECISIONS.md'), 'utf8');
  const rows = new Set(decisions.split('\n').filter((line) => line.startsWith('| ')));

  it.each([
    ['tenants', TENANTS.map((tenant) => `| ${tenant.id} | ${tenant.name} |`)],
    ['device types', DEVICE_TYPES.map((type) => `| ${type.id} | ${type.name} |`)],
    ['devices', DEVICES.map((device) => `| ${device.id} | ${device.name} | ${device.deviceType} `)],
    ['event categories', EVENT_CATEGORIES.map((category) => `| ${category.id} | ${category.name} |`)],
    ['event types', EVENT_TYPES.map((type) => `| ${type.id} | ${type.name} | ${type.categoryId} | ${type.isAlarm} | ${type.subcodeIds.join(', ')} |`)],
    ['subcode categories', SUBCODE_CATEGORIES.map((category) => `| ${category.id} | ${category.name} |`)],
    ['subcodes', SUBCODES.map((subcode) => `| ${subcode.id} | ${subcode.name} | ${subcode.subcodeCategoryId} | \`${subcode.customText}\` |`)],
    ['cardholder types', CARD_HOLDER_TYPES.map((type) => `| ${type.id} | ${type.name} |`)],
  ])('lists every %s as in catalogue.ts', (_what, expected) => {
    for (const row of expected) expect([...rows].some((line) => line.startsWith(row)), row).toBe(true);
  });
});
