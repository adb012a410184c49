/**
 * How cardholder fields read on screen: names in directory order, sex as a word, tenants, an
 * empty field, sizes and counts. Pure functions; the words come from the messages (cardholders).
 */
import type { CardholderSummary, DirectorySyncPhase, NamedId } from '../../../electron/contract/ipc';
import { withoutHiddenCharacters } from '../../../electron/contract/cardholder-fields';
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';

const SEX_WORDS: Readonly<Record<string, () => string>> = {
  M: () => t('cardholders.sex.M'),
  F: () => t('cardholders.sex.F'),
  U: () => t('cardholders.sex.U'),
  X: () => t('cardholders.sex.X'),
};

export function sexWord(letter: string): string {
  const key = letter.trim().toUpperCase();
  return key === '' ? '' : (SEX_WORDS[key]?.() ?? key);
}

/**
 * "Dupont, Marie Anne": last name first, as a directory lists people. A record of the service that
 * holds a direction override or an invisible character is shown without it (it could make "evil"
 * read "live", or hide that two names differ).
 */
export function listName(person: Pick<CardholderSummary, 'first_Name' | 'middle_Name' | 'last_Name'>): string {
  const given = [person.first_Name, person.middle_Name].filter((part) => part.trim() !== '').join(' ');
  if (person.last_Name.trim() === '') return withoutHiddenCharacters(given);
  return withoutHiddenCharacters(given === '' ? person.last_Name : `${person.last_Name}, ${given}`);
}

/** "Marie Anne Dupont": as a person is addressed (hidden characters left out, as listName). */
export function fullName(person: Pick<CardholderSummary, 'first_Name' | 'middle_Name' | 'last_Name'>): string {
  return withoutHiddenCharacters([person.first_Name, person.middle_Name, person.last_Name].filter((part) => part.trim() !== '').join(' '));
}

/** "Contoso Labs (2), 7": numbers with the site's name for them where it has one. */
export function namedNumbers(numbers: readonly number[], names: readonly NamedId[] = [], unnamed = ''): string {
  return numbers.map((n) => {
    const name = names.find((entry) => entry.id === n)?.name;
    return name ? `${name} (${n})` : unnamed ? `${unnamed} ${n}` : String(n);
  }).join(', ');
}

/** "Visitor", or "Type 3" where the site catalogue does not name it. */
export function typeName(type: number, names: readonly NamedId[] = []): string {
  return names.find((entry) => entry.id === type)?.name ?? t('cardholders.typeN', { n: type });
}

/** "Northwind Traders, Building (shared)", or "Tenant 7" where the site catalogue does not name one. */
export function tenantNames(tenants: readonly number[], names: readonly NamedId[] = []): string {
  return tenants.map((id) => names.find((entry) => entry.id === id)?.name ?? t('cardholders.tenantN', { n: id })).join(', ');
}

export function tenantsText(tenants: readonly number[]): string {
  return tenants.length === 0 ? '' : tenants.join(', ');
}

/** A field's value as shown: empty strings, null and undefined read as an empty field; hidden characters left out. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return withoutHiddenCharacters(value.join(', '));
  if (typeof value === 'object') return JSON.stringify(value);
  return withoutHiddenCharacters(String(value));
}

export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return t('cardholders.sizeKb', { size: formatNumber(Math.max(1, Math.round(bytes / 1024))) });
  return t('cardholders.sizeMb', { size: formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}

/** What a directory sync is doing, in the language shown. */
export function phaseText(phase: DirectorySyncPhase): string {
  switch (phase) {
    case 'downloading':
      return t('cardholders.phase.downloading');
    case 'checking':
      return t('cardholders.phase.checking');
    case 'indexing':
      return t('cardholders.phase.indexing');
    case 'saving':
      return t('cardholders.phase.saving');
  }
}
