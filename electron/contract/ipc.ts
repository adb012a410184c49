/**
 * The IPC contract: the one source of truth for every operation the renderer may ask of main
 * (name → request schema → result type) and every push event main sends to the renderer
 * (name → payload type). Imported by main (validation), preload (named methods) and the
 * renderer (`import type` only). It imports nothing but the validation library.
 */
import { z } from 'zod';

// ───────────────────────── errors and results ─────────────────────────

/** Every failure that crosses IPC is one of these codes, never a raw exception. */
export const ERROR_CODES = [
  'invalid_request', // the renderer sent a payload that does not match the contract
  'unreachable', // the service did not answer (refused, DNS, TLS, dropped)
  'timeout',
  'unauthorized',
  'forbidden',
  'not_found',
  'rejected', // 400 / 409 / 415 / 422: the server refused the input, with its message
  'too_large',
  'server_error',
  'malformed_answer', // the server answered something that is not what the spec says
  'cancelled',
  'config', // configuration is missing or wrong
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A typed error: `message` is for the person at the kiosk, `detail` for the log (never secrets). */
export interface KioskError {
  code: ErrorCode;
  message: string;
  detail?: string;
  /** The request or answer field at fault, when there is one. */
  field?: string;
  /** The service endpoint involved, e.g. "GET /api/SystemEvents/maxid". */
  endpoint?: string;
  /** HTTP status when the service answered one. */
  status?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: KioskError };

// ───────────────────────── domain shapes (results and payloads) ─────────────────────────

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
  locale: 'en' | 'de' | 'fr' | 'es' | 'en-XA';
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

/** One entry of the operator log: an alarm acknowledged, with the guard's note. */
export interface Acknowledgement {
  /** "event:<record_ID>" (older entries: a merged row's device + text + first id). */
  alarmKey: string;
  recordIds: number[];
  note: string;
  acknowledgedAt: string;
  device: string;
  text: string;
  /** Who acknowledged it: the signed-in operator's name as main knew it ("unnamed" for an unnamed shift); null before operators existed or with sign-in off. */
  operator?: string | null;
  /** When the alarm event happened (its `created`), and its priority, as the guard saw it; null when main no longer held it. */
  eventCreated?: string | null;
  priority?: AlarmPriority | null;
}

/** One page of the operator log's acknowledgements, newest first; `total` is how many the log holds in all. */
export interface AcknowledgementPage {
  total: number;
  offset: number;
  items: Acknowledgement[];
}

/** An alarm nobody has acknowledged yet, as main keeps it apart from the feed's rolling buffer. */
export interface OpenAlarm {
  event: FeedEvent;
  /** Its `created` is before this shift began (older than alarms.shiftHours at start): grouped, never escalated. */
  preShift: boolean;
}

/** How the kiosk's list of unacknowledged alarms stands: its bound, and alarms it had to set aside. */
export interface OpenAlarmsOverflow {
  /** Alarms set aside unacknowledged since start because the list was full (the lowest priority, oldest first). */
  dropped: number;
  /** When that first happened, and last (ISO 8601). */
  firstAt: string;
  lastAt: string;
  message: string;
}

/** Every unacknowledged alarm main holds (whatever the event rate), in record_ID order. */
export interface OpenAlarmsSnapshot {
  /** Increases with every change; a push with a revision other than the next one asks for a new snapshot. */
  revision: number;
  alarms: OpenAlarm[];
  /** Most alarms held at once (alarms.maxOpen). */
  bound: number;
  /** Alarms created before this instant are "from before this shift" (ISO 8601). */
  shiftStartedAt: string;
  overflow: OpenAlarmsOverflow | null;
  /** The saved list could not be read at start (it was kept aside); null when it could. */
  loadProblem: string | null;
}

/** A change of the unacknowledged alarms (push). */
export interface OpenAlarmsChange {
  revision: number;
  added: OpenAlarm[];
  removed: number[];
  overflow: OpenAlarmsOverflow | null;
}

/** What the guard needs of an alarm rule on screen (never the matching criteria). */
export interface AlarmRuleView {
  id: string;
  priority: AlarmPriority;
  /** Lines telling the guard what to do, provisioned with the rule (may be empty). */
  instructions: string[];
  /** Acknowledging needs a note (main refuses one without). */
  requireNote: boolean;
  /** Whether a new alarm of this rule sounds: the rule's own choice, else alarms.soundFor. */
  sound: boolean;
}

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
    /** The service origin the stored credential is bound to (it is sent to no other); null when none is stored or it predates binding. */
    boundTo: string | null;
  };
  /** Set when the service is reached over plain http:// to another computer, allowed explicitly by service.allowPlainHttp. */
  transportWarning: string | null;
  /** Devices of the configured site catalogue that no event seen so far names (optional: older mains sent none). */
  catalogueWarning?: string | null;
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
  };
}

/** A history result: the event classified by the kiosk's alarm rules, and what the service's own alarm flag says. */
export interface HistoryEvent extends FeedEvent {
  /** The service's isAlarm flag for this event; null when it could not be learnt. */
  serviceAlarm: boolean | null;
}

