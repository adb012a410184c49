/**
 * Shared alarm desk store: mirrors main's DeskState (a snapshot with getDeskState, then the
 * deskState push) — the store's status, this desk's actions waiting to be sent, live claims, who
 * is on duty, the site's handover and the notices — and holds the activity of the alarm open in
 * the detail panel (read again when a push says the desk changed). Sends the guard's actions
 * (claim, release, take over, note, confirm the handover, dismiss a notice) and keeps what the
 * last one came to, as a typed result or a typed error for the screen to word. Status 'off' (no
 * store configured) is the kiosk working alone: nothing of the desk is shown then. IPC through
 * renderer/src/api only; renders nothing.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError, type Result } from '../../api/kiosk';
import { mirrorFromMain } from '../../api/main-mirror';
import { usePrivacyRegistry } from '../../shell/privacy-registry';
import type { DeskActionResult, DeskActivity, DeskClaim, DeskState } from '../../../../electron/contract/ipc';

/** Before main has answered, and when it cannot: the kiosk works alone. */
export const DESK_ALONE: DeskState = { status: 'off', desk: '', storeLabel: null, since: null, problemText: null, waiting: 0, claims: [], onDuty: [], handover: null, leaseSeconds: 0, notices: [] };

/** What the guard can do about one alarm from the detail panel. */
export type DeskAlarmAction = 'claim' | 'release' | 'takeOver' | 'note';

/** What the guard's last action on an alarm came to: the store's decision, or why it was not sent. */
export interface DeskActionDone {
  alarmId: number;
  action: DeskAlarmAction;
  result: Result<DeskActionResult>;
}

