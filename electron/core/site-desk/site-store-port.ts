/**
 * The site store as the desk sync sees it: an ordered log of what guards did, appended through one
 * function that decides each action's outcome in the store (one conditional write decides who owns
 * an alarm), read from a position, with a doorbell when something was appended. Types only: the
 * implementation is site-store.ts (PostgreSQL through `pg`); the sync (desk-sync.ts) never speaks
 * SQL. Nothing here holds a password.
 */
import type { DeskActionKind, DeskOutcome, DeskPerson } from '../../contract/desk';

/** One action as a desk sends it. `actionId` is made by the kiosk: a replay is applied once. */
export interface SiteActionInput {
  /** A UUID the kiosk made when the guard acted. */
  actionId: string;
  kind: DeskActionKind;
  /** The alarm's site-wide identity (site-alarm-key.ts), null for sign-in, sign-out, handovers. */
  alarmKey: string | null;
  desk: string;
  operator: string | null;
  /** When the guard acted, the desk's clock (ISO 8601). */
  at: string;
  /**
   * What else the action carries: `note` (note, acknowledge, takeOver's reason), `leaseSeconds`
   * (claim, takeOver), `handover` (the site's picture), `handoverId` (handoverConfirm), `alarm`
   * ({ recordId, priority, created, device, text }: what the desk saw, for the handover of a desk
   * that never saw the alarm).
   */
  body: Record<string, unknown>;
}

/** One action as the store recorded it, in its order. */
export interface SiteActionRecord extends SiteActionInput {
  /** The store's order: strictly increasing, never reused. */
  seq: number;
  /** The store's clock when it recorded the action (ISO 8601). */
  recordedAt: string;
  outcome: Exclude<DeskOutcome, 'waiting'>;
  /** alreadyAcknowledged: who acknowledged first; claimHeld: who holds it; a done acknowledge or takeOver of a claimed alarm: who had claimed it. */
  by: (DeskPerson & { at: string }) | null;
  /** The claim after the action (claim, takeOver: the new one; release, acknowledge: null). */
  claim: { operator: string | null; desk: string; since: string; until: string } | null;
}

/** A live claim as the store holds it now. */
export interface SiteClaim {
  alarmKey: string;
  operator: string | null;
  desk: string;
  since: string;
  until: string;
}

/** A desk's last heartbeat. */
export interface SiteDeskBeat {
  desk: string;
  operator: string | null;
  /** When this operator signed in at this desk (ISO 8601). */
  since: string;
  heartbeatAt: string;
}

/** What a connection learnt of the store. */
export interface SiteStoreInfo {
  /** A UUID made when the store's schema was first created: a desk never applies one store's positions to another. */
  siteId: string;
  schemaVersion: number;
  /** Whether this kiosk migrated the schema now. */
  migrated: boolean;
}

/** Why the store cannot be used: `unreachable` (retry later), `refused` (an administrator must act: schema newer or not migrated, wrong password, TLS). */
export interface SiteStoreProblem {
  kind: 'unreachable' | 'refused';
  /** What the guard and the administrator read (English). */
  message: string;
  /** The reason as a code: schemaNewer, schemaOlder, auth, tls, unreachable, other. */
  code: 'schemaNewer' | 'schemaOlder' | 'auth' | 'tls' | 'unreachable' | 'other';
  /** For schemaNewer and schemaOlder: the store's version and the one this kiosk knows. */
  schema?: { found: number; known: number; command?: string };
}

export interface SiteStore {
  /** Host and port, never a password. */
  readonly label: string;
  /** Connects, migrates the schema when the role may (else checks it), and starts listening. Throws a SiteStoreError. */
  connect(): Promise<SiteStoreInfo>;
  /** Appends an action, once per actionId (a replay returns the first record). Throws a SiteStoreError. */
  record(action: SiteActionInput): Promise<SiteActionRecord>;
  /** Actions after `seq`, in order, at most `limit`. */
  readSince(seq: number, limit: number): Promise<SiteActionRecord[]>;
  /** The claims whose lease has not run out. */
  claims(): Promise<SiteClaim[]>;
  /** This desk is alive with this operator (null: nobody signed in); returns every desk's last beat. */
  heartbeat(desk: string, operator: string | null, since: string | null): Promise<SiteDeskBeat[]>;
  /** The site's operators (name and the PIN's salted hash, as a kiosk's own list keeps them). */
  operators(): Promise<Array<{ name: string; pin: unknown }>>;
  /** Called with the newest seq when another action was appended (LISTEN/NOTIFY); a lost connection is reported by onDown. */
  onDoorbell(listener: (seq: number) => void): () => void;
  /** Called when the connection is lost after connect() succeeded. */
  onDown(listener: (problem: SiteStoreProblem) => void): () => void;
  close(): Promise<void>;
}
