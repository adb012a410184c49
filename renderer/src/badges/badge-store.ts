/**
 * Badge store: the badge the officer is about to print — the cardholder, main's true-size preview
 * (front and back), a photo file chosen for a reprint with no photo at hand, the reprint reason,
 * and what the print did (printed, saved as PDF, or why not). Main is asked by the cardholder's id
 * only: it reads who is on the card from its own directory (the names kept here title the dialog). The preview and the print carry the
 * language shown (the badge's words and date are in it); a language switch lays it out again. Talks to main only through
 * renderer/src/api; the dialog renders it.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { readonly, ref, shallowRef, watch } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import { currentLocale, i18n, t, type MessageKey } from '../i18n/i18n';
import type { BadgeCardholder, BadgePreview, BadgePrintResult, CardholderRecord, ReprintReason } from '../../../electron/contract/ipc';

/** Each reprint reason's label, by key (typecheck checks each). */
const REASON_KEYS = {
  lost: 'badges.reasons.lost',
  damaged: 'badges.reasons.damaged',
  'name-change': 'badges.reasons.nameChange',
  'new-photo': 'badges.reasons.newPhoto',
  other: 'badges.reasons.other',
} as const satisfies Record<ReprintReason, MessageKey>;

/** The reasons offered, in order, each label in the language shown (a getter: reactive where it is read). */
export const REASON_CHOICES: ReadonlyArray<{ value: ReprintReason; readonly label: string }> = (Object.keys(REASON_KEYS) as ReprintReason[]).map((value) => ({
  value,
  get label() {
    return t(REASON_KEYS[value]);
  },
}));

export function badgeCardholderOf(record: Pick<CardholderRecord, 'id' | 'first_Name' | 'middle_Name' | 'last_Name' | 'displayName' | 'employee_ID' | 'card_Holder_Type_ID' | 'tenant'>): BadgeCardholder {
  return {
    id: record.id,
    first_Name: record.first_Name ?? '',
    middle_Name: record.middle_Name ?? '',
    last_Name: record.last_Name ?? '',
    displayName: record.displayName ?? '',
    employee_ID: String(record.employee_ID ?? ''),
    card_Holder_Type_ID: record.card_Holder_Type_ID,
    tenant: [...(record.tenant ?? [])],
  };
}

export const useBadgeStore = defineStore('badges', () => {
  const cardholder = shallowRef<BadgeCardholder | null>(null);
  const preview = shallowRef<BadgePreview | null>(null);
  const loading = ref(false);
  const printing = ref(false);
  const error = ref<KioskError | null>(null);
  const result = shallowRef<BadgePrintResult | null>(null);
  const reason = ref<ReprintReason | null>(null);
  const reasonText = ref('');
  let photo: { bytes: Uint8Array; type: 'image/jpeg' | 'image/png' } | null = null;
  let token = 0;

  async function load(): Promise<void> {
    const person = cardholder.value;
    if (!person) return;
    const mine = ++token;
    loading.value = true;
    error.value = null;
    const answer = await kiosk.previewBadge({ cardholderId: person.id, locale: currentLocale(), ...(photo ? { photo: photo.bytes, photoType: photo.type } : {}) });
    if (mine !== token) return;
    loading.value = false;
    if (answer.ok) preview.value = answer.value;
    else {
      preview.value = null;
      error.value = answer.error;
    }
  }

  /** Opens the badge of a cardholder (the record open, or the one just enrolled). */
  async function open(record: Parameters<typeof badgeCardholderOf>[0]): Promise<void> {
    cardholder.value = badgeCardholderOf(record);
    preview.value = null;
    result.value = null;
    reason.value = null;
    reasonText.value = '';
    photo = null;
    await load();
  }

  /** An image file the officer chose, for a badge with no photo at hand. */
  async function usePhotoFile(bytes: Uint8Array, type: string): Promise<void> {
    if (type !== 'image/jpeg' && type !== 'image/png') {
      error.value = { code: 'invalid_request', message: t('badges.print.wrongFile') };
      return;
    }
    photo = { bytes, type };
    await load();
  }

  async function print(destination: 'printer' | 'pdf'): Promise<boolean> {
    const shown = preview.value;
    if (!shown || printing.value) return false;
    printing.value = true;
    error.value = null;
    const request = {
      previewId: shown.previewId,
      destination,
      locale: currentLocale(),
      ...(reason.value ? { reason: { kind: reason.value, text: reasonText.value.trim() } } : {}),
    };
    const answer = await kiosk.printBadge(request);
    printing.value = false;
    if (answer.ok) {
      result.value = answer.value;
      return true;
    }
    if (answer.error.code !== 'cancelled') error.value = answer.error;
    return false;
  }

  function close(): void {
    ++token;
    cardholder.value = null;
    preview.value = null;
    result.value = null;
    error.value = null;
    loading.value = false;
    printing.value = false;
    reason.value = null;
    reasonText.value = '';
    photo = null;
  }

  // The badge is laid out in the language shown: a switch while it is open lays it out again.
  watch(
    () => i18n.global.locale.value,
    () => {
      if (cardholder.value && !printing.value) void load();
    },
  );

  usePrivacyRegistry().register('badge', { scope: 'desk', hasPersonalData: () => cardholder.value !== null, forget: close });

  return { cardholder, preview, loading: readonly(loading), printing: readonly(printing), error: readonly(error), result, reason, reasonText, open, usePhotoFile, print, reload: load, close };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useBadgeStore, import.meta.hot));
