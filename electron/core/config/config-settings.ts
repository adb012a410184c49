/**
 * The environment/flag table: every key that environment variables (KIOSK_…) and command-line
 * flags (--…) can set, how their text turns into values, the environment and flag layers built
 * from them, and the picking of the kiosk's flags out of a command line shared with Electron.
 * CONFIGURATION.md lists the same table for administrators (a test keeps it in step).
 */
import { KioskFailure } from '../ipc/failure';
import type { Env } from './config-paths';
import { setIn, type Json, type Layer } from './config-layers';
import { closest } from './config-problems';

type SettingKind = 'text' | 'nullableText' | 'integer' | 'nullableInteger' | 'boolean' | 'integerList' | 'textList' | 'json';

export interface ConfigSetting {
  /** Dotted key in the configuration, e.g. "feed.pollIntervalMs". */
  key: string;
  env: string;
  /** Without the leading dashes. Boolean flags also accept --no-<flag>. */
  flag: string;
  kind: SettingKind;
}

const setting = (key: string, env: string, flag: string, kind: SettingKind): ConfigSetting => ({ key, env, flag, kind });

/**
 * Every key that environment variables and flags can set. Lists are separated by commas or
 * spaces; booleans accept true/false, yes/no, on/off, 1/0; nullable texts accept "null" (and an
 * empty flag value) for null. An empty environment variable counts as not set.
 */
