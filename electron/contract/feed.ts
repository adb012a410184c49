/**
 * The live event feed: the service's events as the kiosk shows them and the feed's connection
 * state. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { KioskError } from './errors';
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

/** An event as the kiosk shows it: the service's record plus what the alarm rules decided. */
export interface FeedEvent extends SystemEvent {
  alarm: { priority: AlarmPriority; rule: string } | null;
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
  /** Main's resync epoch: 0 at start, +1 each time the server's ids went back (the renderer follows it). */
  epoch?: number;
}

export const feedOperations = {
  getFeedSnapshot: op<FeedSnapshot>()(noPayload),
  getEvent: op<FeedEvent>()(z.object({ id }).strict()),
} as const;
