// settingsFor: what of the configuration the renderer may know; serviceLabelOf: host:port only.
import { describe, expect, it } from 'vitest';
import { serviceLabelOf, settingsFor, siteNamesFor } from '../../../electron/core/config/settings';
import type { SiteNames } from '../../../electron/contract/ipc';
import { loadConfig } from '../../../electron/core/config/load-config';

describe('serviceLabelOf', () => {
  it.each([
    ['https://access.example.org', 'access.example.org:443'],
    ['http://access.example.org', 'access.example.org:80'],
    ['http://10.0.0.5:8080/base/path', '10.0.0.5:8080'],
    ['https://desk:hunter22@access.example.org:8443/x?apikey=abc#frag', 'access.example.org:8443'],
    ['http://[::1]:5000', '[::1]:5000'],
    ['not a url', 'unknown service'],
  ])('%s → %s', (url, label) => {
    expect(serviceLabelOf(url)).toBe(label);
  });
});

describe('settingsFor', () => {
  it('carries only the renderer-safe settings', () => {
    const config = loadConfig({
      systemFile: null,
      userFile: null,
      env: {},
      argv: ['--service-url=https://access.example.org', '--auth-scheme=basic', '--auth-username=reception7', '--buffer-size=5000', '--mute-minutes=2', '--no-alarm-sound', '--escalate-after-minutes=3', '--default-tenants=0,7', '--photo-width=300', '--photo-height=400', '--idle-reset-seconds=45', '--theme=dark', '--locale=fr'],
      platform: 'linux',
    });
    const settings = settingsFor(config, 'configured', serviceLabelOf(config.service.url!));
    expect(settings).toEqual({
      mode: 'configured',
      serviceLabel: 'access.example.org:443',
      feed: { bufferSize: 5000, autoScrollResumeMs: 15_000, alarmMergeWindowMs: 60_000 },
      alarms: {
        sound: false,
        muteMinutes: 2,
        escalateAfterMinutes: 3,
        soundFor: ['critical', 'high'],
        rules: expect.arrayContaining([
          { id: 'door-forced', priority: 'critical', instructions: [], requireNote: false, sound: true },
          { id: 'access-denied', priority: 'low', instructions: [], requireNote: false, sound: false },
        ]),
      },
      search: { defaultTenants: [0, 7] },
      photo: { width: 300, height: 400, maxBytes: 2_097_152, contentType: 'image/jpeg' },
      frontDesk: { idleResetSeconds: 45 },
      homeView: 'front-desk',
      theme: 'dark',
      locale: 'fr',
      site: { tenants: [], cardholderTypes: [], devices: [], deviceTypes: [], eventCategories: [], eventTypes: [], subcodeCategories: [], subcodes: [] },
    });
    expect(JSON.stringify(settings)).not.toContain('reception7');
    settings.search.defaultTenants.push(9);
    expect(config.search.defaultTenants).toEqual([0, 7]);
  });
});

describe('siteNamesFor', () => {
  const demo: SiteNames = {
    tenants: [{ id: 0, name: 'Building' }],
    cardholderTypes: [{ id: 1, name: 'Employee' }],
    devices: [{ id: 301, name: 'Main Entrance Reader In', type: 4 }],
    deviceTypes: [{ id: 4, name: 'Reader' }],
    eventCategories: [{ id: 3, name: 'Door Alarm' }],
    eventTypes: [{ id: 403, name: 'Tamper' }],
    subcodeCategories: [{ id: 4, name: 'Communication' }],
    subcodes: [{ id: 43, name: 'Enclosure opened' }],
  };

  it('takes each configured list, and the demo service\'s names only where the configuration names none', () => {
    const config = loadConfig({
      systemFile: null,
      userFile: null,
      env: {},
      argv: ['--site-devices=[{"id":7,"name":"Back door"}]', '--site-tenants=[{"id":5,"name":"Tenant five"}]'],
      platform: 'linux',
    });
    const site = siteNamesFor(config.site, demo);
    expect(site.devices).toEqual([{ id: 7, name: 'Back door', type: null }]);
    expect(site.tenants).toEqual([{ id: 5, name: 'Tenant five' }]);
    expect(site.eventTypes).toEqual(demo.eventTypes);
    expect(siteNamesFor(config.site, null).eventTypes).toEqual([]);
  });

  it('refuses a device without a name, naming the key', () => {
    expect(() => loadConfig({ systemFile: null, userFile: null, env: {}, argv: ['--site-devices=[{"id":7}]'], platform: 'linux' })).toThrow(/site\.devices/);
  });
});
