/**
 * The shared alarm desk: several guard workstations on one service coordinate through the site's
 * PostgreSQL (siteStore.url). Every desk reads the same alarms from the service's feed; the store
 * carries only what people do about them — claims ("I'm on it"), acknowledgements, notes,
 * sign-ins and handovers — so when it is down guards lose coordination, never alarms. What this
 * desk did meanwhile waits in the kiosk's own database and is applied in order when the store
 * returns. Part of the IPC contract (index: ipc.ts).
 */
import { z } from 'zod';
import { id, noPayload, op } from './operation';
import type { MainText, ScreenText } from './screen-text';

/** What a guard can do that other desks learn of. */
export const DESK_ACTION_KINDS = ['claim', 'release', 'takeOver', 'acknowledge', 'note', 'signIn', 'signOut', 'handover', 'handoverConfirm'] as const;
export type DeskActionKind = (typeof DESK_ACTION_KINDS)[number];

/**
 * What the store decided of an action: `done`; `alreadyAcknowledged` (the alarm was acknowledged
 * before this action reached the store: kept in its activity, not counted twice); `claimHeld`
 * (another guard holds a live claim: use takeOver with a reason); `notOwner` (a release of a
 * claim this guard does not hold); `waiting` (not yet sent: the store is unreachable).
 */
export const DESK_OUTCOMES = ['done', 'alreadyAcknowledged', 'claimHeld', 'notOwner', 'waiting'] as const;
export type DeskOutcome = (typeof DESK_OUTCOMES)[number];

/** Somebody at a desk. */
export interface DeskPerson {
  /** The operator's name as their desk knew it ("unnamed" for an unnamed shift); null with sign-in off. */
  operator: string | null;
  /** The desk's name (siteStore.desk, by default the workstation's host name). */
  desk: string;
}

/** Who holds an alarm ("I'm on it") and until when the claim lasts unless renewed. */
export interface DeskClaim extends DeskPerson {
  /** This kiosk's number of the alarm. */
  alarmId: number;
  since: string;
  /** The lease: renewed while the guard works on it; after it another guard may take it over. */
  until: string;
  /** The claim is this desk's current operator's. */
  mine: boolean;
}

/** One entry of an alarm's activity, from any desk, in the store's order (pending ones last). */
export interface DeskActivity extends DeskPerson {
  actionId: string;
  kind: DeskActionKind;
  /** When the guard acted (their desk's clock, ISO 8601). */
  at: string;
  /** When the store recorded it (the store's clock); null while it waits to be sent. */
  recordedAt: string | null;
  outcome: DeskOutcome;
  /** The note or the take-over's reason ('' when none). */
  note: string;
  /** For alreadyAcknowledged and claimHeld: who had acknowledged or held it. */
  by: (DeskPerson & { at: string }) | null;
}

/** A guard signed in at a desk, as its heartbeat says. */
export interface DeskOnDuty extends DeskPerson {
  since: string;
  heartbeatAt: string;
  /** No heartbeat for longer than three periods: the desk may be off or cut from the store. */
  silent: boolean;
  /** This desk. */
  here: boolean;
}

/** How the shared desk stands at this kiosk. */
export interface DeskState {
  /** off: no store configured (the kiosk works alone); connecting; up; down (unreachable: actions wait); refused (the store cannot be used, e.g. its schema is newer: `problemText` says why). */
  status: 'off' | 'connecting' | 'up' | 'down' | 'refused';
  /** This desk's name. */
  desk: string;
  /** The store's host and port (never a password); null when off. */
  storeLabel: string | null;
  /** Since when it has been down or refused (ISO 8601), null otherwise. */
  since: string | null;
  /** Why it is down or refused, worded by the screen. */
  problemText: MainText | null;
  /** Actions of this desk waiting to be sent. */
  waiting: number;
  /** Live claims on alarms this kiosk holds. */
  claims: DeskClaim[];
  onDuty: DeskOnDuty[];
  /** The site's handover waiting for the guard signed in here to read and confirm; null when none. */
  handover: SiteHandoverSummary | null;
  /** The claim lease (siteStore.claimLeaseSeconds). */
  leaseSeconds: number;
  /** What the store did with this desk's actions that other desks had overtaken, shown until dismissed (newest first, at most 50). */
  notices: DeskNotice[];
}

