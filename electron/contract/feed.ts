/**
 * The live event feed: the service's events as the kiosk shows them and the feed's connection
 * state. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { KioskError } from './errors';
import type { ErrorParams } from './error-text';
import type { ScreenTextKey } from './screen-text';
import { id, noPayload, op } from './operation';

/** A system event as the service defines it (spec field names kept verbatim). */
export interface SystemEvent {
  record_ID: number;
  created: string;
  event_Category_Name: string;
  device_Name: string;
  custom_Text: string;
  origin_Name: unknown;
  additional_Info: unknown;
  cardnumber: unknown;
  facility_Code: unknown;
  /** Fields the service sent that the spec does not name are kept. */
  [extra: string]: unknown;
}

export const ALARM_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlarmPriority = (typeof ALARM_PRIORITIES)[number];

/** waiting: nobody has acknowledged it; setAside: waiting, set aside beyond the list's bound; acknowledged. */
export type AlarmState = 'waiting' | 'setAside' | 'acknowledged';

/** What the alarm rules decided of an event; for an alarm main keeps, its number and state as it was sent. */
export interface AlarmMark {
  priority: AlarmPriority;
  rule: string;
  /** The kiosk's number of this alarm (its identity: the event's id with its content); absent for History's events. */
  id?: number;
  state?: AlarmState;
}

/** An event as the kiosk shows it: the service's record plus what the alarm rules decided. */
export interface FeedEvent extends SystemEvent {
  alarm: AlarmMark | null;
}

/**
 * live: the service answers; slow: it answers too slowly (no successful poll for longer than
 * service.timeoutMs); reconnecting: it failed otherwise; offline: after enough failures or time.
 */
export type FeedStatus = 'connecting' | 'live' | 'slow' | 'reconnecting' | 'offline';

export interface FeedState {
  status: FeedStatus;
  /** When the current status began (ISO 8601). */
  since: string;
  /** Last successful poll of the service (ISO 8601), null before the first. */
  lastSuccessAt: string | null;
  /** Highest record_ID delivered to the renderer so far. */
  lastDeliveredId: number | null;
  /** The highest event id the service reported last (null before it answered). */
  maxEventId: number | null;
  /** Why the feed is not live, when it is not. */
  error: KioskError | null;
  /**
   * When the service stopped answering (ISO 8601): the start of the first poll that did not
   * succeed. It stays put while the outage goes on (slow, reconnecting, offline); null while live.
   */
  outageSince?: string | null;
  /** When the kiosk last received a new event from the service (ISO 8601), null before the first. */
  lastEventAt?: string | null;
}

export interface FeedSnapshot {
  state: FeedState;
  /** The events main holds, in record_ID order (oldest first). */
  events: FeedEvent[];
  /** Main's numbering of the service's ids: +1 each time they restarted (the renderer follows it). */
  epoch?: number;
  /** The catch-up under way and the events set aside. */
  progress?: FeedProgress;
  /** The last notices of this run (a reloaded screen shows them again). */
  notices?: FeedNotice[];
}

/**
 * Something the guard should read about the feed: its numbering restarted (resync), what the
 * kiosk read after the fact (caughtUp), events it could not read (notRead), other (info).
 */
export interface FeedNotice {
  kind: 'resync' | 'info' | 'caughtUp' | 'notRead';
  /** English (the log, the fallback); the screen words `key` + `params`. */
  message: string;
  at: string;
  key?: ScreenTextKey;
  params?: ErrorParams;
}

/** Events the service produced while the kiosk was stopped (or after its numbering restarted), read after the fact. */
export interface CatchUpProgress {
  cause: 'stopped' | 'renumbered';
  /** Events read so far. */
  read: number;
  /** Ids in the range being read: at most this many events (ids the service skipped are not events). */
  total: number;
  /** Ids passed so far (read or not existing), of `total`. */
  passed: number;
  /** Alarms found so far. */
  alarms: number;
  /** The time span: since the service last answered before, until the kiosk started (ISO 8601). */
  since: string | null;
  until: string;
}

/** The feed's work besides the live tail: a catch-up under way, events set aside. */
export interface FeedProgress {
  catchUp: CatchUpProgress | null;
  setAside: {
    /** Events the service sent that could not be read, kept apart (for this service). */
    count: number;
    lastId: number | null;
    lastReason: string | null;
    lastAt: string | null;
  };
}

export const feedOperations = {
  getFeedSnapshot: op<FeedSnapshot>()(noPayload, { personal: 'Showing the live feed' }),
  getEvent: op<FeedEvent>()(z.object({ id }).strict(), { personal: 'Showing the live feed' }),
} as const;