export const CONFIG_SETTINGS: readonly ConfigSetting[] = [
  setting('service.url', 'KIOSK_SERVICE_URL', 'service-url', 'nullableText'),
  setting('service.auth.scheme', 'KIOSK_AUTH_SCHEME', 'auth-scheme', 'text'),
  setting('service.auth.header', 'KIOSK_AUTH_HEADER', 'auth-header', 'text'),
  setting('service.auth.username', 'KIOSK_AUTH_USERNAME', 'auth-username', 'text'),
  setting('service.timeoutMs', 'KIOSK_TIMEOUT_MS', 'timeout-ms', 'integer'),
  setting('service.retries', 'KIOSK_RETRIES', 'retries', 'integer'),
  setting('service.retryBaseDelayMs', 'KIOSK_RETRY_BASE_DELAY_MS', 'retry-base-delay-ms', 'integer'),
  setting('service.tls.caFile', 'KIOSK_TLS_CA_FILE', 'tls-ca-file', 'nullableText'),
  setting('service.tls.pinnedSha256', 'KIOSK_TLS_PINNED_SHA256', 'tls-pinned-sha256', 'textList'),
  setting('service.allowPlainHttp', 'KIOSK_ALLOW_PLAIN_HTTP', 'allow-plain-http', 'boolean'),
  setting('feed.pollIntervalMs', 'KIOSK_POLL_INTERVAL_MS', 'poll-interval-ms', 'integer'),
  setting('feed.initialEvents', 'KIOSK_INITIAL_EVENTS', 'initial-events', 'integer'),
  setting('feed.chunkSize', 'KIOSK_CHUNK_SIZE', 'chunk-size', 'integer'),
  setting('feed.bufferSize', 'KIOSK_BUFFER_SIZE', 'buffer-size', 'integer'),
  setting('feed.autoScrollResumeMs', 'KIOSK_AUTO_SCROLL_RESUME_MS', 'auto-scroll-resume-ms', 'integer'),
  setting('feed.alarmMergeWindowMs', 'KIOSK_ALARM_MERGE_WINDOW_MS', 'alarm-merge-window-ms', 'integer'),
  setting('feed.maxBackoffMs', 'KIOSK_MAX_BACKOFF_MS', 'max-backoff-ms', 'integer'),
  setting('feed.catchUpMaxEvents', 'KIOSK_CATCH_UP_MAX_EVENTS', 'catch-up-max-events', 'integer'),
  setting('alarms.rules', 'KIOSK_ALARM_RULES', 'alarm-rules', 'json'),
  setting('alarms.sound', 'KIOSK_ALARM_SOUND', 'alarm-sound', 'boolean'),
  setting('alarms.muteMinutes', 'KIOSK_MUTE_MINUTES', 'mute-minutes', 'integer'),
  setting('alarms.escalateAfterMinutes', 'KIOSK_ESCALATE_AFTER_MINUTES', 'escalate-after-minutes', 'integer'),
  setting('alarms.soundFor', 'KIOSK_ALARM_SOUND_FOR', 'alarm-sound-for', 'textList'),
  setting('alarms.shiftHours', 'KIOSK_ALARM_SHIFT_HOURS', 'alarm-shift-hours', 'integer'),
  setting('alarms.maxOpen', 'KIOSK_MAX_OPEN_ALARMS', 'max-open-alarms', 'integer'),
  setting('alarms.soundIntervalSeconds', 'KIOSK_ALARM_SOUND_INTERVAL_SECONDS', 'alarm-sound-interval-seconds', 'integer'),
  setting('alarms.outageAfterSeconds', 'KIOSK_OUTAGE_AFTER_SECONDS', 'outage-after-seconds', 'integer'),
  setting('search.defaultTenants', 'KIOSK_DEFAULT_TENANTS', 'default-tenants', 'integerList'),
  setting('photo.upload', 'KIOSK_PHOTO_UPLOAD', 'photo-upload', 'text'),
  setting('photo.partName', 'KIOSK_PHOTO_PART_NAME', 'photo-part-name', 'text'),
  setting('photo.contentType', 'KIOSK_PHOTO_CONTENT_TYPE', 'photo-content-type', 'text'),
  setting('photo.pixelSize.width', 'KIOSK_PHOTO_WIDTH', 'photo-width', 'integer'),
  setting('photo.pixelSize.height', 'KIOSK_PHOTO_HEIGHT', 'photo-height', 'integer'),
  setting('photo.maxBytes', 'KIOSK_PHOTO_MAX_BYTES', 'photo-max-bytes', 'integer'),
  setting('site.tenants', 'KIOSK_SITE_TENANTS', 'site-tenants', 'json'),
  setting('site.cardholderTypes', 'KIOSK_SITE_CARDHOLDER_TYPES', 'site-cardholder-types', 'json'),
  setting('site.devices', 'KIOSK_SITE_DEVICES', 'site-devices', 'json'),
  setting('site.deviceTypes', 'KIOSK_SITE_DEVICE_TYPES', 'site-device-types', 'json'),
  setting('site.eventCategories', 'KIOSK_SITE_EVENT_CATEGORIES', 'site-event-categories', 'json'),
  setting('site.eventTypes', 'KIOSK_SITE_EVENT_TYPES', 'site-event-types', 'json'),
  setting('site.subcodeCategories', 'KIOSK_SITE_SUBCODE_CATEGORIES', 'site-subcode-categories', 'json'),
  setting('site.subcodes', 'KIOSK_SITE_SUBCODES', 'site-subcodes', 'json'),
  setting('directory.syncIntervalMinutes', 'KIOSK_DIRECTORY_SYNC_MINUTES', 'directory-sync-minutes', 'integer'),
  setting('frontDesk.idleResetSeconds', 'KIOSK_IDLE_RESET_SECONDS', 'idle-reset-seconds', 'integer'),
  setting('frontDesk.defaultTenants', 'KIOSK_ENROL_DEFAULT_TENANTS', 'enrol-default-tenants', 'integerList'),
  setting('frontDesk.defaultCardholderType', 'KIOSK_ENROL_DEFAULT_CARDHOLDER_TYPE', 'enrol-default-cardholder-type', 'nullableInteger'),
  setting('frontDesk.employeeIdPattern', 'KIOSK_EMPLOYEE_ID_PATTERN', 'employee-id-pattern', 'nullableText'),
  setting('operators.signIn', 'KIOSK_OPERATORS_SIGN_IN', 'operators-sign-in', 'text'),
  setting('operators.allowUnnamed', 'KIOSK_OPERATORS_ALLOW_UNNAMED', 'operators-allow-unnamed', 'boolean'),
  setting('kiosk.fullscreen', 'KIOSK_FULLSCREEN', 'fullscreen', 'boolean'),
  setting('kiosk.homeView', 'KIOSK_HOME_VIEW', 'home-view', 'text'),
  setting('kiosk.theme', 'KIOSK_THEME', 'theme', 'text'),
  setting('kiosk.locale', 'KIOSK_LOCALE', 'locale', 'text'),
  setting('kiosk.dataDir', 'KIOSK_DATA_DIR', 'data-dir', 'nullableText'),
  setting('kiosk.startAtLogin', 'KIOSK_START_AT_LOGIN', 'start-at-login', 'boolean'),
  setting('badges.templatesDir', 'KIOSK_BADGE_TEMPLATES_DIR', 'badge-templates-dir', 'nullableText'),
  setting('badges.printer', 'KIOSK_BADGE_PRINTER', 'badge-printer', 'nullableText'),
  setting('badges.previewPrinters', 'KIOSK_BADGE_PREVIEW_PRINTERS', 'badge-preview-printers', 'textList'),
  setting('badges.photoCache.enabled', 'KIOSK_BADGE_PHOTO_CACHE', 'badge-photo-cache', 'boolean'),
  setting('badges.photoCache.retentionDays', 'KIOSK_BADGE_PHOTO_CACHE_DAYS', 'badge-photo-cache-days', 'integer'),
  setting('retention.acknowledgementsDays', 'KIOSK_RETENTION_ACKNOWLEDGEMENTS_DAYS', 'retention-acknowledgements-days', 'integer'),
  setting('retention.alarmsDays', 'KIOSK_RETENTION_ALARMS_DAYS', 'retention-alarms-days', 'integer'),
  setting('retention.enrolmentsDays', 'KIOSK_RETENTION_ENROLMENTS_DAYS', 'retention-enrolments-days', 'integer'),
  setting('retention.badgePrintsDays', 'KIOSK_RETENTION_BADGE_PRINTS_DAYS', 'retention-badge-prints-days', 'integer'),
  setting('retention.shiftJournalDays', 'KIOSK_RETENTION_SHIFT_JOURNAL_DAYS', 'retention-shift-journal-days', 'integer'),
  setting('retention.handoverReportsDays', 'KIOSK_RETENTION_HANDOVER_REPORTS_DAYS', 'retention-handover-reports-days', 'integer'),
  setting('retention.setAsideEventsDays', 'KIOSK_RETENTION_SET_ASIDE_EVENTS_DAYS', 'retention-set-aside-events-days', 'integer'),
  setting('retention.availabilityDays', 'KIOSK_RETENTION_AVAILABILITY_DAYS', 'retention-availability-days', 'integer'),
  setting('siteStore.url', 'KIOSK_SITE_STORE_URL', 'site-store-url', 'nullableText'),
  setting('siteStore.desk', 'KIOSK_SITE_STORE_DESK', 'site-store-desk', 'nullableText'),
  setting('siteStore.claimLeaseSeconds', 'KIOSK_SITE_STORE_CLAIM_LEASE_SECONDS', 'site-store-claim-lease-seconds', 'integer'),
  setting('siteStore.directoryFallbackMinutes', 'KIOSK_SITE_STORE_DIRECTORY_FALLBACK_MINUTES', 'site-store-directory-fallback-minutes', 'integer'),
];

