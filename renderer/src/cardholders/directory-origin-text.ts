/**
 * Where the front desk's directory comes from, in the language shown (DirectoryState.origin, issue
 * 34): the short words for the directory line ("site copy, revision 1,204, checked against the
 * service 4 min ago", "this desk downloads for the site"), the sentence for the banner while the
 * site store cannot be reached ("Site store unreachable since 14:02 — using this desk's saved copy
 * (revision 1,204, checked against the service 2 h ago)"), and the details for the line's tooltip.
 * Pure: no Vue, no IPC; numbers and times as the rest of the kiosk formats them. Nothing when the
 * state has no origin (no site store: the line reads as a lone kiosk's).
 */
import type { DirectoryOrigin } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';
import { formatLocal, formatUtc } from '../shell/time-format';
import { ageText } from '../outbox/outbox-text';

export interface OriginWords {
  /** For the line, after the count; null when the banner says it (the store is away) or when the line keeps its "updated" time (this desk downloads from the service). */
  line: string | null;
  /** "this desk downloads for the site", after the line's words; null when it does not. */
  downloading: string | null;
  /** The line's tooltip and accessible description: what the site copy is, and the exact times. */
  details: string;
  /** The banner's sentence while the site store cannot be reached; null while it can. */
  away: string | null;
  /** What a screen reader is told once when the store goes away (the banner's age changes each minute; this does not). */
  awayAnnounced: string | null;
}

const revisionText = (revision: number): string => formatNumber(revision);

/** The site copy on the line, while the store answers. */
function siteLine(origin: DirectoryOrigin, now: Date): string {
  if (origin.revision === null) return t('cardholders.directory.origin.siteNone');
  const revision = revisionText(origin.revision);
  if (origin.checkedAt === null) return t('cardholders.directory.origin.siteNotChecked', { revision });
  return t('cardholders.directory.origin.site', { revision, age: ageText(origin.checkedAt, now.getTime()) });
}

/** The banner's sentence while the store is away (`since`: when it went away). */
function awayText(origin: DirectoryOrigin, since: string, now: Date): string {
  const time = formatLocal(since, now);
  if (origin.source === 'service') return t('cardholders.directory.origin.awayService', { time });
  if (origin.revision === null) return t('cardholders.directory.origin.awaySavedNoRevision', { time });
  const revision = revisionText(origin.revision);
  if (origin.checkedAt === null) return t('cardholders.directory.origin.awaySavedNoCheck', { time, revision });
  return t('cardholders.directory.origin.awaySaved', { time, revision, age: ageText(origin.checkedAt, now.getTime()) });
}

function detailsText(origin: DirectoryOrigin, now: Date): string {
  const parts = [origin.source === 'site' ? t('cardholders.directory.origin.detailSite') : t('cardholders.directory.origin.detailService')];
  if (origin.checkedAt !== null) parts.push(t('cardholders.directory.origin.detailChecked', { time: formatLocal(origin.checkedAt, now), utc: formatUtc(origin.checkedAt) }));
  if (origin.downloading) parts.push(t('cardholders.directory.origin.detailDownloading'));
  return parts.join(' ');
}

export function originWords(origin: DirectoryOrigin | undefined, now: Date = new Date()): OriginWords | null {
  if (!origin) return null;
  const since = origin.storeLostSince;
  const line = since !== null ? null : origin.source === 'site' ? siteLine(origin, now) : t('cardholders.directory.origin.service');
  return {
    line,
    downloading: origin.downloading && since === null && origin.source === 'site' ? t('cardholders.directory.origin.downloading') : null,
    details: detailsText(origin, now),
    away: since !== null ? awayText(origin, since, now) : null,
    awayAnnounced: since !== null ? t('cardholders.directory.origin.awayAnnounced', { time: formatLocal(since, now) }) : null,
  };
}
