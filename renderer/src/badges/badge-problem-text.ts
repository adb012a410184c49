/**
 * A badge template's problem (a key and parameters from main, electron/contract/badge-problem-text.ts)
 * as the administrator reads it, in the language shown: the side and the orientation said in that
 * language, the layout's own typed error through errorText. Call it where the text is shown (a
 * computed or the template) so a language switch re-renders it. The keys are the contract's table
 * (`badges.problems.<name>`), which is also the English messages.
 */
import { BADGE_PROBLEM_TEXT } from '../../../electron/contract/badge-problem-text';
import type { BadgeProblem, BadgeProblemParams } from '../../../electron/contract/ipc';
import { errorText } from '../i18n/error-text';
import { currentLocale, t } from '../i18n/i18n';
import { DEFAULT_LOCALE, spokenLanguageOf } from '../i18n/locales';

const WORDS: Record<string, () => string> = {
  front: () => t('badges.problemWords.front'),
  back: () => t('badges.problemWords.back'),
  portrait: () => t('badges.problemWords.portrait'),
  landscape: () => t('badges.problemWords.landscape'),
};
const said = (value: string | number | undefined): string | number | undefined => (typeof value === 'string' && Object.hasOwn(WORDS, value) ? WORDS[value]!() : value);


/** A schema refusal's words in the language shown; English keeps the schema's own (more precise) words. */
const ISSUES: Record<string, (limit: string) => string> = {
  atLeast: (limit) => t('badges.issues.atLeast', { limit }),
  above: (limit) => t('badges.issues.above', { limit }),
  atMost: (limit) => t('badges.issues.atMost', { limit }),
  below: (limit) => t('badges.issues.below', { limit }),
  atMostCharacters: (limit) => t('badges.issues.atMostCharacters', { limit }),
  oneOf: (limit) => t('badges.issues.oneOf', { limit }),
};
function issueDetail(params: BadgeProblemParams): string | number | undefined {
  const issue = params.issue;
  const english = spokenLanguageOf(currentLocale()) === DEFAULT_LOCALE;
  return !english && typeof issue === 'string' && Object.hasOwn(ISSUES, issue) ? ISSUES[issue]!(String(params.limit ?? '')) : params.detail;
}

export function badgeProblemText(problem: BadgeProblem): string {
  if (problem.error) return errorText(problem.error);
  if (!Object.hasOwn(BADGE_PROBLEM_TEXT, problem.key)) return problem.key;
  const params: BadgeProblemParams = { ...problem.params };
  const detail = issueDetail(params);
  if (detail !== undefined) params.detail = detail;
  for (const name of ['side', 'orientation']) {
    const value = said(params[name]);
    if (value !== undefined) params[name] = value;
  }
  const key = `badges.problems.${problem.key}` as const;
  return typeof params.count === 'number' ? t(key, params, params.count) : t(key, params);
}