export interface EventSearchResult {
  /** Handle main keeps for the result so it can be exported without sending it back. */
  resultId: string;
  events: HistoryEvent[];
}

/** The site catalogue History offers: the configured names, and what the kiosk has seen besides. */
export interface SiteCatalogue {
  site: SiteNames;
  seen: SeenNames;
}

export interface ExportResult {
  saved: boolean;
  /** Where the file was written, when saved. */
  path: string | null;
  rows: number;
}

/** Progress of a long-running operation started by an operation call. */
export interface TaskProgress {
  taskId: string;
  label: string;
  done: number;
  total: number | null;
  finished: boolean;
}

// ───────────────────────── cardholders (front desk) ─────────────────────────

/** A cardholder as the service defines it (spec field names kept verbatim; unknown fields kept). */
export interface CardholderRecord {
  id: number;
  displayName: string;
  first_Name: string;
  last_Name: string;
  middle_Name: string;
  card_Holder_Letter_ID: number;
  employee_ID: string;
  displayEmployeeId: string;
  email: string;
  sex: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  birthday: unknown;
  created: string;
  updated: string;
  tenant: number[];
  photo_Exists: boolean;
  card_Holder_Type_ID: number;
  card_Holder_ID: unknown;
  name: string;
  [extra: string]: unknown;
}

/** One row of a lookup result: what the list shows and the record view starts from. */
export type CardholderSummary = Pick<
  CardholderRecord,
  'id' | 'first_Name' | 'middle_Name' | 'last_Name' | 'displayName' | 'employee_ID' | 'displayEmployeeId' | 'email' | 'phone' | 'tenant' | 'photo_Exists' | 'card_Holder_Type_ID'
> & {
  /** Enrolments for this cardholder wait in the outbox (created offline: not on the service yet). */
  pending?: boolean;
};

export interface CardholderPage {
  query: string;
  /** Matches in all, ranked; `items` are those from `offset` on. */
  total: number;
  offset: number;
  items: CardholderSummary[];
  /** Names close to what was typed, when nothing was found ("Did you mean Lewandowski?"). */
  suggestions?: string[];
}

/** A record the service sent that the directory set aside. */
export interface DirectoryRecordProblem {
  /** Position in the service's list, from 1. */
  position: number;
  id: number | null;
  field: string;
  message: string;
}

export interface DirectorySyncReport {
  outcome: 'updated' | 'unchanged';
  at: string;
  total: number;
  added: number;
  changed: number;
  removed: number;
  /** Records the service sent that could not be used (the first ones in `problems`). */
  rejected: number;
  problems: DirectoryRecordProblem[];
}

/** A list much smaller than the directory (or empty) that was not taken without the officer's word. */
export interface DirectoryHeld {
  outcome: 'held';
  at: string;
  previous: number;
  received: number;
  usable: number;
}

export type DirectorySyncResult = DirectorySyncReport | DirectoryHeld;

export type DirectorySyncPhase = 'downloading' | 'checking' | 'indexing' | 'saving';

export interface DirectoryState {
  status: 'empty' | 'loading' | 'ready';
  /** Cardholders the lookup holds. */
  records: number;
  /** When those records were received from the service (kept across restarts by the snapshot). */
  syncedAt: string | null;
  lastSync: DirectorySyncReport | null;
  syncing: { taskId: string; phase: DirectorySyncPhase; done: number; total: number | null; startedAt: string } | null;
  /** Why the last sync failed; null once one succeeds. */
  lastFailure: { at: string; error: KioskError } | null;
  held: DirectoryHeld | null;
  /** Why the saved directory could not be used at start, if it could not. */
  snapshotProblem: string | null;
  /** Seconds between automatic syncs; 0: at start and on demand only. */
  intervalSeconds: number;
  /** Cardholders created on the service from this workstation since the kiosk started (in `records` at once). */
  enrolledHere?: number;
}

/** A record of the directory that looks like the person about to be enrolled. */
export interface DuplicateCandidate {
  cardholder: CardholderSummary;
  /** What is the same: the employee ID, the first and last name (accents and case aside), the e-mail. */
  reasons: Array<'employeeId' | 'name' | 'email'>;
}

/** What an update did. */
export type CardholderUpdateOutcome =
  /** The service could not be reached: the change waits in the outbox; `record` shows it applied. */
  | { outcome: 'queued'; record: CardholderRecord; item: OutboxItemView }
  /** Sent (only the fields that changed) and read back: `record` is what the server saved. */
  | { outcome: 'saved'; record: CardholderRecord; sent: string[]; warning: KioskError | null }
  /** Nothing had changed: nothing was sent. */
  | { outcome: 'unchanged'; record: CardholderRecord | null }
  /** The record changed on the server since it was opened: nothing was sent; `current` is the server's. */
  | { outcome: 'conflict'; current: CardholderRecord };

// ───────────────────────── the outbox (enrolments waiting for the service) ─────────────────────────

export type OutboxKind = 'create' | 'update' | 'photo';

