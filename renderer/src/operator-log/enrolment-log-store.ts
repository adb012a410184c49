/**
 * Enrolment log store: the local log of enrolment actions main keeps (created, changed, photo
 * uploaded, saved for later, sent later, linked to an existing record, refused, discarded),
 * newest first, and the kind the officer filters it by. Read again whenever the Operator log is
 * shown and when the outbox changes. Talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { computed, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { EnrolmentLogEntry } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';

export type EnrolmentKind = EnrolmentLogEntry['kind'];

/** What the officer reads for a kind, in the language shown (call it where the text is shown). */
export function kindLabel(kind: EnrolmentKind): string {
  switch (kind) {
    case 'created':
      return t('operatorLog.kinds.created');
    case 'updated':
      return t('operatorLog.kinds.updated');
    case 'photo':
      return t('operatorLog.kinds.photo');
    case 'queued':
      return t('operatorLog.kinds.queued');
    case 'replayed':
      return t('operatorLog.kinds.replayed');
    case 'linked':
      return t('operatorLog.kinds.linked');
    case 'refused':
      return t('operatorLog.kinds.refused');
    case 'discarded':
      return t('operatorLog.kinds.discarded');
    default:
      return String(kind);
  }
}

/** The kinds in the order the filter offers them. */
export const ENROLMENT_KINDS: ReadonlyArray<EnrolmentKind> = ['created', 'updated', 'photo', 'queued', 'replayed', 'linked', 'refused', 'discarded'];

export const useEnrolmentLogStore = defineStore('enrolmentLog', () => {
  const entries = shallowRef<EnrolmentLogEntry[]>([]);
  const loading = ref(false);
  const error = ref<KioskError | null>(null);
  /** '' = every kind. */
  const kind = ref<EnrolmentKind | ''>('');
  let token = 0;

  async function load(): Promise<void> {
    const mine = ++token;
    loading.value = true;
    try {
      const result = await kiosk.listEnrolmentLog();
      if (mine !== token) return;
      if (result.ok) {
        entries.value = result.value;
        error.value = null;
      } else error.value = result.error;
    } finally {
      if (mine === token) loading.value = false;
    }
  }

  const shown = computed(() => (kind.value === '' ? entries.value : entries.value.filter((e) => e.kind === kind.value)));

  usePrivacyRegistry().register('enrolment-log', {
    scope: 'kiosk',
    hasPersonalData: () => entries.value.length > 0,
    forget: () => {
      entries.value = [];
    },
  });

  return { entries, shown, kind, loading: readonly(loading), error: readonly(error), load };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useEnrolmentLogStore, import.meta.hot));
