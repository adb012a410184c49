/**
 * A field of the cardholder that a badge error from main names (its English words in `{what}`,
 * its code in `{fieldCode}`), said in the language shown: used by renderer/src/i18n/error-text.ts
 * for the badge layout's refusals. Keys are literal `t()` calls.
 */
import { t } from '../i18n/i18n';

type FieldWords = Record<string, () => string>;
/** A field of the cardholder as a sentence's subject ("The last name …") and inside one ("this cardholder's last name"). */
const FIELD: { subject: FieldWords; inSentence: FieldWords } = {
  subject: {
    lastName: () => t('badges.fieldWords.lastName'),
    firstName: () => t('badges.fieldWords.firstName'),
    middleName: () => t('badges.fieldWords.middleName'),
    displayName: () => t('badges.fieldWords.displayName'),
    fullName: () => t('badges.fieldWords.fullName'),
    employeeId: () => t('badges.fieldWords.employeeId'),
    cardholderType: () => t('badges.fieldWords.cardholderType'),
    tenant: () => t('badges.fieldWords.tenant'),
    issueDate: () => t('badges.fieldWords.issueDate'),
    text: () => t('badges.fieldWords.text'),
  },
  inSentence: {
    lastName: () => t('badges.fieldNames.lastName'),
    firstName: () => t('badges.fieldNames.firstName'),
    middleName: () => t('badges.fieldNames.middleName'),
    displayName: () => t('badges.fieldNames.displayName'),
    fullName: () => t('badges.fieldNames.fullName'),
    employeeId: () => t('badges.fieldNames.employeeId'),
    cardholderType: () => t('badges.fieldNames.cardholderType'),
    tenant: () => t('badges.fieldNames.tenant'),
    issueDate: () => t('badges.fieldNames.issueDate'),
    text: () => t('badges.fieldNames.text'),
  },
};

/** An error's parameters with `{what}` (a field main named in English) in the language shown, from `{fieldCode}`. */
export function badgeField(params: Record<string, string | number>, as: 'subject' | 'inSentence'): Record<string, string | number> {
  const code = params.fieldCode;
  const words = FIELD[as];
  return typeof code === 'string' && Object.hasOwn(words, code) ? { ...params, what: words[code]!() } : params;
}
