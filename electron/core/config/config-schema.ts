/**
 * The kiosk's configuration: its schema (every key, its type, its bounds and the sentence an
 * administrator reads when a value is wrong) and the built-in defaults, the lowest layer.
 * Owns the shape only; reading files, environment and flags is load-config.ts (with
 * config-layers.ts and config-settings.ts). Secrets never appear here: the credential lives in
 * the vault (../credentials), the configuration only says which authentication scheme is used
 * and its non-secret parts (header name, user name).
 */
import { z } from 'zod';
import { AlarmRuleSchema, DEFAULT_ALARM_RULES, DEFAULT_SOUND_FOR } from '../alarms/alarm-rules';
import { ALARM_PRIORITIES, KIOSK_LOCALES } from '../../contract/ipc';
import { plainHttpProblem } from '../credentials/credential-binding';
import { DEFAULT_RETENTION_DAYS } from '../storage/retention';

export const AUTH_SCHEMES = ['none', 'apiKey', 'basic', 'bearer'] as const;
export type AuthScheme = (typeof AUTH_SCHEMES)[number];

/** Authentication as the client uses it; the secret itself comes from the vault. */
export type ServiceAuth =
  | { scheme: 'none' }
  | { scheme: 'apiKey'; header: string }
  | { scheme: 'basic'; username: string }
  | { scheme: 'bearer' };

export const PHOTO_UPLOADS = ['multipart', 'raw'] as const;
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;

// ───────────────────────── value builders with administrator-readable messages ─────────────────────────

const millis = (min: number, max: number) =>
  z
    .number({ error: 'expected a number of milliseconds' })
    .int({ error: 'expected a whole number of milliseconds' })
    .min(min, { error: `expected at least ${min} milliseconds` })
    .max(max, { error: `expected at most ${max} milliseconds` });

const count = (min: number, max: number, what: string) =>
  z
    .number({ error: `expected a number (${what})` })
    .int({ error: `expected a whole number (${what})` })
    .min(min, { error: `expected at least ${min} (${what})` })
    .max(max, { error: `expected at most ${max} (${what})` });

const bool = () => z.boolean({ error: 'expected true or false' });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `expected one of ${values.map((v) => `"${v}"`).join(', ')}` });

/** A path on this computer; relative paths are resolved by the loader against the file that named them. */
const filePath = () => z.string({ error: 'expected a file path' }).min(1, { error: 'expected a file path, not an empty text' });

/** RFC 9110 token: the characters an HTTP header name may have. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const headerName = z
  .string({ error: 'expected the name of an HTTP header, e.g. "X-Api-Key"' })
  .regex(HEADER_NAME, { error: 'expected the name of an HTTP header, e.g. "X-Api-Key" (letters, digits and dashes)' });

const username = z
  .string({ error: 'expected a user name' })
  .min(1, { error: 'expected a user name, not an empty text' })
  .refine((s) => !s.includes(':'), { error: 'a user name for basic authentication cannot contain ":"' });

/** Normalises "AB:CD:…" (as openssl and Node print it) and plain hex to lower-case hex without colons. */
export function normalizeFingerprint(text: string): string {
  return text.replace(/[:\s]/g, '').toLowerCase();
}

const fingerprint = z
  .string({ error: 'expected a SHA-256 certificate fingerprint' })
  .transform(normalizeFingerprint)
  .refine((s) => /^[0-9a-f]{64}$/.test(s), {
    error: 'expected a SHA-256 certificate fingerprint: 64 hexadecimal digits, colons allowed (as "openssl x509 -fingerprint -sha256" prints it)',
  });

/** Why an address is not acceptable as the service's base address, or null when it is. */
export function serviceUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'expected an address such as "https://access.example.org" or "http://10.0.0.5:8080"';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'expected an address starting with http:// or https://';
  if (url.username || url.password) {
    return 'the address must not contain a user name or password; the credential is stored with the admin tool (set-secret)';
  }
  if (url.search || url.hash) return 'the address must not contain "?" or "#" parts';
  return null;
}

