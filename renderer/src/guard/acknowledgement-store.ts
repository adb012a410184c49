/**
 * Acknowledgement store: the act of acknowledging alarms — one alarm, a merged row, a selection of
 * rows, or a whole group (from before this shift, set aside, every one waiting) up to what the
 * guard was shown — with one note that main writes into the operator log for each alarm. Checks
 * what it can before asking (note length, something to acknowledge, the contract's bound); main
 * checks everything again. The alarms acknowledged are marked at once (the open alarms store).
 * Renders nothing; talks to main only through renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { readonly, ref } from 'vue';
import { kiosk, type Result } from '../api/kiosk';
import type { AcknowledgeResult, AlarmFilter, AlarmGroupMark } from '../../../electron/contract/ipc';
import type { FeedRow } from './feed-rows';
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';
import { useOpenAlarmStore } from './open-alarms-store';

export const MAX_NOTE_LENGTH = 2000;

/** Most alarms acknowledged by number in one go (the contract's bound); a group goes by its bound instead. */
export const MAX_ACKNOWLEDGED_AT_ONCE = 10_000;

/** What is acknowledged: alarms by their numbers, or a group as the guard was shown it (optionally only those matching the feed's filters). */
export type AcknowledgeInput =
  | { alarmIds: readonly number[]; note: string }
  | { group: 'preShift' | 'setAside' | 'all'; asOf: AlarmGroupMark; expected: number; filter?: AlarmFilter; note: string };

/** What the acknowledgement dialog is asked to acknowledge: rows of a list, or a whole group as far as the guard saw it. */
export type AckRequest =
  | { kind: 'rows'; rows: readonly FeedRow[] }
  | { kind: 'group'; group: 'preShift' | 'setAside' | 'all'; count: number; asOf: AlarmGroupMark; filter?: AlarmFilter };

export const useAcknowledgementStore = defineStore('acknowledgements', () => {
  const open = useOpenAlarmStore();
  const submitting = ref(false);

  async function acknowledge(input: AcknowledgeInput): Promise<Result<AcknowledgeResult>> {
    const note = input.note.trim();
    if (note.length > MAX_NOTE_LENGTH) {
      return { ok: false, error: { code: 'invalid_request', field: 'note', message: t('alarms.ack.noteTooLong', { max: formatNumber(MAX_NOTE_LENGTH) }) } };
    }
    const alarmIds = 'alarmIds' in input ? [...new Set(input.alarmIds)].filter((id) => Number.isSafeInteger(id) && id > 0) : [];
    if ('alarmIds' in input ? alarmIds.length === 0 : input.expected < 1) {
      return { ok: false, error: { code: 'invalid_request', field: 'alarmIds', message: t('alarms.ack.nothing') } };
    }
    if (alarmIds.length > MAX_ACKNOWLEDGED_AT_ONCE) {
      return { ok: false, error: { code: 'invalid_request', field: 'alarmIds', message: t('alarms.ack.tooMany', { max: formatNumber(MAX_ACKNOWLEDGED_AT_ONCE) }) } };
    }
    submitting.value = true;
    try {
      const result =
        'alarmIds' in input
          ? await kiosk.acknowledgeAlarms({ alarmIds, note: input.note })
          : await kiosk.acknowledgeAlarmGroup({ group: input.group, asOf: input.asOf, expected: input.expected, ...(input.filter ? { filter: input.filter } : {}), note: input.note });
      if (result.ok) {
        // Marked at once (main's push confirms it a moment later), and the counts read again.
        open.settle(alarmIds);
        open.settle(result.value.entries.flatMap((entry) => (entry.alarmId !== undefined ? [entry.alarmId] : [])));
        await open.refresh();
      }
      return result;
    } finally {
      submitting.value = false;
    }
  }

  return { submitting: readonly(submitting), acknowledge };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useAcknowledgementStore, import.meta.hot));
