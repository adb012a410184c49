/**
 * The operator log's export (CSV of the alarm acknowledgements or of the enrolment actions), behind
 * the administrator PIN: it asks for the PIN through the admin lock store, then main saves the file
 * (and refuses on its own without a fresh unlock). Holds the last outcome in words.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref } from 'vue';
import { kiosk } from '../api/kiosk';
import { useAdminLockStore } from '../admin/admin-lock-store';
import { errorText } from '../i18n/error-text';

export const useOperatorLogExportStore = defineStore('operatorLogExport', () => {
  const exporting = ref(false);
  const message = ref<string | null>(null);
  const failed = ref(false);

  async function exportPart(part: 'alarms' | 'enrolments' | 'badges'): Promise<void> {
    if (exporting.value) return;
    message.value = null;
    failed.value = false;
    const lock = useAdminLockStore();
    if (!(await lock.ensureUnlocked('Export the operator log'))) {
      if (lock.state?.configured === false) {
        failed.value = true;
        message.value = `The export needs the administrator PIN, and none is set on this kiosk: an administrator runs "${lock.state.setCommand}" on this workstation.`;
      }
      return;
    }
    exporting.value = true;
    try {
      const result = await kiosk.exportOperatorLog({ part });
      if (result.ok) message.value = result.value.saved ? `Saved ${result.value.rows} rows to ${result.value.path ?? ''}` : 'Export cancelled: nothing was saved.';
      else {
        failed.value = true;
        message.value = `Export failed: ${errorText(result.error)}`;
      }
    } finally {
      exporting.value = false;
    }
  }

  return { exporting: readonly(exporting), message: readonly(message), failed: readonly(failed), exportPart };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useOperatorLogExportStore, import.meta.hot));
