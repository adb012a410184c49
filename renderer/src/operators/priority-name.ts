/**
 * An alarm priority as the handover report and the operator log's tables name it: one lower-case
 * word in the language shown ("critical"), not the feed's "Critical alarm" (shell.priority).
 */
import type { AlarmPriority } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';

export function priorityName(priority: AlarmPriority): string {
  switch (priority) {
    case 'critical':
      return t('operators.handover.priorities.critical');
    case 'high':
      return t('operators.handover.priorities.high');
    case 'medium':
      return t('operators.handover.priorities.medium');
    case 'low':
      return t('operators.handover.priorities.low');
    default:
      return String(priority);
  }
}