export function envLayer(env: Env, cwd: string): Layer {
  const values: Json = {};
  const labels = new Map<string, string>();
  for (const s of CONFIG_SETTINGS) {
    const raw = env[s.env];
    if (raw === undefined || raw === '') continue;
    const label = `environment variable ${s.env}`;
    setIn(values, s.key, coerce(s, raw, label));
    labels.set(s.key, label);
  }
  return { values, originOf: (key) => ({ label: labels.get(key) ?? 'environment variables', baseDir: cwd }) };
}

export function flagLayer(argv: readonly string[], cwd: string, ignore: readonly string[]): Layer {
  const values: Json = {};
  const labels = new Map<string, string>();
  const byFlag = new Map(CONFIG_SETTINGS.map((s) => [s.flag, s]));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (ignore.includes(name)) continue;
    let value: string | undefined = eq === -1 ? undefined : arg.slice(eq + 1);
    let s = byFlag.get(name);
    if (!s && name.startsWith('no-')) {
      const positive = byFlag.get(name.slice(3));
      if (positive?.kind === 'boolean' && value === undefined) {
        s = positive;
        value = 'false';
      }
    }
    if (!s) {
      const near = closest(name, [...byFlag.keys()]);
      throw KioskFailure.of('config', `Unknown command-line flag --${name}${near ? `: did you mean --${near}?` : '.'}`, { field: name });
    }
    if (value === undefined) {
      if (s.kind === 'boolean') value = 'true';
      else {
        const next = argv[i + 1];
        if (next === undefined || next.startsWith('--')) {
          throw KioskFailure.of('config', `The command-line flag --${s.flag} needs a value, e.g. --${s.flag}=…`, { field: s.key });
        }
        value = next;
        i++;
      }
    }
    const label = `command-line flag --${s.flag}`;
    setIn(values, s.key, s.kind === 'nullableText' && value === '' ? null : coerce(s, value, label));
    labels.set(s.key, label);
  }
  return { values, originOf: (key) => ({ label: labels.get(key) ?? 'command-line flags', baseDir: cwd }) };
}

