/**
 * Front desk store: which step the officer is at with the person in front of the desk — nothing
 * open, a record, the enrolment form (new, edit, or fixing an enrolment the service refused from
 * the outbox), the photo — and "Next person", which forgets everything about that person through
 * the privacy registry (shell/privacy-registry.ts, scope `desk`): the search, the record, the
 * form, the duplicate warnings, the badge and the captured photo each forget their own. Holds no
 * data of its own beyond the step and the last save's confirmation (which follows the outbox: a
 * waiting enrolment, once sent, says so); the lookup, record and enrolment stores hold theirs.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { CardholderFields, CardholderRecord, CardholderSummary, OutboxItemView } from '../../../electron/contract/ipc';
import { looksLikeEmail, looksLikeEmployeeId } from '../../../electron/contract/cardholder-fields';
import { useLookupStore } from './lookup-store';
import { useRecordStore } from './record-store';
import { noticeText, useEnrolmentStore, type EnrolmentNotice } from '../enrolment/enrolment-store';
import { usePrivacyRegistry, type ForgetReason } from '../shell/privacy-registry';
import { useOutboxStore } from '../outbox/outbox-store';

export type FrontDeskStep = 'idle' | 'record' | 'enrol' | 'photo';

/** Names typed in the lookup, as a new cardholder's first and last name ("Jane van der Berg"). */
export function namesFromQuery(query: string): { first_Name?: string; last_Name?: string } {
  const words = query.trim().split(/\s+/).filter((w) => w !== '');
  if (words.length < 2 || words.some((w) => /[\d@]/.test(w))) return {};
  const [first, ...rest] = words;
  return { first_Name: first, last_Name: rest.join(' ') };
}

/** A name typed in the lookup as the form's names: "Jane Smith" → first and last, one word → the last name. */
export function namesFromTyped(typed: string): { first_Name?: string; last_Name?: string } {
  const words = typed.trim().split(/\s+/).filter((w) => w !== '');
  if (words.length === 1 && !/[\d@]/.test(words[0] ?? '')) return { last_Name: words[0] };
  return namesFromQuery(typed);
}

/** What "Enrol “…” as a new cardholder" fills in. */
export type TypedPrefill = { first_Name?: string; last_Name?: string; employee_ID?: string; email?: string };

/**
 * What the officer typed in the lookup, in the field it belongs to: an employee ID ("E-1234") in
 * Employee ID, an e-mail address in E-mail, a name in the names. Which is which is decided once,
 * in the contract's cardholder-fields.ts (the lookup reads an ID the same way).
 */
export function prefillFromTyped(typed: string): TypedPrefill {
  const text = typed.trim();
  if (looksLikeEmail(text)) return { email: text };
  if (looksLikeEmployeeId(text)) return { employee_ID: text };
  return namesFromTyped(text);
}

/** The lookup row of a cardholder created on this workstation and not yet on the service. */
export function provisionalSummary(id: number, fields: CardholderFields): CardholderSummary {
  return {
    id,
    first_Name: fields.first_Name,
    middle_Name: fields.middle_Name ?? '',
    last_Name: fields.last_Name,
    displayName: `${fields.last_Name} ${fields.first_Name}`,
    employee_ID: fields.employee_ID ?? '',
    displayEmployeeId: fields.employee_ID ?? '',
    email: fields.email ?? '',
    phone: fields.phone ?? '',
    tenant: [...(fields.tenant ?? [])],
    photo_Exists: false,
    card_Holder_Type_ID: fields.card_Holder_Type_ID ?? 0,
    pending: true,
  };
}

