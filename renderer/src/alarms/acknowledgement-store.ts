/**
 * Acknowledgement store: the guard's acknowledgements of alarms, as main keeps them (so they
 * survive a restart or a reload), and the act of acknowledging — one alarm, a merged group or a
 * selection at once, with one note that main writes into the operator log for each alarm.
 * Renders nothing; talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError, type Result } from '../api/kiosk';
import type { Acknowledgement } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';

export const MAX_NOTE_LENGTH = 2000;

export interface AcknowledgeInput {
  /** The alarm events acknowledged (a row's, a merged group's, a selection's). */
  recordIds: readonly number[];
  note: string;
}

/** Most alarm events acknowledged in one go (the contract's bound). */
export const MAX_ACKNOWLEDGED_AT_ONCE = 10_000;

const newestFirst = (list: readonly Acknowledgement[]): Acknowledgement[] =>
  [...list].sort((a, b) => Date.parse(b.acknowledgedAt) - Date.parse(a.acknowledgedAt));

export const useAcknowledgementStore = defineStore('acknowledgements', () => {
  const list = shallowRef<Acknowledgement[]>([]);
  const loaded = ref(false);
  const loading = ref(false);
  const error = ref<KioskError | null>(null);
  const submitting = ref(false);
  let loadPromise: Promise<void> | null = null;

  /** Every acknowledged record id, for marking rows. */
  const acknowledgedIds = computed(() => {
    const ids = new Set<number>();
    for (const ack of list.value) for (const id of ack.recordIds) ids.add(id);
    return ids;
  });

  function load(): Promise<void> {
    if (loadPromise) return loadPromise;
    loadPromise = (async () => {
      loading.value = true;
      try {
        const result = await kiosk.listAcknowledgements();
        if (result.ok) {
          list.value = newestFirst(result.value);
          loaded.value = true;
          error.value = null;
        } else {
          error.value = result.error;
        }
      } finally {
        loading.value = false;
        loadPromise = null;
      }
    })();
    return loadPromise;
  }

  /** Loads once; later calls are no-ops (use `load` to refresh). */
  async function ensureLoaded(): Promise<void> {
    if (!loaded.value) await load();
  }

  async function acknowledge(input: AcknowledgeInput): Promise<Result<Acknowledgement[]>> {
    const note = input.note.trim();
    if (note.length > MAX_NOTE_LENGTH) {
      return { ok: false, error: { code: 'invalid_request', field: 'note', message: t('alarms.ack.noteTooLong', { max: formatNumber(MAX_NOTE_LENGTH) }) } };
    }
    const recordIds = [...new Set(input.recordIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (recordIds.length === 0) {
      return { ok: false, error: { code: 'invalid_request', field: 'recordIds', message: t('alarms.ack.nothing') } };
    }
    if (recordIds.length > MAX_ACKNOWLEDGED_AT_ONCE) {
      return { ok: false, error: { code: 'invalid_request', field: 'recordIds', message: t('alarms.ack.tooMany', { max: formatNumber(MAX_ACKNOWLEDGED_AT_ONCE) }) } };
    }
    submitting.value = true;
    try {
      const result = await kiosk.acknowledgeAlarms({ recordIds, note });
      if (result.ok) list.value = newestFirst([...result.value, ...list.value]);
      return result;
    } finally {
      submitting.value = false;
    }
  }

  return {
    list,
    acknowledgedIds,
    loaded: readonly(loaded),
    loading: readonly(loading),
    error: readonly(error),
    submitting: readonly(submitting),
    load,
    ensureLoaded,
    acknowledge,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAcknowledgementStore, import.meta.hot));
