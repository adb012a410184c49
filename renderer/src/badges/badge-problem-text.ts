/**
 * A badge template's problem (a key and parameters from main, electron/contract/badge-problem-text.ts)
 * as the administrator reads it, in the language shown: the side and the orientation said in that
 * language, the layout's own typed error through errorText. Call it where the text is shown (a
 * computed or the template) so a language switch re-renders it. Keys are literal `t()` calls.
 */
import type { BadgeProblem, BadgeProblemName, BadgeProblemParams } from '../../../electron/contract/ipc';
import { errorText } from '../i18n/error-text';
import { currentLocale, t } from '../i18n/i18n';

const WORDS: Record<string, () => string> = {
  front: () => t('badges.problemWords.front'),
  back: () => t('badges.problemWords.back'),
  portrait: () => t('badges.problemWords.portrait'),
  landscape: () => t('badges.problemWords.landscape'),
};
const said = (value: string | number | undefined): string | number | undefined => (typeof value === 'string' && Object.hasOwn(WORDS, value) ? WORDS[value]!() : value);

const TEXT: Record<BadgeProblemName, (p: BadgeProblemParams) => string> = {
  notJson: (p) => t('badges.problems.notJson', p),
  unreadable: (p) => t('badges.problems.unreadable', p),
  unknownFields: (p) => t('badges.problems.unknownFields', p, Number(p.count)),
  invalid: (p) => t('badges.problems.invalid', p),
  invalidElement: (p) => t('badges.problems.invalidElement', p),
  invalidElementField: (p) => t('badges.problems.invalidElementField', p),
  unknownFieldsElement: (p) => t('badges.problems.unknownFieldsElement', p, Number(p.count)),
  backgroundMissing: (p) => t('badges.problems.backgroundMissing', p),
  sameId: (p) => t('badges.problems.sameId', p),
  borderTooThick: (p) => t('badges.problems.borderTooThick', p),
  offCard: (p) => t('badges.problems.offCard', p),
  imageMissing: (p) => t('badges.problems.imageMissing', p),
  textNeedsWords: (p) => t('badges.problems.textNeedsWords', p),
  tooShort: (p) => t('badges.problems.tooShort', p),
  wordsTooLong: (p) => t('badges.problems.wordsTooLong', p),
  wordsTooLongIn: (p) => t('badges.problems.wordsTooLongIn', p),
  barcodeText: (p) => t('badges.problems.barcodeText', p),
  barcodeTooSmall: (p) => t('badges.problems.barcodeTooSmall', p),
  barcodeNeedsWidth: (p) => t('badges.problems.barcodeNeedsWidth', p),
  barcodeNeedsHeight: (p) => t('badges.problems.barcodeNeedsHeight', p),
  barcodeNeedsArea: (p) => t('badges.problems.barcodeNeedsArea', p),
  cannotLayOut: (p) => t('badges.problems.cannotLayOut', p),
};

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
  const english = currentLocale() === 'en' || currentLocale() === 'en-XA';
  return !english && typeof issue === 'string' && Object.hasOwn(ISSUES, issue) ? ISSUES[issue]!(String(params.limit ?? '')) : params.detail;
}

export function badgeProblemText(problem: BadgeProblem): string {
  if (problem.error) return errorText(problem.error);
  const text = Object.hasOwn(TEXT, problem.key) ? TEXT[problem.key] : undefined;
  if (!text) return problem.key;
  const params: BadgeProblemParams = { ...problem.params };
  const detail = issueDetail(params);
  if (detail !== undefined) params.detail = detail;
  for (const name of ['side', 'orientation']) {
    const value = said(params[name]);
    if (value !== undefined) params[name] = value;
  }
  return text(params);
}
