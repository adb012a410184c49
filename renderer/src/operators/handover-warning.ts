/**
 * The handover report's warning (a file that could not be saved) in the language shown, from the
 * key and parameters main sent; the system's reason is shown as it came.
 */
import type { HandoverWarning } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';

export function handoverWarningText(warning: HandoverWarning): string {
  switch (warning.key) {
    case 'csvNotSaved':
      return t('operators.handover.warning.csvNotSaved', warning.params);
    case 'pdfNotSaved':
      return t('operators.handover.warning.pdfNotSaved', warning.params);
    case 'neitherSaved':
      return t('operators.handover.warning.neitherSaved', warning.params);
  }
}