export const useFrontDeskStore = defineStore('frontDesk', () => {
  const step = ref<FrontDeskStep>('idle');
  /** The cardholder the photo is for. */
  const photoFor = shallowRef<CardholderRecord | null>(null);
  /** Said after the screen was cleared by the idle timer. */
  const clearedByIdle = ref(false);
  /** What the last save did (worded "Saved: 1 field changed."), shown over the record until the officer's next action. */
  const said = shallowRef<EnrolmentNotice | null>(null);
  /** The confirmation in the language shown (re-worded when the language changes). */
  const confirmation = computed(() => (said.value ? noticeText(said.value) : null));
  /** The confirmation says the service did not answer (a warning, not a success). */
  const unanswered = ref(false);
  const privacy = usePrivacyRegistry();

  function openRecord(row: CardholderSummary): void {
    said.value = null;
    unanswered.value = false;
    useEnrolmentStore().clear();
    photoFor.value = null;
    step.value = 'record';
    clearedByIdle.value = false;
    void useRecordStore().open(row);
  }

  /** A new cardholder; `typed`: what the officer asked to enrol from the lookup (a name "Lewandosky", an ID "E-1234", an e-mail). */
  function startNew(typed?: string): void {
    said.value = null;
    unanswered.value = false;
    const lookup = useLookupStore();
    const prefill = typed !== undefined ? prefillFromTyped(typed) : lookup.total === 0 ? namesFromQuery(lookup.query) : {};
    useRecordStore().clear();
    photoFor.value = null;
    useEnrolmentStore().startCreate(prefill);
    step.value = 'enrol';
    clearedByIdle.value = false;
  }

  function edit(record: CardholderRecord): void {
    said.value = null;
    unanswered.value = false;
    useEnrolmentStore().startEdit(record);
    step.value = 'enrol';
  }

  /**
   * Opens an enrolment the service refused in the form (from the outbox panel): a create with
   * its fields, a change over the record as the service has it now. Returns why it could not.
   */
  async function fix(item: OutboxItemView): Promise<KioskError | null> {
    let base: CardholderRecord | null = null;
    if (item.kind === 'update') {
      const result = await kiosk.getCardholder({ id: item.cardholderId });
      if (!result.ok) return result.error;
      base = result.value.record;
    } else if (item.kind !== 'create') {
      return { code: 'invalid_request', key: 'errors.refusedPhotoNoFix', message: 'A refused photo cannot be changed: discard it, then take a new photo from the record.' };
    }
    useRecordStore().clear();
    photoFor.value = null;
    useEnrolmentStore().startFix(item, base);
    step.value = 'enrol';
    clearedByIdle.value = false;
    return null;
  }

  /** After a fixed enrolment went back to the outbox: the record it is about. */
  function fixSent(item: OutboxItemView, fields: CardholderFields | null): void {
    const base = useEnrolmentStore().original;
    if (item.kind === 'create' && fields) showRecord(provisionalSummary(item.cardholderId, fields));
    else showRecord(base);
  }

  function takePhoto(record: CardholderRecord): void {
    said.value = null;
    unanswered.value = false;
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

  /** After a save: the record as the service saved it, and what the save did, kept on screen until the next action. */
  function showSaved(record: CardholderRecord, notice: EnrolmentNotice | null): void {
    showRecord(record);
    said.value = notice;
  }

  /** The service never answered an enrolment (it waits, checked, in the outbox): said until the next action. */
  function noteUnanswered(notice: EnrolmentNotice | null, warn = true): void {
    said.value = notice;
    unanswered.value = warn;
  }

  /**
   * The outbox changed: an enrolment the confirmation says is waiting has been sent since, so the
   * confirmation says so (not "it will be sent" over a record the service has).
   */
  function followOutbox(): void {
    const notice = said.value;
    if (!notice || (notice.code !== 'savedLocally' && notice.code !== 'noAnswer') || notice.itemId === undefined) return;
    if (!useOutboxStore().wasSent(notice.itemId)) return;
    said.value = { code: 'sentLater' };
    unanswered.value = false;
  }

  /** The desk's own part of forgetting: back to nothing open; says so when the idle time ran out. */
  function forgetOwn(reason: ForgetReason): void {
    photoFor.value = null;
    said.value = null;
    unanswered.value = false;
    step.value = 'idle';
    clearedByIdle.value = reason === 'idle';
  }
  privacy.register('front-desk', { scope: 'desk', hasPersonalData: () => step.value !== 'idle', forget: forgetOwn });

  /** "Next person": forgets everything about the person at the desk, from the screen and from memory. */
  function nextPerson(): void {
    privacy.forget('next-person');
  }

  return { step: readonly(step), photoFor, clearedByIdle: readonly(clearedByIdle), confirmation, unanswered: readonly(unanswered), noteUnanswered, followOutbox, openRecord, startNew, edit, fix, fixSent, takePhoto, showRecord, showSaved, nextPerson };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useFrontDeskStore, import.meta.hot));