/** Turns the text of an environment variable or flag into the value it stands for; leaves it as text when it does not fit, so the schema reports it. */
function coerce(s: ConfigSetting, raw: string, label: string): unknown {
  const text = raw.trim();
  const integer = (t: string): unknown => (/^[+-]?\d+$/.test(t) ? Number(t) : t);
  const list = (t: string): string[] => t.split(/[\s,]+/).filter((part) => part !== '');
  switch (s.kind) {
    case 'text':
      return text;
    case 'nullableText':
      return text === 'null' ? null : text;
    case 'integer':
      return integer(text);
    case 'nullableInteger':
      return text === 'null' || text === '' ? null : integer(text);
    case 'boolean': {
      const lower = text.toLowerCase();
      if (['true', 'yes', 'on', '1'].includes(lower)) return true;
      if (['false', 'no', 'off', '0'].includes(lower)) return false;
      return text;
    }
    case 'integerList':
      return list(text).map(integer);
    case 'textList':
      return list(text);
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        throw KioskFailure.of('config', `${s.key} in ${label}: expected JSON text, e.g. [{"id":"forced","priority":"critical","textIncludes":["forced"]}].`, { field: s.key });
      }
  }
}

/**
 * From a command line that also carries other programs' switches (Electron's and Chromium's),
 * keeps the kiosk's configuration flags with their values, whether written `--name=value` or
 * `--name value`, so that loadConfig sees them and nothing else.
 */
export function configFlagArgs(argv: readonly string[]): string[] {
  const flags = new Set(CONFIG_SETTINGS.flatMap((s) => (s.kind === 'boolean' ? [s.flag, `no-${s.flag}`] : [s.flag])));
  const valueFlags = new Set(CONFIG_SETTINGS.filter((s) => s.kind !== 'boolean').map((s) => s.flag));
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const name = arg.slice(2).split('=')[0] ?? '';
    if (!flags.has(name)) continue;
    kept.push(arg);
    const next = argv[i + 1];
    if (!arg.includes('=') && valueFlags.has(name) && next !== undefined && !next.startsWith('--')) {
      kept.push(next);
      i++;
    }
  }
  return kept;
}
