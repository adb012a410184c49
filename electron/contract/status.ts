/**
 * Whether the service answers: the status bar's state and "Check now". Part of the IPC contract (index: ipc.ts).
 */
import type { KioskError } from './errors';
import { noPayload, op } from './operation';

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

export const statusOperations = {
  getServiceStatus: op<ServiceStatus>()(noPayload),
} as const;