/** One enrolment saved on this workstation and not yet confirmed by the service. */
export interface OutboxItemView {
  id: string;
  kind: OutboxKind;
  /** The cardholder's id on the service, or — created here while offline — its provisional negative id. */
  cardholderId: number;
  /** Who it is about, as the officer saw it ("Dupont, Marie"). */
  label: string;
  queuedAt: string;
  /** pending: waiting or retrying; sending: being sent now; failed: the service refused it (needs attention). */
  state: 'pending' | 'sending' | 'failed';
  attempts: number;
  /** A try whose answer never came: the service may have it already; it is checked before it is sent again. */
  inDoubt?: boolean;
  nextAttemptAt: string | null;
  lastError: KioskError | null;
  /** The fields of a queued create or update (to open a refused one in the form), or the photo's size. */
  fields: Partial<CardholderFields> | null;
  photoBytes: number | null;
}

export interface OutboxState {
  /** Items waiting or being sent (not the refused ones). */
  pending: number;
  /** Items the service refused: they wait for the officer (fix and resend, or discard). */
  failed: number;
  /** The whole queue waits: the service refused the kiosk's credential (401/403). */
  paused: { at: string; error: KioskError } | null;
  /** The service did not answer the last try: new enrolments are queued at once. */
  offline: boolean;
  items: OutboxItemView[];
  /** Part of the saved queue could not be read: the file was kept aside for an administrator. */
  damage: { keptAt: string; unreadable: number; reason: string } | null;
  /** Cardholders created offline that the service has since confirmed: provisional id → real id (latest first, since start). */
  confirmed: Array<{ provisionalId: number; id: number; at: string }>;
}

/** What a create or a photo upload did: sent, or saved on this workstation for later. */
export interface EnrolmentWrite {
  /** The record as the service saved it, or — queued — as it will be once sent. */
  record: CardholderRecord;
  /** Set when the service could not be reached: the write waits in the outbox. */
  queued: OutboxItemView | null;
}

/** An entry of the local log of enrolment actions (the Operator log view). */
export interface EnrolmentLogEntry {
  at: string;
  kind: 'created' | 'updated' | 'photo' | 'queued' | 'replayed' | 'linked' | 'refused' | 'discarded';
  cardholderId: number;
  /** The officer-visible name ("Dupont, Marie"); never a secret. */
  name: string;
  /** What happened, in a sentence. */
  outcome: string;
  /** Who did it: the signed-in operator's name as main knew it; null before operators existed or with sign-in off. */
  operator?: string | null;
}

/**
 * A cardholder type or a tenant the enrolment form offers: named where the site catalogue names
 * it, and with how many cardholders of the directory carry it (0: nobody yet; `seen`: some do).
 */
export interface EnrolmentChoice {
  id: number;
  /** The site catalogue's name, or "Tenant 2" / "Type 3" where it has none. */
  name: string;
  /** The site catalogue names it. */
  named: boolean;
  /** Cardholders of the directory that carry it. */
  count: number;
}

/** What the enrolment form offers and starts with, from the site catalogue, the configuration and the directory. */
export interface EnrolmentChoices {
  tenants: EnrolmentChoice[];
  cardholderTypes: EnrolmentChoice[];
  /** Preselected on a new cardholder: the site's default (frontDesk.*), or else the most common in the directory. */
  defaults: { tenants: number[]; cardholderType: number | null };
  /** frontDesk.employeeIdPattern, when the site narrows employee IDs. */
  employeeIdPattern: string | null;
  /** Cardholders the counts come from. */
  records: number;
}

/** Counts of the values the directory's records carry (computed where the directory lives). */
export interface DirectoryValueCounts {
  records: number;
  tenants: Array<{ id: number; count: number }>;
  cardholderTypes: Array<{ id: number; count: number }>;
  /** Tenant sets as records carry them (sorted, joined by ","), most common first, at most a few. */
  tenantSets: Array<{ ids: number[]; count: number }>;
}

/** A cardholder's record as the record view shows it. */
export interface CardholderView {
  record: CardholderRecord;
  /** True when it was just read from the service; false when the service could not be asked. */
  refreshed: boolean;
  /** Why it could not be refreshed. */
  warning: KioskError | null;
  /** Enrolments for this cardholder waiting in the outbox. */
  queued: OutboxItemView[];
}

// ───────────────────────── the admin lock (administrator PIN) ─────────────────────────

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
  /** The command an administrator runs on this workstation to set the PIN. */
  setCommand: string;
}

/** What an admin action of the Electron edge did (quit, leave kiosk mode). */
export interface AdminActionResult {
  done: boolean;
  message: string;
}

// ───────────────────────── operators (who is on shift) ─────────────────────────

/** Who is on shift at this kiosk, and how one signs in; never a PIN or its hash. */
export interface OperatorState {
  /** 'required': the screens wait for a sign-in; 'off': the site does not name its operators. */
  signIn: 'required' | 'off';
  /** The site lets a shift start without a name ("unnamed"). */
  allowUnnamed: boolean;
  /** The provisioned operators' names (admin add-operator). */
  names: string[];
  /** The shift under way: the operator's name ("unnamed" for an unnamed shift) and when it began; null when nobody is signed in. */
  current: { name: string; unnamed: boolean; since: string } | null;
  /** Why the operator list cannot be used, or what to run when none is provisioned. */
  problem: string | null;
  /** The command an administrator runs to add operators. */
  addCommand: string;
}

