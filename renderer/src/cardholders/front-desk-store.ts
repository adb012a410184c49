/**
 * Front desk store: which step the officer is at with the person in front of the desk — nothing
 * open, a record, the enrolment form (new or edit), the photo — and the one place that forgets
 * everything about that person ("Next person", the idle timer): the search, the record, the form,
 * the duplicate warnings and the captured photo. Holds no data of its own beyond the step; the
 * lookup, record and enrolment stores hold theirs.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref, shallowRef } from 'vue';
import type { CardholderRecord, CardholderSummary } from '../../../electron/contract/ipc';
import { useLookupStore } from './lookup-store';
import { useRecordStore } from './record-store';
import { useEnrolmentStore } from '../enrolment/enrolment-store';

export type FrontDeskStep = 'idle' | 'record' | 'enrol' | 'photo';

/** Names typed in the lookup, as a new cardholder's first and last name ("Jane van der Berg"). */
export function namesFromQuery(query: string): { first_Name?: string; last_Name?: string } {
  const words = query.trim().split(/\s+/).filter((w) => w !== '');
  if (words.length < 2 || words.some((w) => /[\d@]/.test(w))) return {};
  const [first, ...rest] = words;
  return { first_Name: first, last_Name: rest.join(' ') };
}

export const useFrontDeskStore = defineStore('frontDesk', () => {
  const step = ref<FrontDeskStep>('idle');
  /** The cardholder the photo is for. */
  const photoFor = shallowRef<CardholderRecord | null>(null);
  /** Said after the screen was cleared by the idle timer. */
  const clearedByIdle = ref(false);
  const listeners = new Set<() => void>();

  function openRecord(row: CardholderSummary): void {
    useEnrolmentStore().clear();
    photoFor.value = null;
    step.value = 'record';
    clearedByIdle.value = false;
    void useRecordStore().open(row);
  }

  function startNew(): void {
    const lookup = useLookupStore();
    const prefill = lookup.total === 0 ? namesFromQuery(lookup.query) : {};
    useRecordStore().clear();
    photoFor.value = null;
    useEnrolmentStore().startCreate(prefill);
    step.value = 'enrol';
    clearedByIdle.value = false;
  }

  function edit(record: CardholderRecord): void {
    useEnrolmentStore().startEdit(record);
    step.value = 'enrol';
  }

  function takePhoto(record: CardholderRecord): void {
    photoFor.value = record;
    step.value = 'photo';
  }

  /** Back to the record of `record` (after a save, a photo, or leaving the form). */
  function showRecord(record: CardholderRecord | CardholderSummary | null): void {
    useEnrolmentStore().clear();
    photoFor.value = null;
    if (record) {
      step.value = 'record';
      void useRecordStore().open(record);
    } else {
      step.value = useRecordStore().summary ? 'record' : 'idle';
    }
  }

  /** Runs when the person's data is forgotten (the photo step drops its image). */
  function onForget(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Forgets everything about the person at the desk, from the screen and from memory. */
  function nextPerson(byIdle = false): void {
    useLookupStore().clear();
    useRecordStore().clear();
    useEnrolmentStore().clear();
    photoFor.value = null;
    step.value = 'idle';
    clearedByIdle.value = byIdle;
    for (const listener of listeners) listener();
  }

  return { step: readonly(step), photoFor, clearedByIdle: readonly(clearedByIdle), openRecord, startNew, edit, takePhoto, showRecord, onForget, nextPerson };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useFrontDeskStore, import.meta.hot));
