/**
 * Administration and the admin lock: what an administrator may see (never a secret), the PIN's
 * state and the edge's actions it guards. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import { noPayload, op } from './operation';
import type { ErrorParams } from './error-text';
import type { MainText, ScreenTextKey } from './screen-text';
import type { DirectoryState } from './cardholders';

/** What an administrator may see of the service settings and the credential: never the secret. */
export interface AdminOverview {
  mode: 'demo' | 'configured';
  serviceLabel: string;
  authScheme: 'none' | 'apiKey' | 'basic' | 'bearer';
  /** Name of the API key header, or the basic user name; never the secret. */
  authDetail: string | null;
  customCertificateAuthority: boolean;
  pinnedCertificates: number;
  credential: {
    /** A credential is stored (whether the scheme uses it or not). */
    stored: boolean;
    savedAt: string | null;
    storage: 'os-keyring' | 'owner-only-file';
    encrypted: boolean;
    location: string;
    /** What an administrator should know about how safe the storage is, or why it cannot be read. */
    warning: string | null;
    /** The same warning's sentences, each as a key + parameters the screen words in its language (empty: none). */
    warnings?: MainText[];
    /** The service origin the stored credential is bound to (it is sent to no other); null when none is stored or it predates binding. */
    boundTo: string | null;
  };
  /** Set when the service is reached over plain http:// to another computer, allowed explicitly by service.allowPlainHttp. */
  transportWarning: string | null;
  /** The same, as a key + parameters the screen words in its language. */
  transportWarningText?: MainText | null;
  /** Devices of the configured site catalogue that no event seen so far names (optional: older mains sent none). */
  catalogueWarning?: string | null;
  /** The same, as a key + parameters the screen words in its language. */
  catalogueWarningText?: MainText | null;
  /** The cardholder directory saved on this workstation (personal data). */
  directory: {
    saved: boolean;
    /** Where the snapshot file is. */
    location: string;
    bytes: number | null;
    records: number;
    syncedAt: string | null;
    encrypted: boolean;
    /** How it is protected when not encrypted, or why the saved copy cannot be used. */
    warning: string | null;
    /** Why the saved copy cannot be used, as a code the screen words (as the front desk does). */
    snapshotIssue?: DirectoryState['snapshotIssue'];
    /** How it is protected when not encrypted, as a key + parameters the screen words (null: see `warning`). */
    warningText?: MainText | null;
  };
}

/** Whether the administrator PIN is set and unlocked, and how many tries are left; never the PIN or its hash. */
export interface AdminLockState {
  /** An admin PIN is set on this workstation (admin tool: set-pin). */
  configured: boolean;
  /** The admin actions are unlocked until `unlockedUntil` (ISO 8601). */
  unlocked: boolean;
  unlockedUntil: string | null;
  /** Too many wrong PINs: no try is accepted before this time (ISO 8601). */
  lockedUntil: string | null;
  /** Wrong PINs still accepted before the next lock-out. */
  attemptsLeft: number;
  /** Why the PIN cannot be used (a damaged or too open file), or what to run when none is set. */
  problem: string | null;
  /** The same, as a key + parameters the screen words in its language. */
  problemText?: MainText | null;
  /** The command an administrator runs on this workstation to set the PIN. */
  setCommand: string;
}

/** What an admin action of the Electron edge did (quit, leave kiosk mode). */
export interface AdminActionResult {
  done: boolean;
  /** English (the log); the screen words `key` + `params`. */
  message: string;
  key?: ScreenTextKey;
  params?: ErrorParams;
}

export const adminOperations = {
  getAdminOverview: op<AdminOverview>()(noPayload, { admin: 'Opening the Administration view', personal: false }),
  getAdminLock: op<AdminLockState>()(noPayload, { personal: false }),
  unlockAdmin: op<AdminLockState>()(z.object({ pin: z.string().min(1).max(64) }).strict(), { personal: false }),
  lockAdmin: op<AdminLockState>()(noPayload, { personal: false }),
  /** Quits the kiosk (needs a fresh unlock). */
  quitKiosk: op<AdminActionResult>()(noPayload, { admin: 'Quitting the kiosk', personal: false }),
  /** Leaves full-screen kiosk mode (needs a fresh unlock). */
  leaveKioskMode: op<AdminActionResult>()(noPayload, { admin: 'Leaving kiosk mode', personal: false }),
} as const;