/** Alarms of one priority raised during a shift. */
export interface HandoverPriorityLine {
  priority: AlarmPriority;
  raised: number;
  acknowledged: number;
  open: number;
}

/** The shift handover report made at "End shift" (saved as PDF and CSV, kept in the operator log). */
export interface HandoverReport {
  operator: string;
  from: string;
  to: string;
  alarms: HandoverPriorityLine[];
  /** Alarms still waiting at the end of the shift (at most the first 50). */
  stillOpen: Array<{ id: number; created: string; priority: AlarmPriority; device: string; text: string }>;
  notes: Array<{ at: string; device: string; text: string; note: string; operator: string | null }>;
  outages: Array<{ from: string; to: string | null; reason: string }>;
  exports: Array<{ at: string; what: string; path: string; rows: number; operator: string | null }>;
  /** Where the PDF and the CSV were saved (owner-only), null when they could not be written. */
  pdfPath: string | null;
  csvPath: string | null;
  /** Why a file could not be written. */
  warning: string | null;
}

/** A handover report as the operator log lists it. */
export interface HandoverLogEntry {
  at: string;
  operator: string;
  from: string;
  acknowledged: number;
  open: number;
  pdfPath: string | null;
  csvPath: string | null;
}

/** A cardholder of the directory that an event's text names (the guard's read-only link). */
export interface EventPerson {
  id: number;
  displayName: string;
  /** The words of the event's text that matched. */
  matched: string;
}

// ───────────────────────── badges (printing the cardholder's card) ─────────────────────────

/** One element of a badge side as it will print: a box in millimetres from the card's top-left corner. */
export interface BadgeBox {
  id: string;
  kind: 'text' | 'photo' | 'image' | 'band' | 'border' | 'barcode';
  x: number;
  y: number;
  width: number;
  height: number;
  /** text: the fitted lines (never cut) and their size in points. */
  lines?: string[];
  fontSize?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** photo, image, barcode: a data: URL (null: no photo yet). */
  src?: string | null;
  fit?: 'contain' | 'cover' | 'fill';
  /** band and border: the colour for this cardholder's type. */
  fill?: string;
  /** border: its thickness in millimetres. */
  thickness?: number;
}

/** A side of the card laid out for one cardholder: what the true-size preview shows and the printer prints. */
export interface BadgeSideLayout {
  side: 'front' | 'back';
  widthMm: number;
  heightMm: number;
  background: string;
  backgroundImage: string | null;
  boxes: BadgeBox[];
}

/** A template found in the provisioning folder. */
export interface BadgeTemplateInfo {
  id: string;
  file: string;
  name: string;
  orientation: 'portrait' | 'landscape';
  sides: number;
  cardholderTypes: number[];
  isDefault: boolean;
  /** Why the template cannot be used (file and element named); empty when it can. */
  problems: string[];
}

export interface BadgeSetup {
  templatesDir: string | null;
  templates: BadgeTemplateInfo[];
  /** badges.printer, or null when none is set. */
  printer: string | null;
  /** Printers the operating system has. */
  installedPrinters: string[];
}

/** The card as it will print, ready for "Print" or "Save as PDF". */
export interface BadgePreview {
  previewId: string;
  templateId: string;
  templateName: string;
  orientation: 'portrait' | 'landscape';
  sides: BadgeSideLayout[];
  /** Where the photo comes from: taken in this session, the encrypted photo cache, a chosen file, none (a new one is needed). */
  photo: 'session' | 'cache' | 'file' | 'none';
  /** The template has a photo and none is at hand: printing waits for one. */
  needsPhoto: boolean;
  /** Badges already printed for this cardholder on this workstation (a reprint asks why). */
  printedBefore: number;
  printer: string | null;
}

/** A badge template as JSON (the layout editor edits it; main checks it with the template schema and the `--admin check` checker). */
export interface BadgeTemplateDocument {
  name: string;
  orientation: 'portrait' | 'landscape';
  front: BadgeSideDocument;
  back?: BadgeSideDocument;
  [key: string]: unknown;
}
export interface BadgeSideDocument {
  background?: string;
  elements: BadgeElementDocument[];
  [key: string]: unknown;
}
/** One element as the template file has it (lengths in mm, font sizes in pt). */
export interface BadgeElementDocument {
  type: BadgeBox['kind'];
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  field?: string;
  text?: string;
  fontSize?: number;
  minFontSize?: number;
  color?: string;
  defaultColor?: string;
  borderColor?: string;
  thickness?: number;
  [key: string]: unknown;
}

/** A template file for the layout editor: its validated JSON and its problems. */
export interface BadgeTemplateSource {
  templateId: string;
  file: string;
  template: BadgeTemplateDocument;
  problems: string[];
}