const serviceUrl = z
  .string({ error: 'expected the address of the service, e.g. "https://access.example.org", or null for the demo simulator' })
  .superRefine((text, ctx) => {
    const problem = serviceUrlProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((text) => text.replace(/\/+$/, ''));

// ───────────────────────── sections ─────────────────────────

const AuthSchema = z
  .strictObject({
    scheme: oneOf(AUTH_SCHEMES),
    /** apiKey: the header that carries the key. */
    header: headerName.optional(),
    /** basic: the user name (the password is the secret). */
    username: username.optional(),
  })
  .superRefine((auth, ctx) => {
    // Reported on `scheme` so the message names the layer that chose the scheme.
    if (auth.scheme === 'apiKey' && auth.header === undefined) {
      ctx.addIssue({ code: 'custom', path: ['scheme'], message: 'the apiKey scheme also needs service.auth.header, the name of the HTTP header that carries the key' });
    }
    if (auth.scheme === 'basic' && auth.username === undefined) {
      ctx.addIssue({ code: 'custom', path: ['scheme'], message: 'the basic scheme also needs service.auth.username' });
    }
  })
  .transform((auth): ServiceAuth => {
    switch (auth.scheme) {
      case 'apiKey':
        return { scheme: 'apiKey', header: auth.header ?? '' };
      case 'basic':
        return { scheme: 'basic', username: auth.username ?? '' };
      case 'bearer':
        return { scheme: 'bearer' };
      case 'none':
        return { scheme: 'none' };
    }
  });

const TlsSchema = z.strictObject({
  /** A PEM bundle of extra certificate authorities (on-premises servers with their own CA), added to the built-in ones. */
  caFile: filePath().nullable(),
  /** When not empty, the server's leaf certificate must have one of these SHA-256 fingerprints. */
  pinnedSha256: z.array(fingerprint, { error: 'expected a list of SHA-256 certificate fingerprints' }).max(20),
});

const ServiceSchema = z.strictObject({
  /** Base address of the service; null runs the embedded simulator (demo mode). */
  url: serviceUrl.nullable(),
  auth: AuthSchema,
  timeoutMs: millis(100, 300_000),
  /** Extra attempts for reads (GETs and the two searches); writes are never retried. */
  retries: count(0, 10, 'extra attempts for reads'),
  /** First retry delay; doubles per attempt, with jitter. */
  retryBaseDelayMs: millis(0, 60_000),
  tls: TlsSchema,
  /** Plain http:// to another computer than this one: refused unless set (the credential and personal data would cross the network unencrypted). */
  allowPlainHttp: bool(),
}).superRefine((service, ctx) => {
  const problem = service.url === null ? null : plainHttpProblem(service.url, service.allowPlainHttp);
  if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem });
});

const FeedSchema = z.strictObject({
  pollIntervalMs: millis(100, 60_000),
  initialEvents: count(0, 100_000, 'events shown at start'),
  chunkSize: count(1, 10_000, 'events per request'),
  bufferSize: count(100, 1_000_000, 'events kept in memory'),
  autoScrollResumeMs: millis(0, 3_600_000),
  alarmMergeWindowMs: millis(0, 86_400_000),
  maxBackoffMs: millis(500, 3_600_000),
  /** Most events read after the fact for one stop of the kiosk; beyond it the oldest are said, not read. */
  catchUpMaxEvents: count(1_000, 100_000_000, 'events read after the kiosk was stopped'),
});

const AlarmsSchema = z.strictObject({
  rules: z.array(AlarmRuleSchema, { error: 'expected a list of alarm rules' }).max(500),
  sound: bool(),
  muteMinutes: count(0, 1440, 'minutes'),
  /** An alarm left unacknowledged this long is raised one priority and sounds again (each time); 0: never. */
  escalateAfterMinutes: count(0, 1440, 'minutes an alarm may stay unacknowledged before it is raised; 0 never'),
  /** Priorities whose new alarms sound when their rule does not say (a plain denial is low: silent by default). */
  soundFor: z.array(z.enum(ALARM_PRIORITIES, { error: 'expected critical, high, medium or low' }), { error: 'expected a list of priorities, e.g. ["critical", "high"]' }).max(4),
  /** Alarms older than this at start are "from before this shift": one group, never escalated. */
  shiftHours: count(1, 168, 'hours in a shift'),
  /** Most alarms listed as waiting (kept on disk; beyond it the lowest priority, oldest are set aside, still unacknowledged, and said). */
  maxOpen: count(100, 1_000_000, 'alarms listed as waiting'),
  /** A burst of new alarms sounds at once, then at most once in this many seconds (with the count of those that came). */
  soundIntervalSeconds: count(1, 3600, 'seconds between two alarm tones'),
  /** Losing the service is an alarm once it has not answered for this many seconds. */
  outageAfterSeconds: count(1, 600, 'seconds without an answer before the outage alarm'),
});

