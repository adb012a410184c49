/**
 * The badge log's stored words in the language shown: main records a reprint's reason, a
 * refusal's detail and the printer of a print that had none in English words
 * (electron/core/badges/badges-capability.ts: REASON_WORDS and the details of printBadge); the
 * stored data keeps them, the screen says them in the language shown. Words it does not know
 * (an officer's own words, a printer's reason, a PDF's path) are shown as they are. No IPC; call
 * it where the entry is shown so a language switch re-renders it. Keys are literal `t()` calls.
 */
import { t } from '../i18n/i18n';

/** A reprint's reason as main records it: its kind's English words, then ": " and the officer's words for "other". */
const REASONS: ReadonlyArray<[string, () => string]> = [
  ['name change', () => t('badges.reasons.nameChange')],
  ['new photo', () => t('badges.reasons.newPhoto')],
  ['lost', () => t('badges.reasons.lost')],
  ['damaged', () => t('badges.reasons.damaged')],
  ['other', () => t('badges.reasons.other')],
];

export function badgeReasonText(reason: string): string {
  for (const [words, say] of REASONS) {
    if (reason === words) return say();
    if (reason.startsWith(`${words}: `)) return t('badges.log.reasonWithWords', { reason: say(), words: reason.slice(words.length + 2) });
  }
  return reason;
}

export function badgeDetailText(detail: string): string {
  if (detail === 'no printer configured') return t('badges.log.details.noPrinter');
  if (detail === 'printer not installed') return t('badges.log.details.notInstalled');
  if (detail.startsWith('refused: ')) return t('badges.log.details.refused', { why: detail.slice('refused: '.length) });
  return detail;
}

/** The printer column: "(none)" is what main records when no printer was set up; "PDF" a saved PDF. */
export function badgePrinterText(printer: string): string {
  if (printer === '(none)') return t('badges.log.details.noPrinterName');
  if (printer === 'PDF') return t('badges.log.details.pdf');
  return printer;
}