/** An edited template laid out with the sample cardholder, or why it cannot be (the `--admin check` problems). */
export interface BadgeTemplateDraftPreview {
  preview: BadgePreview | null;
  problems: string[];
}

export interface BadgeTemplateSaved {
  templateId: string;
  file: string;
  /** The previous version, kept beside it (null when there was none). */
  backup: string | null;
}

export const REPRINT_REASONS = ['lost', 'damaged', 'name-change', 'new-photo', 'other'] as const;
export type ReprintReason = (typeof REPRINT_REASONS)[number];

/** One badge print in the operator log. */
export interface BadgePrintEntry {
  at: string;
  workstation: string;
  cardholderId: number;
  name: string;
  template: string;
  /** The printer's name, or "PDF" for "Save as PDF". */
  printer: string;
  outcome: 'printed' | 'saved' | 'failed';
  /** Empty for a first print; the reprint's reason otherwise ("lost", "other: …"). */
  reason: string;
  /** Why it failed, or where the PDF was saved. */
  detail: string;
  /** The operator on shift, stamped by main ("unnamed" for an unnamed shift); null with sign-in off. */
  operator?: string | null;
}

export interface BadgePrintResult {
  entry: BadgePrintEntry;
  /** Where the PDF was written (Save as PDF). */
  path: string | null;
}

// ───────────────────────── request schemas ─────────────────────────

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A cardholder: its id on the service, or the negative provisional id of one created offline and waiting in the outbox. */
const cardholderId = z
  .number()
  .int()
  .min(-Number.MAX_SAFE_INTEGER)
  .max(Number.MAX_SAFE_INTEGER)
  .refine((n) => n !== 0, { message: 'a cardholder id is never 0' });
const isoTimestamp = z.iso.datetime({ offset: true });
/** The service's numbers are 32-bit (the renderer's form checks the same bound first, with its own words). */
export const MAX_SERVICE_ID = 2_147_483_647;
const idList = z.array(z.number().int().nonnegative().max(MAX_SERVICE_ID)).max(1000);
/** Names seen in events that the site catalogue does not number: main searches them by text. */
export const MAX_SEEN_NAMES = 10;
const nameList = z.array(z.string().trim().min(1).max(200)).max(MAX_SEEN_NAMES);

/**
 * The range check of both searches, as a refinement of their own strict object: combining two
 * schemas with `.and(...)` would turn `.strict()` off (zod 4 merges the key sets of an
 * intersection), so unknown keys would be trimmed instead of refused. Both ends are inclusive:
 * a range may be one instant.
 */
const rangeInOrder = (r: { from: string; to: string }): boolean => Date.parse(r.from) <= Date.parse(r.to);
const RANGE_ORDER = { message: 'The start of the range must not be after its end.', path: ['to'] };

export const EventSearchRequest = z
  .object({
    from: isoTimestamp,
    to: isoTimestamp,
    tenants: idList.optional(),
    searchstring: z.string().max(200).optional(),
    deviceIds: idList.optional(),
    /** Devices by the name events carry, for devices the site catalogue does not number. */
    deviceNames: nameList.optional(),
    /** Event categories by name, for categories the site catalogue does not number. */
    categoryNames: nameList.optional(),
    deviceType: z.number().int().nonnegative().max(MAX_SERVICE_ID).optional(),
    isAlarm: z.boolean().optional(),
  })
  .strict()
  .refine(rangeInOrder, RANGE_ORDER);
export type EventSearchRequest = z.infer<typeof EventSearchRequest>;

export const EventCodeSearchRequest = z
  .object({
    from: isoTimestamp,
    to: isoTimestamp,
    tenants: idList,
    deviceType: z.number().int().nonnegative().max(MAX_SERVICE_ID).optional(),
    deviceIds: idList.optional(),
    deviceNames: nameList.optional(),
    categoryNames: nameList.optional(),
    isAlarm: z.boolean().optional(),
    eventCategoryIDs: idList.optional(),
    eventTypeIDs: idList.optional(),
    subcodeCategoryIDs: idList.optional(),
    subcodeIDs: idList.optional(),
  })
  .strict()
  .refine(rangeInOrder, RANGE_ORDER);
export type EventCodeSearchRequest = z.infer<typeof EventCodeSearchRequest>;

const noPayload = z.undefined();

/**
 * Long-running operations take a `taskId` chosen by the renderer; main reports their progress
 * under it as `taskProgress` push events, so the caller follows exactly its own task.
 */
const taskId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'A task id is 1 to 100 letters, digits, "-" or "_".');

/** Largest ID photo that crosses IPC (main checks it against the configured limit too). */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

const personName = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `The ${what} is required.`)
    .max(100, `The ${what} can have at most 100 characters.`);
const upTo = (max: number, what: string) => z.string().max(max, `The ${what} can have at most ${max} characters.`);
const databaseId = z.number().int().min(0).max(2_147_483_647);

/** Letters, digits, dash and dot: what sites use for employee IDs ("100042", "E-1234", "CH.77"). */
export const EMPLOYEE_ID_CHARACTERS = /^[\p{L}\p{N}.-]*$/u;