/** What the store did with an action of this desk that other desks had overtaken (shown once). */
export interface DeskNotice {
  id: string;
  at: string;
  text: ScreenText;
  /** This kiosk's number of the alarm concerned, when there is one. */
  alarmId: number | null;
}

/** A handover written for the site at End shift, as the incoming guard reads it. */
export interface SiteHandoverSummary {
  /** The action id of the handover (what a confirmation refers to). */
  id: string;
  from: DeskPerson;
  at: string;
  /** The outgoing guard's words. */
  words: string;
  /** Every desk's acknowledgements in the shift, by desk and operator. */
  acknowledgedByDesk: Array<DeskPerson & { count: number }>;
  /** Alarms still open at the handover, with who held them. */
  open: Array<{ alarmId: number | null; priority: string; text: string; device: string; created: string; owner: DeskPerson | null }>;
  openTotal: number;
  /** Outages of the service during the shift, as the outgoing desk saw them. */
  outages: Array<{ since: string; endedAt: string | null }>;
  /** Notes written in the shift, from any desk (the newest 50). */
  notes: Array<DeskPerson & { at: string; alarmId: number | null; note: string }>;
  /** Confirmed by the incoming guard (who, where, when); null until then. */
  confirmed: (DeskPerson & { at: string }) | null;
}

/** The result of a claim, release, take-over or note: what the store decided, or `waiting`. */
export interface DeskActionResult {
  outcome: DeskOutcome;
  /** The claim as it stands after the action (null when nobody holds it). */
  claim: DeskClaim | null;
  /** Who held or acknowledged it, for claimHeld and alreadyAcknowledged. */
  by: (DeskPerson & { at: string }) | null;
}

const note = z.string().max(2_000, 'A note is at most 2,000 characters.');

export const deskOperations = {
  /** The title bar's desk state: who is on duty (operator names, as the sign-in screen lists them); the site's handover is only in it while someone is signed in. */
  getDeskState: op<DeskState>()(noPayload, { personal: false }),
  /** "I'm on it": claims (or renews) an alarm for the operator on shift here. */
  claimAlarm: op<DeskActionResult>()(z.object({ alarmId: id }).strict(), { shift: 'Claiming an alarm', personal: false }),
  /** Lets go of a claim this guard holds. */
  releaseAlarm: op<DeskActionResult>()(z.object({ alarmId: id }).strict(), { shift: 'Claiming an alarm', personal: false }),
  /** Takes an alarm over from the guard holding it, with a reason (logged in its activity). */
  takeOverAlarm: op<DeskActionResult>()(z.object({ alarmId: id, reason: note.refine((s) => s.trim() !== '', 'A take-over needs a reason.') }).strict(), { shift: 'Claiming an alarm', personal: false }),
  /** A note on an alarm, shared with every desk (without acknowledging it). */
  addAlarmNote: op<DeskActionResult>()(z.object({ alarmId: id, note: note.refine((s) => s.trim() !== '', 'A note cannot be empty.') }).strict(), { shift: 'Writing an alarm note', personal: false }),
  /** Everything done about an alarm, from every desk, oldest first. */
  getAlarmActivity: op<DeskActivity[]>()(z.object({ alarmId: id }).strict(), { personal: 'Showing the alarms waiting' }),
  /** The incoming guard read the site's handover: recorded for the site. */
  confirmSiteHandover: op<DeskState>()(z.object({ handoverId: z.string().uuid() }).strict(), { shift: 'Confirming the handover', personal: false }),
  /** The outgoing guard's words for the site's handover, kept until End shift writes it (the End shift dialog sends them first). */
  setHandoverWords: op<DeskState>()(z.object({ words: z.string().max(4_000, 'The handover words are at most 4,000 characters.') }).strict(), { shift: 'Confirming the handover', personal: false }),
  /** The notices shown once ("alarm 4001 was already acknowledged by Ada at desk 2 at 02:16"): dismissed. */
  dismissDeskNotice: op<DeskState>()(z.object({ id: z.string().min(1).max(100) }).strict(), { personal: false }),
} as const;
