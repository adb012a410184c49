/**
 * Whether the service answers: the status bar's state, "Check now" and the outage alarm (losing
 * the service is an alarm, main's). Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import type { KioskError } from './errors';
import { id, noPayload, op } from './operation';

export interface ServiceStatus {
  /** demo: the embedded simulator; configured: the service an administrator set. */
  mode: 'demo' | 'configured';
  /** Host and port of the service, never credentials or paths with secrets. */
  serviceLabel: string;
  reachable: boolean;
  maxEventId: number | null;
  checkedAt: string;
  error: KioskError | null;
}

/** One loss of the service, raised as an alarm once it lasted alarms.outageAfterSeconds. */
export interface OutageAlarm {
  id: number;
  /** When the service stopped answering: the start of the first request that did not succeed (ISO 8601). */
  since: string;
  /** When the alarm was raised. */
  raisedAt: string;
  /** When the service answered again; null while it is lost. */
  endedAt: string | null;
  acknowledgedAt: string | null;
  /** Who acknowledged it (main's name of the operator on shift). */
  acknowledgedBy: string | null;
}

/** The outage alarm as main keeps it, whatever screen is shown and whoever is on shift. */
export interface OutageAlarmState {
  /** The outage alarm to show: raised and not yet both over and acknowledged; null when there is none. */
  current: OutageAlarm | null;
  /** Whether alarm and outage tones sound at this kiosk: a guard station (home screen the live feed), or the live feed was opened since the kiosk started. */
  sounds: boolean;
  /** How long the service must be lost before it is an alarm (alarms.outageAfterSeconds). */
  afterSeconds: number;
}

export const statusOperations = {
  getServiceStatus: op<ServiceStatus>()(noPayload, { personal: false }),
  getOutageAlarm: op<OutageAlarmState>()(noPayload, { personal: false }),
  /** The live feed screen was opened: alarm and outage tones sound at this kiosk from now on (until it restarts). */
  openedGuardScreen: op<OutageAlarmState>()(noPayload, { personal: false }),
  /** The guard saw it: its tone stops; the banner stays while the service is lost. */
  acknowledgeOutage: op<OutageAlarmState>()(z.object({ id }).strict(), { shift: 'Acknowledging an outage', personal: false }),
} as const;