/**
 * The fields the front desk enrols and edits (spec names). The renderer validates the same rules
 * with its own messages before sending (renderer/src/enrolment/enrolment-rules.ts); these are
 * main's guard. `sex` goes to the service in lower case, as the spec says for create.
 * Only the names are required: the spec shows no other field as required, so a create carries
 * the fields the officer filled and nothing else (the seed's example sends six: first and last
 * name, employee ID, e-mail, sex and city).
 */
export const CardholderFields = z
  .object({
    first_Name: personName('first name'),
    last_Name: personName('last name'),
    middle_Name: upTo(100, 'middle name').optional(),
    employee_ID: upTo(50, 'employee ID').refine((v) => EMPLOYEE_ID_CHARACTERS.test(v), 'The employee ID can hold letters, digits, dashes and dots only.').optional(),
    email: upTo(254, 'e-mail address').refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'The e-mail address is not valid.').optional(),
    sex: z.enum(['m', 'f', 'u', 'x']).optional(),
    phone: upTo(50, 'phone number').optional(),
    address1: upTo(200, 'address').optional(),
    address2: upTo(200, 'address').optional(),
    city: upTo(100, 'city').optional(),
    state: upTo(100, 'state').optional(),
    zip: upTo(20, 'ZIP code').optional(),
    tenant: z.array(databaseId).min(1, 'Choose at least one tenant, or leave the tenants to the service.').max(64, 'At most 64 tenants.').optional(),
    card_Holder_Type_ID: databaseId.optional(),
  })
  .strict();
export type CardholderFields = z.infer<typeof CardholderFields>;

/** What a badge shows of a cardholder (the record the officer has open, even one waiting in the outbox). */
export const BadgeCardholder = z
  .object({
    id: cardholderId,
    first_Name: z.string().max(100),
    middle_Name: z.string().max(100),
    last_Name: z.string().max(100),
    displayName: z.string().max(300),
    employee_ID: z.string().max(50),
    card_Holder_Type_ID: databaseId,
    tenant: z.array(databaseId).max(64),
  })
  .strict();
export type BadgeCardholder = z.infer<typeof BadgeCardholder>;

const badgeTemplateId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'A template id is the file name without ".json".');
/** A template's JSON: its shape is checked in main by the template schema (core/badges/template-schema.ts). */
const badgeSideJson = z
  .object({ background: z.string().max(20).optional(), backgroundImage: z.string().max(200).optional(), elements: z.array(z.record(z.string(), z.unknown())).max(100) })
  .strict();
const badgeTemplateJson = z
  .object({
    $comment: z.union([z.string().max(2000), z.array(z.string().max(2000)).max(50)]).optional(),
    name: z.string().max(200),
    orientation: z.enum(['portrait', 'landscape']),
    cardholderTypes: z.array(z.number()).max(1000).optional(),
    default: z.boolean().optional(),
    front: badgeSideJson,
    back: badgeSideJson.optional(),
  })
  .strict()
  .refine((value) => JSON.stringify(value).length <= 200_000, 'The template is too large.')
  .transform((value) => value as unknown as BadgeTemplateDocument);

/** Largest page of lookup results. */
export const MAX_PAGE = 500;

export const CardholderSearchRequest = z
  .object({
    query: z.string().max(200),
    offset: z.number().int().min(0).max(100_000_000),
    limit: z.number().int().min(1).max(MAX_PAGE),
  })
  .strict();
export type CardholderSearchRequest = z.infer<typeof CardholderSearchRequest>;

// ───────────────────────── the operations ─────────────────────────

interface OperationSpec<Req extends z.ZodType, Res> {
  request: Req;
  /** Phantom: carries the result type for inference, never read at run time. */
  result?: Res;
}
const op = <Res>() => <Req extends z.ZodType>(request: Req): OperationSpec<Req, Res> => ({ request });

