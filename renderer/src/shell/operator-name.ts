/**
 * The operator's name as the screen shows it: a shift begun without a name is recorded by main
 * with the marker "unnamed" (the stored data keeps it); the screen says it in the language shown
 * ("ohne Namen", "sans nom", …). Any other name is shown as it is. No IPC; call it where the name
 * is shown (a computed or the template) so a language switch re-renders it.
 */
import { t } from '../i18n/i18n';

/** The marker main records for a shift without a name (electron/core/operators/operator-list.ts UNNAMED_OPERATOR). */
export const UNNAMED_OPERATOR = 'unnamed';

/** `unnamed`: the shift's own flag, where the screen has it (OperatorState.current.unnamed). */
export function operatorName(name: string, unnamed?: boolean): string {
  return unnamed === true || (unnamed === undefined && name === UNNAMED_OPERATOR) ? t('shell.operator.unnamed') : name;
}
