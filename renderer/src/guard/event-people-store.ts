/**
 * The people an opened event names: main matches the event's text against the cardholder
 * directory (findEventPeople) and the detail panel links to each record; the record opens
 * read-only for the guard (getCardholder, shown in a dialog, with no action on it). A late answer
 * for an event the guard has since left is ignored. Talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { CardholderRecord, EventPerson } from '../../../electron/contract/ipc';

export const useEventPeopleStore = defineStore('eventPeople', () => {
  const people = shallowRef<EventPerson[]>([]);
  /** The record open read-only, or null. */
  const record = shallowRef<CardholderRecord | null>(null);
  const recordError = ref<KioskError | null>(null);
  const recordLoading = ref(false);
  let token = 0;
  let recordToken = 0;

  async function lookFor(text: string): Promise<void> {
    const mine = ++token;
    people.value = [];
    if (text.trim() === '') return;
    const result = await kiosk.findEventPeople({ text: text.slice(0, 2000) });
    if (mine === token && result.ok) people.value = result.value;
  }

  async function openRecord(id: number): Promise<void> {
    const mine = ++recordToken;
    recordLoading.value = true;
    recordError.value = null;
    record.value = null;
    const result = await kiosk.getCardholder({ id });
    if (mine !== recordToken) return;
    recordLoading.value = false;
    if (result.ok) record.value = result.value.record;
    else recordError.value = result.error;
  }

  function closeRecord(): void {
    recordToken++;
    record.value = null;
    recordError.value = null;
    recordLoading.value = false;
  }

  function clear(): void {
    token++;
    people.value = [];
    closeRecord();
  }

  return { people, record, recordError: readonly(recordError), recordLoading: readonly(recordLoading), lookFor, openRecord, closeRecord, clear };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useEventPeopleStore, import.meta.hot));
