/**
 * What of the configuration the renderer may know (the contract's KioskSettings), and the label
 * that names the service on screen. Neither ever carries a credential, a user name, a path or a
 * query string.
 */
import type { KioskSettings, SiteNames } from '../../contract/ipc';
import type { KioskConfig } from './config-schema';
import { ruleViews } from '../alarms/alarm-rules';
import { resolveLocale, type SystemLanguages } from './locale';

/** The site catalogue: each list as configured, or the demo service's where the configuration names none. */
export function siteNamesFor(site: KioskConfig['site'], demoSite: SiteNames | null): SiteNames {
  const pick = <K extends Exclude<keyof SiteNames, 'devices'>>(key: K): SiteNames[K] => {
    const configured = site[key];
    const list = configured.length > 0 ? configured : (demoSite?.[key] ?? []);
    return list.map((entry) => ({ ...entry }));
  };
  return {
    tenants: pick('tenants'),
    cardholderTypes: pick('cardholderTypes'),
    devices: (site.devices.length > 0 ? site.devices : (demoSite?.devices ?? [])).map((d) => ({ id: d.id, name: d.name, type: d.type ?? null })),
    deviceTypes: pick('deviceTypes'),
    eventCategories: pick('eventCategories'),
    eventTypes: pick('eventTypes'),
    subcodeCategories: pick('subcodeCategories'),
    subcodes: pick('subcodes'),
  };
}

export type ServiceMode = KioskSettings['mode'];

/** `demoSite`: the simulator's names, used in demo mode where the configuration names none; `systemLanguages`: the OS's, for `kiosk.locale: auto`. */
export function settingsFor(config: KioskConfig, mode: ServiceMode, serviceLabel: string, demoSite: SiteNames | null = null, systemLanguages?: SystemLanguages): KioskSettings {
  return {
    mode,
    serviceLabel,
    feed: {
      bufferSize: config.feed.bufferSize,
      autoScrollResumeMs: config.feed.autoScrollResumeMs,
      alarmMergeWindowMs: config.feed.alarmMergeWindowMs,
    },
    alarms: {
      sound: config.alarms.sound,
      muteMinutes: config.alarms.muteMinutes,
      escalateAfterMinutes: config.alarms.escalateAfterMinutes,
      rules: ruleViews(config.alarms.rules, config.alarms.soundFor),
      soundFor: [...config.alarms.soundFor],
    },
    search: { defaultTenants: [...config.search.defaultTenants] },
    photo: { width: config.photo.pixelSize.width, height: config.photo.pixelSize.height, maxBytes: config.photo.maxBytes, contentType: config.photo.contentType },
    frontDesk: { idleResetSeconds: config.frontDesk.idleResetSeconds },
    homeView: config.kiosk.homeView,
    theme: config.kiosk.theme,
    locale: resolveLocale(config.kiosk.locale, systemLanguages),
    site: siteNamesFor(config.site, demoSite),
  };
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** "host:port" of a service address (default port made explicit); never user info, path or query. */
export function serviceLabelOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'unknown service';
  }
  const port = parsed.port || DEFAULT_PORTS[parsed.protocol] || '';
  return port ? `${parsed.hostname}:${port}` : parsed.hostname;
}
