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

export type EnrolmentKind = EnrolmentLogEntry['kind'];

/** The kinds in the order the filter offers them, with what the officer reads. */
export const ENROLMENT_KINDS: ReadonlyArray<{ kind: EnrolmentKind; label: string }> = [
  { kind: 'created', label: 'Created' },
  { kind: 'updated', label: 'Changed' },
  { kind: 'photo', label: 'Photo uploaded' },
  { kind: 'queued', label: 'Saved for later' },
  { kind: 'replayed', label: 'Sent later' },
  { kind: 'linked', label: 'Linked to an existing record' },
  { kind: 'refused', label: 'Refused by the service' },
  { kind: 'discarded', label: 'Discarded' },
];

export const kindLabel = (kind: EnrolmentKind): string => ENROLMENT_KINDS.find((k) => k.kind === kind)?.label ?? kind;

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