export const operations = {
  getServiceStatus: op<ServiceStatus>()(noPayload),
  getSettings: op<KioskSettings>()(noPayload),
  getFeedSnapshot: op<FeedSnapshot>()(noPayload),
  getEvent: op<FeedEvent>()(z.object({ id }).strict()),
  searchEvents: op<EventSearchResult>()(EventSearchRequest),
  searchEventsByCodes: op<EventSearchResult>()(EventCodeSearchRequest),
  getSiteCatalogue: op<SiteCatalogue>()(noPayload),
  exportSearchCsv: op<ExportResult>()(
    z
      .object({
        resultId: z.string().min(1).max(100),
        taskId: taskId.optional(),
        sort: z
          .object({
            column: z.enum(['record_ID', 'created', 'event_Category_Name', 'device_Name', 'custom_Text']),
            direction: z.enum(['asc', 'desc']),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ),
  /** Acknowledges alarms (a row, a merged group, a selection) with one note: one operator-log entry per alarm event. */
  acknowledgeAlarms: op<Acknowledgement[]>()(
    z
      .object({
        recordIds: z.array(id).min(1).max(10_000),
        note: z.string().max(2000),
      })
      .strict(),
  ),
  listAcknowledgements: op<Acknowledgement[]>()(noPayload),
  /** One page of the operator log's acknowledgements (newest first) with how many there are in all. */
  listAcknowledgementPage: op<AcknowledgementPage>()(
    z.object({ offset: z.number().int().min(0).max(100_000_000), limit: z.number().int().min(1).max(MAX_PAGE) }).strict(),
  ),
  // ── operators: who is on shift; main stamps every recorded action with this name ──
  getOperatorState: op<OperatorState>()(noPayload),
  /** Starts a shift: a provisioned name with its PIN, or (where the site allows it) unnamed. */
  signInOperator: op<OperatorState>()(
    z.union([z.object({ name: z.string().trim().min(1).max(100), pin: z.string().min(1).max(64) }).strict(), z.object({ unnamed: z.literal(true) }).strict()]),
  ),
  /** Ends the shift: makes the handover report (PDF and CSV) and signs the operator out. */
  endShift: op<HandoverReport>()(noPayload),
  listHandoverReports: op<HandoverLogEntry[]>()(noPayload),
  /** Cardholders of the directory an event's text names (read-only link for the guard). */
  findEventPeople: op<EventPerson[]>()(z.object({ text: z.string().max(2000) }).strict()),
  /** Every unacknowledged alarm main holds, apart from the feed's rolling buffer. */
  getOpenAlarms: op<OpenAlarmsSnapshot>()(noPayload),
  getAdminOverview: op<AdminOverview>()(noPayload),
  getDirectoryState: op<DirectoryState>()(noPayload),
  syncDirectory: op<DirectorySyncResult>()(z.object({ taskId: taskId.optional(), acceptShrink: z.boolean().optional() }).strict()),
  searchCardholders: op<CardholderPage>()(CardholderSearchRequest),
  getCardholder: op<CardholderView>()(z.object({ id: cardholderId }).strict()),
  removeDirectorySnapshot: op<DirectoryState>()(noPayload),
  findDuplicateCardholders: op<DuplicateCandidate[]>()(
    z
      .object({
        first_Name: z.string().max(100),
        last_Name: z.string().max(100),
        employee_ID: z.string().max(50).optional(),
        email: z.string().max(254).optional(),
        excludeId: cardholderId.optional(),
      })
      .strict(),
  ),
  createCardholder: op<EnrolmentWrite>()(CardholderFields),
  updateCardholder: op<CardholderUpdateOutcome>()(
    z
      .object({
        id: cardholderId,
        changes: CardholderFields.partial().strict(),
        /** The record's `updated` when the officer opened it: a later one on the server is a conflict. */
        expectedUpdated: z.string().min(1).max(100),
      })
      .strict(),
  ),
  uploadCardholderPhoto: op<EnrolmentWrite>()(
    z
      .object({
        id: cardholderId,
        taskId: taskId.optional(),
        photo: z
          .custom<Uint8Array>((value) => value instanceof Uint8Array, 'The photo must be sent as bytes.')
          .refine((bytes) => bytes.byteLength > 0 && bytes.byteLength <= MAX_PHOTO_BYTES, 'The photo is empty or too large.'),
        contentType: z.enum(['image/jpeg', 'image/png']),
        /** Hints the officer saw and used the photo anyway (for the log). */
        overriddenHints: z.array(z.string().max(100)).max(20),
      })
      .strict(),
  ),
  getOutbox: op<OutboxState>()(noPayload),
  /** Tries the queue now (after a pause for a refused credential too). */
  retryOutbox: op<OutboxState>()(noPayload),
  discardOutboxItem: op<OutboxState>()(z.object({ itemId: z.string().min(1).max(100) }).strict()),
  /** A refused item, fixed by the officer, back in the queue. */
  resendOutboxItem: op<OutboxState>()(
    z
      .object({
        itemId: z.string().min(1).max(100),
        create: CardholderFields.optional(),
        changes: CardholderFields.partial().strict().optional(),
      })
      .strict(),
  ),
  listEnrolmentLog: op<EnrolmentLogEntry[]>()(noPayload),
  /** The cardholder types and tenants the enrolment form offers (named and seen in the directory, with counts). */
  getEnrolmentChoices: op<EnrolmentChoices>()(noPayload),
  // ── badges: preview and print the card (templates in the provisioning folder) ──
  getBadgeSetup: op<BadgeSetup>()(noPayload),
  /** Lays the card out for a cardholder; `photo` is an image file the officer chose (for a reprint with no photo at hand). */
  previewBadge: op<BadgePreview>()(
    z
      .object({
        cardholder: BadgeCardholder,
        templateId: badgeTemplateId.optional(),
        photo: z
          .custom<Uint8Array>((value) => value instanceof Uint8Array, 'The photo must be sent as bytes.')
          .refine((bytes) => bytes.byteLength > 0 && bytes.byteLength <= MAX_PHOTO_BYTES, 'The photo is empty or too large.')
          .optional(),
        photoType: z.enum(['image/jpeg', 'image/png']).optional(),
      })
      .strict(),
  ),
  /** Prints the previewed card on badges.printer, or saves it as PDF; a reprint says why. */
  printBadge: op<BadgePrintResult>()(
    z
      .object({
        previewId: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
        destination: z.enum(['printer', 'pdf']),
        reason: z.object({ kind: z.enum(REPRINT_REASONS), text: z.string().trim().max(200) }).strict().optional(),
      })
      .strict(),
  ),
  listBadgeLog: op<BadgePrintEntry[]>()(noPayload),
  /** Administration: a template laid out with a sample cardholder (needs the admin PIN). */
  previewBadgeTemplate: op<BadgePreview>()(z.object({ templateId: badgeTemplateId }).strict()),
  /** Administration's layout editor: a template's JSON (needs the admin PIN). */
  getBadgeTemplateSource: op<BadgeTemplateSource>()(z.object({ templateId: badgeTemplateId }).strict()),
  /** Administration's layout editor: an edited template checked and laid out with a sample cardholder, not saved (needs the admin PIN). */
  previewBadgeTemplateDraft: op<BadgeTemplateDraftPreview>()(z.object({ templateId: badgeTemplateId, template: badgeTemplateJson }).strict()),
  /** Administration's layout editor: checks the edited template like `--admin check` and writes its file, keeping a .bak (needs the admin PIN). */
  saveBadgeTemplate: op<BadgeTemplateSaved>()(z.object({ templateId: badgeTemplateId, template: badgeTemplateJson }).strict()),
  // ── the admin lock: the PIN unlocks the Administration view, the operator log's export, leaving kiosk mode and quitting ──
  getAdminLock: op<AdminLockState>()(noPayload),
  unlockAdmin: op<AdminLockState>()(z.object({ pin: z.string().min(1).max(64) }).strict()),
  lockAdmin: op<AdminLockState>()(noPayload),
  /** Quits the kiosk (needs a fresh unlock). */
  quitKiosk: op<AdminActionResult>()(noPayload),
  /** Leaves full-screen kiosk mode (needs a fresh unlock). */
  leaveKioskMode: op<AdminActionResult>()(noPayload),
  /** Saves the operator log (acknowledgements and enrolment actions) as CSV (needs a fresh unlock). */
  exportOperatorLog: op<ExportResult>()(z.object({ part: z.enum(['alarms', 'enrolments', 'badges']) }).strict()),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
/**
 * The request fields that carry bytes (a Uint8Array) across IPC. Bytes anywhere else are refused
 * before the schema runs (core/ipc/plain-data.ts): a schema expecting an object would otherwise
 * walk a typed array's indexes as keys.
 */
export const BYTES_FIELDS: { readonly [K in OperationName]?: readonly string[] } = { uploadCardholderPhoto: ['photo'], previewBadge: ['photo'] };
export type RequestOf<K extends OperationName> = z.input<Operations[K]['request']>;
export type ParsedRequestOf<K extends OperationName> = z.output<Operations[K]['request']>;
export type ResultOf<K extends OperationName> = NonNullable<Operations[K]['result']>;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

// ───────────────────────── push events (main → renderer) ─────────────────────────

export interface PushEvents {
  /** `epoch`: main's resync epoch of these events (a higher one than before starts a new id space). */
  feedEvents: { events: FeedEvent[]; epoch?: number };
  feedState: FeedState;
  /** Something the guard should read, e.g. the server's event ids went down and the feed resynchronised. */
  feedNotice: { kind: 'resync' | 'info'; message: string; at: string };
  taskProgress: TaskProgress;
  directoryState: DirectoryState;
  outboxState: OutboxState;
  openAlarms: OpenAlarmsChange;
}
export type PushName = keyof PushEvents;
export const PUSH_NAMES = ['feedEvents', 'feedState', 'feedNotice', 'taskProgress', 'directoryState', 'outboxState', 'openAlarms'] as const satisfies readonly PushName[];
// Compile-time check that PUSH_NAMES lists every push event.
type _AllPushNamesListed = Exclude<PushName, (typeof PUSH_NAMES)[number]> extends never ? true : never;
export const _allPushNamesListed: _AllPushNamesListed = true;

// ───────────────────────── wire names and the window API ─────────────────────────

export const channelOf = (name: OperationName): string => `kiosk:op:${name}`;
export const pushChannelOf = (name: PushName): string => `kiosk:push:${name}`;

/** `on` + capitalised push name, e.g. feedEvents → onFeedEvents. */
export type ListenerName<P extends PushName> = `on${Capitalize<P>}`;
export const listenerNameOf = <P extends PushName>(name: P): ListenerName<P> =>
  `on${name.charAt(0).toUpperCase()}${name.slice(1)}` as ListenerName<P>;

type OperationMethods = {
  [K in OperationName]: RequestOf<K> extends undefined
    ? () => Promise<Result<ResultOf<K>>>
    : (request: RequestOf<K>) => Promise<Result<ResultOf<K>>>;
};
type ListenerMethods = {
  [P in PushName as ListenerName<P>]: (listener: (payload: PushEvents[P]) => void) => () => void;
};

/** The type of `window.kiosk`, derived from the contract (never written twice). */
export type KioskApi = Readonly<OperationMethods & ListenerMethods>;
