/**
 * The settings the renderer may know and the site catalogue (names of what the service knows by
 * number). Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { AlarmPriority } from './feed';
import type { AlarmRuleView } from './alarms';
import { noPayload, op } from './operation';
import { KIOSK_LOCALES, type KioskLocale } from './languages';

/** Settings the renderer may know; secrets never appear here. */
export interface KioskSettings {
  mode: 'demo' | 'configured';
  serviceLabel: string;
  feed: { bufferSize: number; autoScrollResumeMs: number; alarmMergeWindowMs: number };
  alarms: {
    sound: boolean;
    muteMinutes: number;
    escalateAfterMinutes: number;
    /** The rules' instructions, required notes and sounds, by rule id (optional: older mains sent none). */
    rules?: AlarmRuleView[];
    /** Priorities that sound when a rule does not say (escalated alarms too). */
    soundFor?: AlarmPriority[];
  };
  /** The tenants History starts with; empty: every tenant of the site catalogue. */
  search: { defaultTenants: number[] };
  /** How the front desk captures ID photos (the upload format stays in main). */
  photo: { width: number; height: number; maxBytes: number; contentType: 'image/jpeg' | 'image/png' };
  frontDesk: { idleResetSeconds: number };
  /** The screen the kiosk opens on (a view id of the shell). */
  homeView: string;
  /** The colour theme the kiosk opens with (the person at the kiosk may switch it). */
  theme: 'light' | 'dark';
  /** The workstation's language (`kiosk.locale`, `auto` resolved by main from the operating system). */
  locale: KioskLocale;
  /** Names of what the service knows by number (configuration, or the simulator's in demo mode). */
  site: SiteNames;
}

export interface NamedId {
  id: number;
  name: string;
}

/** A device of the site: its number, its name as events carry it, its device type's number when known. */
export interface SiteDevice extends NamedId {
  type: number | null;
}

/** The site catalogue: names of what the service knows by number. */
export interface SiteNames {
  tenants: NamedId[];
  cardholderTypes: NamedId[];
  devices: SiteDevice[];
  deviceTypes: NamedId[];
  eventCategories: NamedId[];
  eventTypes: NamedId[];
  subcodeCategories: NamedId[];
  subcodes: NamedId[];
}

/** What the kiosk has met that the site catalogue does not name (History offers them, marked "seen"). */
export interface SeenNames {
  /** Tenant numbers on cardholders of the directory. */
  tenants: number[];
  /** device_Name values of events in the live feed and recent searches. */
  devices: string[];
  /** event_Category_Name values of those events. */
  categories: string[];
}

/** The site catalogue History offers: the configured names, and what the kiosk has seen besides. */
export interface SiteCatalogue {
  site: SiteNames;
  seen: SeenNames;
}

export const configOperations = {
  getSettings: op<KioskSettings>()(noPayload, { personal: false }),
  getSiteCatalogue: op<SiteCatalogue>()(noPayload, { personal: false }),
  /** The language the page shows now (a switch for the shift, the idle reset's return): main words its native dialogs in it. Answers the language main now uses. */
  showLanguage: op<{ locale: KioskSettings['locale'] }>()(z.object({ locale: z.enum(KIOSK_LOCALES) }).strict(), { personal: false }),
} as const;
