/**
 * The operator log's export (CSV of the alarm acknowledgements or of the enrolment actions), behind
 * the administrator PIN: it asks for the PIN through the admin lock store, then main saves the file
 * (and refuses on its own without a fresh unlock), headed and worded by main in the language shown. Holds the last outcome (what happened), and
 * says it in the language shown.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref } from 'vue';
import { kiosk } from '../api/kiosk';
import { useAdminLockStore } from '../admin/admin-lock-store';
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';

type ExportOutcome =
  | { kind: 'noPin'; command: string }
  | { kind: 'saved'; rows: number; path: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

function outcomeText(outcome: ExportOutcome): string {
  switch (outcome.kind) {
    case 'noPin':
      return t('operatorLog.exportResult.noPin', { command: outcome.command });
    case 'saved':
      return t('operatorLog.exportResult.saved', { count: formatNumber(outcome.rows), path: outcome.path }, outcome.rows);
    case 'cancelled':
      return t('operatorLog.exportResult.cancelled');
    case 'failed':
      return t('operatorLog.exportResult.failed', { message: outcome.message });
  }
}
import { errorText } from '../i18n/error-text';

export const useOperatorLogExportStore = defineStore('operatorLogExport', () => {
  const exporting = ref(false);
  const outcome = ref<ExportOutcome | null>(null);
  const message = computed(() => (outcome.value ? outcomeText(outcome.value) : null));
  const failed = ref(false);

  async function exportPart(part: 'alarms' | 'enrolments' | 'badges'): Promise<void> {
    if (exporting.value) return;
    outcome.value = null;
    failed.value = false;
    const lock = useAdminLockStore();
    if (!(await lock.ensureUnlocked(t('operatorLog.exportResult.purpose')))) {
      if (lock.state?.configured === false) {
        failed.value = true;
        outcome.value = { kind: 'noPin', command: lock.state.setCommand };
      }
      return;
    }
    exporting.value = true;
    try {
      const result = await kiosk.exportOperatorLog({ part });
      if (result.ok) outcome.value = result.value.saved ? { kind: 'saved', rows: result.value.rows, path: result.value.path ?? '' } : { kind: 'cancelled' };
      else {
        failed.value = true;
        outcome.value = { kind: 'failed', message: errorText(result.error) };
      }
    } finally {
      exporting.value = false;
    }
  }

  return { exporting: readonly(exporting), message, failed: readonly(failed), exportPart };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOperatorLogExportStore, import.meta.hot));