const SearchSchema = z.strictObject({
  /** The tenants the History form starts with; empty: every tenant of the site catalogue. */
  defaultTenants: z
    .array(count(0, 2_147_483_647, 'tenant number'), { error: 'expected a list of tenant numbers, e.g. [0]' })
    .max(1000),
});

const PhotoSchema = z.strictObject({
  /** multipart/form-data (default) or the raw image as the request body. */
  upload: oneOf(PHOTO_UPLOADS),
  /** Name of the multipart part that carries the image. */
  partName: z.string({ error: 'expected the name of the form part, e.g. "file"' }).min(1).max(100),
  /** The format the kiosk captures and uploads. */
  contentType: oneOf(PHOTO_CONTENT_TYPES),
  pixelSize: z.strictObject({
    width: count(16, 10_000, 'pixels'),
    height: count(16, 10_000, 'pixels'),
  }),
  maxBytes: count(1024, 100 * 1024 * 1024, 'bytes'),
});

/** A number of the service's and the name people know it by. */
const NamedId = z.strictObject({
  id: count(0, 2_147_483_647, 'the number the service uses'),
  name: z.string({ error: 'expected a name' }).min(1, { error: 'expected a name, not an empty text' }).max(100, { error: 'expected at most 100 characters' }),
});

const namedIds = (max: number) => z.array(NamedId, { error: 'expected a list of { "id": number, "name": text }' }).max(max);

/** A device: its number, its name as events carry it, and its device type's number when known. */
const SiteDevice = z.strictObject({
  id: count(0, 2_147_483_647, 'the number the service uses'),
  name: z.string({ error: 'expected a name' }).min(1, { error: 'expected a name, not an empty text' }).max(200, { error: 'expected at most 200 characters' }),
  type: count(0, 2_147_483_647, 'the number of its device type').nullable().optional(),
});

/**
 * The site catalogue: what the service calls by number and people by name (the spec does not
 * name them). The front desk names tenants and cardholder types with it; the guard's History
 * offers all of it in pick lists.
 */
const SiteSchema = z.strictObject({
  tenants: namedIds(1000),
  cardholderTypes: namedIds(1000),
  devices: z.array(SiteDevice, { error: 'expected a list of { "id": number, "name": text, "type": number }' }).max(10_000),
  deviceTypes: namedIds(1000),
  eventCategories: namedIds(1000),
  eventTypes: namedIds(10_000),
  subcodeCategories: namedIds(1000),
  subcodes: namedIds(10_000),
});

/** Why an address is not acceptable as the site store's, or null when it is (no password in it: the admin tool keeps it). */
export function siteStoreUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'expected an address such as "postgres://kiosk_desk_user@db.example.org:5432/kiosk"';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return 'expected an address starting with postgres://';
  if (url.password) return 'the address must not contain a password; it is stored with the admin tool (set-site-store-password)';
  if (!url.hostname) return 'expected the host of the PostgreSQL server';
  return null;
}

