/**
 * Why the saved cardholder directory is not used or not saved, in the language shown: main's code
 * (DirectoryState.snapshotIssue) worded with `t()`, or main's English when it gave no code. Shown by
 * the front desk's directory status and by Administration. Call it where the text is shown.
 */
import type { DirectoryState } from '../../../electron/contract/ipc';
import { t, type MessageKey } from '../i18n/i18n';

type Issue = NonNullable<DirectoryState['snapshotIssue']>;

/** Why the saved copy cannot be used, by code (the sentence "cannot be used: …" around it). */
const CANNOT_USE: Partial<Record<Issue['code'], MessageKey>> = {
  otherOwner: 'cardholders.directory.snapshot.otherOwner',
  notSnapshot: 'cardholders.directory.snapshot.notSnapshot',
  notEncrypted: 'cardholders.directory.snapshot.notEncrypted',
  noKey: 'cardholders.directory.snapshot.noKey',
  cutShort: 'cardholders.directory.snapshot.cutShort',
  cannotDecrypt: 'cardholders.directory.snapshot.cannotDecrypt',
  unknownFormat: 'cardholders.directory.snapshot.unknownFormat',
  headerDamaged: 'cardholders.directory.snapshot.headerDamaged',
};

export function snapshotText(issue: DirectoryState['snapshotIssue'] | undefined, english: string | null): string | null {
  if (!issue) return english;
  const detail = issue.detail ?? '';
  const cannotUse = (why: string): string => t('cardholders.directory.snapshot.cannotUse', { why });
  switch (issue.code) {
    case 'notLoaded':
      return t('cardholders.directory.snapshot.notLoaded');
    case 'notSaved':
      return t('cardholders.directory.snapshot.notSaved');
    case 'otherService':
      return t('cardholders.directory.snapshot.otherService', { service: issue.service ?? '' });
    case 'unreadable':
      return cannotUse(t('cardholders.directory.snapshot.unreadable', { detail }));
    case 'tooOpen':
      return cannotUse(t('cardholders.directory.snapshot.tooOpen', { detail }));
    default:
      return cannotUse(t(CANNOT_USE[issue.code] ?? 'cardholders.directory.snapshot.damaged'));
  }
}