export const useDeskStore = defineStore('desk', () => {
  const state = shallowRef<DeskState>(DESK_ALONE);
  /** The snapshot could not be read (the desk stays as it was: off at start). */
  const loadError = ref<KioskError | null>(null);
  /** Confirming the site's handover failed. */
  const handoverError = ref<KioskError | null>(null);
  /** Dismissing a notice failed. */
  const noticeError = ref<KioskError | null>(null);
  const confirming = ref(false);

  /** A store is configured: the desk is shown (whether it answers or not). */
  const shared = computed(() => state.value.status !== 'off');
  /** Its store cannot be reached or used now: the banner says so. */
  const unreachable = computed(() => state.value.status === 'down' || state.value.status === 'refused');
  const claimsByAlarm = computed(() => new Map<number, DeskClaim>(state.value.claims.map((claim) => [claim.alarmId, claim])));
  /**
   * The claim on any of a row's alarms, for the owner label; null when none or the desk is off. A
   * computed function, not an action: the feed calls it for every row it renders.
   */
  const claimOn = computed<(alarmIds: readonly number[]) => DeskClaim | null>(() => {
    const claims = shared.value ? claimsByAlarm.value : new Map<number, DeskClaim>();
    return (alarmIds) => {
      if (claims.size === 0) return null;
      for (const alarmId of alarmIds) {
        const found = claims.get(alarmId);
        if (found) return found;
      }
      return null;
    };
  });
  /** The site's handover while the guard here has not confirmed it. */
  const handoverToRead = computed(() => (shared.value && state.value.handover && state.value.handover.confirmed === null ? state.value.handover : null));

  // ── the activity of the alarm open in the detail panel ──
  const activityAlarmId = ref<number | null>(null);
  const activity = shallowRef<DeskActivity[]>([]);
  const activityLoading = ref(false);
  const activityError = ref<KioskError | null>(null);
  let activityTicket = 0;

  // ── the last action on an alarm ──
  const working = ref<DeskAlarmAction | null>(null);
  const lastAction = shallowRef<DeskActionDone | null>(null);

  async function reloadActivity(): Promise<void> {
    const alarmId = activityAlarmId.value;
    if (alarmId === null || !shared.value) return;
    const ticket = ++activityTicket;
    activityLoading.value = true;
    const result = await kiosk.getAlarmActivity({ alarmId });
    if (ticket !== activityTicket) return; // another alarm opened, or closed, meanwhile
    activityLoading.value = false;
    if (result.ok) {
      activity.value = result.value;
      activityError.value = null;
    } else activityError.value = result.error;
  }

  /** The detail panel shows this alarm (null: none, or an event that is no alarm kept by main). */
  function openActivity(alarmId: number | null): Promise<void> {
    if (alarmId === activityAlarmId.value) return reloadActivity();
    closeActivity();
    activityAlarmId.value = alarmId;
    return reloadActivity();
  }

  function closeActivity(): void {
    activityTicket += 1;
    activityAlarmId.value = null;
    activity.value = [];
    activityLoading.value = false;
    activityError.value = null;
    if (lastAction.value) lastAction.value = null;
  }

  function apply(next: DeskState): void {
    state.value = next;
  }

  const mirror = mirrorFromMain<DeskState, DeskState>({
    subscribe: (listener) => kiosk.onDeskState(listener),
    read: () => kiosk.getDeskState(),
    onPush: (next) => {
      apply(next);
      // Another desk (or this one's waiting actions) changed the desk: the open alarm's activity too, maybe.
      void reloadActivity();
    },
    onSnapshot: (snapshot, pushedMeanwhile) => {
      if (!pushedMeanwhile) apply(snapshot);
      loadError.value = null;
    },
    onError: (error) => {
      loadError.value = error;
    },
  });

  /** Mirrors main's desk from now on (idempotent; a failed first read is tried again at the next call). */
  const start = (): Promise<void> => mirror.start();
  const stop = (): void => mirror.stop();

  /** The claim as the store decided it, shown at once (main's push follows); a waiting action changes nothing yet. */
  function applyClaim(alarmId: number, result: DeskActionResult): void {
    if (result.outcome === 'waiting') return;
    const others = state.value.claims.filter((claim) => claim.alarmId !== alarmId);
    state.value = { ...state.value, claims: result.claim ? [...others, result.claim] : others };
  }

  async function act(alarmId: number, action: DeskAlarmAction, send: () => Promise<Result<DeskActionResult>>): Promise<Result<DeskActionResult>> {
    working.value = action;
    try {
      const result = await send();
      if (result.ok) applyClaim(alarmId, result.value);
      lastAction.value = { alarmId, action, result };
      if (alarmId === activityAlarmId.value) void reloadActivity();
      return result;
    } finally {
      working.value = null;
    }
  }

  /** "I'm on it" (or renew the claim). */
  const claim = (alarmId: number): Promise<Result<DeskActionResult>> => act(alarmId, 'claim', () => kiosk.claimAlarm({ alarmId }));
  const release = (alarmId: number): Promise<Result<DeskActionResult>> => act(alarmId, 'release', () => kiosk.releaseAlarm({ alarmId }));
  /** Takes the alarm over from the guard holding it; the reason is required (the caller checks it is not blank). */
  const takeOver = (alarmId: number, reason: string): Promise<Result<DeskActionResult>> => act(alarmId, 'takeOver', () => kiosk.takeOverAlarm({ alarmId, reason: reason.trim() }));
  const note = (alarmId: number, text: string): Promise<Result<DeskActionResult>> => act(alarmId, 'note', () => kiosk.addAlarmNote({ alarmId, note: text.trim() }));

  /** The incoming guard read the site's handover. */
  async function confirmHandover(): Promise<Result<DeskState> | null> {
    const handover = state.value.handover;
    if (!handover || confirming.value) return null;
    confirming.value = true;
    try {
      const result = await kiosk.confirmSiteHandover({ handoverId: handover.id });
      if (result.ok) {
        apply(result.value);
        handoverError.value = null;
      } else handoverError.value = result.error;
      return result;
    } finally {
      confirming.value = false;
    }
  }

  async function dismissNotice(id: string): Promise<Result<DeskState>> {
    const result = await kiosk.dismissDeskNotice({ id });
    if (result.ok) {
      apply(result.value);
      noticeError.value = null;
    } else noticeError.value = result.error;
    return result;
  }

  // The activity names guards and holds their notes about an alarm: forgotten with the detail
  // panel's event when the kiosk is left idle (the desk's own state is main's and stays).
  usePrivacyRegistry().register('desk-activity', { scope: 'kiosk', hasPersonalData: () => activityAlarmId.value !== null, forget: closeActivity });

  return {
    state,
    shared,
    unreachable,
    claimsByAlarm,
    claimOn,
    handoverToRead,
    loadError: readonly(loadError),
    handoverError: readonly(handoverError),
    noticeError: readonly(noticeError),
    confirming: readonly(confirming),
    activityAlarmId: readonly(activityAlarmId),
    activity,
    activityLoading: readonly(activityLoading),
    activityError: readonly(activityError),
    working: readonly(working),
    lastAction,
    start,
    stop,
    openActivity,
    reloadActivity,
    closeActivity,
    claim,
    release,
    takeOver,
    note,
    confirmHandover,
    dismissNotice,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useDeskStore, import.meta.hot));