const SiteStoreSchema = z.strictObject({
  /** The site's PostgreSQL shared by the guard desks (postgres://user@host:port/database); null: the kiosk works alone. */
  url: z
    .string({ error: 'expected the address of the site store, e.g. "postgres://kiosk_desk_user@db.example.org/kiosk", or null' })
    .superRefine((text, ctx) => {
      const problem = siteStoreUrlProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable(),
  /** This desk's name as other desks read it; null: the workstation's host name. */
  desk: z.string({ error: 'expected the name of this desk' }).trim().min(1, { error: 'expected a name, not an empty text' }).max(60, { error: 'expected at most 60 characters' }).nullable(),
  /** How long a claim ("I'm on it") lasts unless renewed (it is renewed while the guard is on shift and the alarm waits). */
  claimLeaseSeconds: count(30, 86_400, 'seconds a claim lasts unless renewed'),
  /**
   * How long the site store may stay away before this desk downloads the cardholder directory
   * from the service itself (with a site store, one desk downloads for the site and the others
   * read its copy); meanwhile the saved directory answers and says how old it is.
   */
  directoryFallbackMinutes: count(1, 10_080, 'minutes the site store may stay away before this desk downloads the directory itself'),
});

const DirectorySchema = z.strictObject({
  /** Between automatic syncs of the cardholder directory; 0: at start and on demand only. */
  syncIntervalMinutes: count(0, 10_080, 'minutes between directory syncs; 0 syncs at start and on demand only'),
});

/** A regular expression that compiles (a site's employee ID pattern). */
const compilingPattern = z
  .string({ error: 'expected a regular expression, e.g. "^E-[0-9]{4}$"' })
  .min(1)
  .max(200)
  .refine((text) => {
    try {
      new RegExp(text, 'u');
      return true;
    } catch {
      return false;
    }
  }, { error: 'expected a valid regular expression, e.g. "^E-[0-9]{4}$"' });

const FrontDeskSchema = z.strictObject({
  /** Idle time after which the front desk clears the person on screen; 0: never by itself. */
  idleResetSeconds: count(0, 86_400, 'seconds of inactivity; 0 never clears by itself'),
  /** Tenants a new cardholder starts with; empty: the most common tenant set of the directory. */
  defaultTenants: z.array(count(0, 2_147_483_647, 'tenant number'), { error: 'expected a list of tenant numbers, e.g. [0, 2]' }).max(64),
  /** The cardholder type a new cardholder starts with; null: the most common type of the directory. */
  defaultCardholderType: count(0, 2_147_483_647, 'cardholder type number').nullable(),
  /** A pattern employee IDs must match (beyond letters, digits, dash and dot); null: any such ID. */
  employeeIdPattern: compilingPattern.nullable(),
});

/** Operators sign in at the start of a shift (electron/core/operators/). */
export const OPERATOR_SIGN_IN = ['required', 'off'] as const;
const OperatorsSchema = z.strictObject({
  /** 'required': the screens wait until a guard or officer signs in; 'off': the site does not name its operators. */
  signIn: oneOf(OPERATOR_SIGN_IN),
  /** A shift may start without a name ("unnamed"); with no operator list provisioned it is the only way in. */
  allowUnnamed: bool(),
});

/** The screens a kiosk can open on (renderer/src/shell/views.ts has the same ids). */
export const HOME_VIEWS = ['front-desk', 'live-feed', 'history', 'operator-log'] as const;

/** The colour themes (renderer/src/shell/theme.css): light by day, dark for the night shift. */
export const THEMES = ['light', 'dark'] as const;

/** The kiosk's languages (electron/contract/languages.ts); `auto` follows the operating system, `en-XA` is the pseudo-locale of the tests. */
export const LOCALE_SETTINGS = ['auto', ...KIOSK_LOCALES] as const;

const KioskSectionSchema = z.strictObject({
  fullscreen: bool(),
  /** The screen the kiosk opens on: the front desk for an enrolment desk, the live feed for a guard station. */
  homeView: oneOf(HOME_VIEWS),
  /** The theme the kiosk opens with; the person at the kiosk can switch it (and the choice is remembered). */
  theme: oneOf(THEMES),
  /** The workstation's language; the person at the kiosk can switch it for their shift (the idle reset returns to this one). */
  locale: oneOf(LOCALE_SETTINGS),
  /** Where the kiosk keeps its data (outbox, acknowledgements, credential); null: the platform's default. */
  dataDir: filePath().nullable(),
  /** Start the kiosk when the workstation's user logs in (XDG autostart on Linux, a login item on Windows and macOS). */
  startAtLogin: bool(),
});

/** Badge printing (README "Badges"): the templates folder, the card printer, the harness's stand-in printers. */
const BadgesSchema = z.strictObject({
  /** The folder of badge templates (JSON with their images beside them); null: the built-in templates (core/badges/built-in-templates.ts). */
  templatesDir: filePath().nullable(),
  /** The card printer's name as the operating system knows it; null: none (Save as PDF still works). */
  printer: z.string({ error: 'expected the printer\'s name' }).min(1, { error: 'expected the printer\'s name, not an empty text' }).max(200).nullable(),
  /** The browser harness only (npm run preview): printers it pretends are installed (each print is a PDF in <dataDir>/exports). */
  previewPrinters: z.array(z.string().min(1).max(200), { error: 'expected a list of printer names' }).max(20),
  /** An encrypted copy of each uploaded photo on this workstation, for reprints (off by default). */
  photoCache: z.strictObject({
    enabled: bool(),
    retentionDays: count(1, 3650, 'days a copy is kept'),
  }),
});

/** How long the kiosk keeps each kind of record in its database, in days (0: for ever); storage/retention.ts prunes. */
const days = (what: string) => count(0, 36_500, `days ${what} are kept, 0 for ever`);
const RetentionSchema = z.strictObject({
  acknowledgementsDays: days("the operator log's acknowledgements"),
  alarmsDays: days('acknowledged alarms'),
  enrolmentsDays: days('enrolment log entries'),
  badgePrintsDays: days('badge log entries'),
  shiftJournalDays: days('shift journal entries'),
  handoverReportsDays: days('handover reports'),
  setAsideEventsDays: days('events set aside'),
  availabilityDays: days('outages, kiosk runs and catch-ups'),
});

export const KioskConfigSchema = z.strictObject({
  service: ServiceSchema,
  feed: FeedSchema,
  alarms: AlarmsSchema,
  search: SearchSchema,
  photo: PhotoSchema,
  site: SiteSchema,
  directory: DirectorySchema,
  frontDesk: FrontDeskSchema,
  operators: OperatorsSchema,
  kiosk: KioskSectionSchema,
  badges: BadgesSchema,
  retention: RetentionSchema,
  siteStore: SiteStoreSchema,
});

/** The configuration as the rest of the kiosk reads it (validated, normalised). */
export type KioskConfig = z.output<typeof KioskConfigSchema>;
/** The configuration as written in files (before normalisation). */
export type KioskConfigInput = z.input<typeof KioskConfigSchema>;

/** The lowest layer. Every key has a default, so an empty file or no file at all is a valid configuration. */
export const DEFAULT_CONFIG: KioskConfigInput = {
  service: {
    url: null,
    auth: { scheme: 'none' },
    timeoutMs: 10_000,
    retries: 2,
    retryBaseDelayMs: 300,
    tls: { caFile: null, pinnedSha256: [] },
    allowPlainHttp: false,
  },
  feed: {
    pollIntervalMs: 500,
    initialEvents: 200,
    chunkSize: 500,
    bufferSize: 20_000,
    autoScrollResumeMs: 15_000,
    alarmMergeWindowMs: 60_000,
    maxBackoffMs: 30_000,
    catchUpMaxEvents: 1_000_000,
  },
  alarms: { rules: DEFAULT_ALARM_RULES, sound: true, muteMinutes: 5, escalateAfterMinutes: 10, soundFor: DEFAULT_SOUND_FOR, shiftHours: 12, maxOpen: 100_000, soundIntervalSeconds: 30, outageAfterSeconds: 10 },
  search: { defaultTenants: [] },
  photo: {
    upload: 'multipart',
    partName: 'file',
    contentType: 'image/jpeg',
    pixelSize: { width: 600, height: 800 },
    maxBytes: 2 * 1024 * 1024,
  },
  site: { tenants: [], cardholderTypes: [], devices: [], deviceTypes: [], eventCategories: [], eventTypes: [], subcodeCategories: [], subcodes: [] },
  directory: { syncIntervalMinutes: 15 },
  frontDesk: { idleResetSeconds: 120, defaultTenants: [], defaultCardholderType: null, employeeIdPattern: null },
  operators: { signIn: 'required', allowUnnamed: true },
  kiosk: { fullscreen: true, homeView: 'front-desk', theme: 'light', locale: 'auto', dataDir: null, startAtLogin: false },
  badges: { templatesDir: null, printer: null, previewPrinters: [], photoCache: { enabled: false, retentionDays: 30 } },
  retention: { ...DEFAULT_RETENTION_DAYS },
  siteStore: { url: null, desk: null, claimLeaseSeconds: 300, directoryFallbackMinutes: 30 },
};
