/**
 * Administration store: the service settings and how the credential is kept, as main reports
 * them (never the secret), the cardholder directory saved on this workstation and its removal, plus
 * a connection test through the service status operation.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { readonly, ref } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { AdminOverview, ServiceStatus } from '../../../electron/contract/ipc';

export const useAdminStore = defineStore('admin', () => {
  const overview = ref<AdminOverview | null>(null);
  const error = ref<KioskError | null>(null);
  const loading = ref(false);
  const connection = ref<ServiceStatus | null>(null);
  const testing = ref(false);

  async function load(): Promise<void> {
    loading.value = true;
    try {
      const result = await kiosk.getAdminOverview();
      if (result.ok) {
        overview.value = result.value;
        error.value = null;
      } else {
        error.value = result.error;
      }
    } finally {
      loading.value = false;
    }
  }

  async function testConnection(): Promise<void> {
    testing.value = true;
    try {
      const result = await kiosk.getServiceStatus();
      if (result.ok) connection.value = result.value;
      else error.value = result.error;
    } finally {
      testing.value = false;
    }
  }

  const removing = ref(false);
  const removed = ref(false);

  /** Removes the saved cardholder directory from this workstation (personal data), then reads the overview again. */
  async function removeDirectory(): Promise<void> {
    removing.value = true;
    removed.value = false;
    try {
      const result = await kiosk.removeDirectorySnapshot();
      if (result.ok) {
        removed.value = true;
        error.value = null;
      } else {
        error.value = result.error;
      }
    } finally {
      removing.value = false;
    }
    await load();
  }

  /** Drops what the overview showed (locked again, or the idle reset). */
  function forget(): void {
    overview.value = null;
    connection.value = null;
    error.value = null;
    removed.value = false;
  }

  usePrivacyRegistry().register('admin-overview', { scope: 'kiosk', hasPersonalData: () => overview.value !== null, forget });

  return {
    forget,
    overview: readonly(overview),
    removing: readonly(removing),
    removed: readonly(removed),
    removeDirectory,
    error: readonly(error),
    loading: readonly(loading),
    connection: readonly(connection),
    testing: readonly(testing),
    load,
    testConnection,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAdminStore, import.meta.hot));
