/**
 * The shared alarm desk as a capability: builds the desk sync from the configuration (siteStore.*)
 * and the site store the composition root opens, answers the contract's desk operations, gives the
 * alarm store its hooks (this desk's name on acknowledgements, an alarm already acknowledged at
 * another desk, this desk's acknowledgements to share), tells the site of sign-ins and of End shift
 * with the site's handover (every desk's acknowledgements, open alarms with their owners, outages,
 * notes, the outgoing guard's words). With no store configured every operation but getDeskState
 * is refused in words and the kiosk works alone exactly as before.
 */
import { hostname } from 'node:os';
import type { DeskState, OpenAlarm, SiteHandoverSummary } from '../../contract/ipc';
import type { OperationHandlers } from '../ipc/gateway';
import type { PushBus } from '../ipc/push-bus';
import type { KioskDatabase } from '../storage/kiosk-database';
import type { Logger } from '../log/logger';
import type { AcknowledgedHere, AlarmStoreOptions } from '../alarms/alarm-store';
import { DeskSync, type DeskAlarms } from './desk-sync';
import type { SiteStore } from './site-store-port';
import { writeSiteOperators } from '../operators/operator-list';

export type DeskHandlers = Pick<
  OperationHandlers,
  'getDeskState' | 'claimAlarm' | 'releaseAlarm' | 'takeOverAlarm' | 'addAlarmNote' | 'getAlarmActivity' | 'confirmSiteHandover' | 'setHandoverWords' | 'dismissDeskNotice'
>;

/** What the site's handover reads of this desk's record. */
export interface DeskRecord {
  stillWaiting(limit: number): OpenAlarm[];
  unacknowledged(): number;
  outages(from: number, to: number): Array<{ since: string; endedAt: string | null }>;
}

export interface DeskCapabilityOptions {
  /** siteStore.* of the configuration. */
  config: { url: string | null; desk: string | null; claimLeaseSeconds: number };
  /** The site store (site-store.ts), opened by the composition root; null when none is configured. */
  store: SiteStore | null;
  database: KioskDatabase;
  dataKey: Buffer | null;
  push: PushBus;
  log: Logger;
  /** Who is on shift here and since when. */
  shift: () => { name: string; since: string } | null;
  /** The alarm store and this desk's record (the events capability, created after this). */
  alarms: () => (DeskAlarms & DeskRecord) | null;
  /** Where the site's operator list is copied for sign-in (the operators' list directory). */
  operatorListDir?: string;
  /** Tests: faster heartbeats and retries. */
  heartbeatMs?: number;
  retryMs?: number;
  now?: () => number;
}

export interface DeskCapability {
  sync: DeskSync;
  handlers: DeskHandlers;
  /** The alarm store's hooks (alarm-store.ts options). */
  alarmHooks: Pick<AlarmStoreOptions, 'desk' | 'settledElsewhere' | 'onAcknowledged'>;
  /** A guard signed in here (after the sign-in succeeded). */
  signedIn(name: string): void;
  /** End shift here (before the session ends): the site's handover, then the sign-out. */
  endingShift(shift: { name: string; since: string }): void;
  start(): void;
  stop(): Promise<void>;
}

/** Open alarms the site's handover lists (the rest are counted). */
const OPEN_LISTED = 50;

export function createDeskCapability(options: DeskCapabilityOptions): DeskCapability {
  const now = options.now ?? Date.now;
  const desk = options.config.desk ?? hostname();
  let handoverWords = '';
  const sync = new DeskSync({
    store: options.store,
    database: options.database,
    key: options.dataKey,
    desk,
    leaseSeconds: options.config.claimLeaseSeconds,
    alarms: () => options.alarms(),
    operator: options.shift,
    onState: (state) => options.push.emit('deskState', state),
    log: options.log,
    now,
    ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.retryMs !== undefined ? { retryMs: options.retryMs } : {}),
    ...(options.operatorListDir !== undefined
      ? {
          onOperators: async (operators: Array<{ name: string; pin: unknown }>) => {
            const { kept, refused } = await writeSiteOperators(options.operatorListDir!, operators);
            if (refused > 0) options.log.warn('desk', `the site's operator list: ${kept} kept, ${refused} left out (a name or PIN hash this kiosk cannot use)`);
          },
        }
      : {}),
  });
  const on = sync.enabled;

  /** The site's picture at the end of a shift, from this desk's copy of the site's log and its alarms. */
  const picture = (shift: { name: string; since: string }): Omit<SiteHandoverSummary, 'id' | 'confirmed'> => {
    const from = Date.parse(shift.since);
    const to = now();
    const record = options.alarms();
    const waiting = record?.stillWaiting(OPEN_LISTED) ?? [];
    const owners = sync.ownersOf(waiting.map((alarm) => alarm.id));
    const { acknowledgedByDesk, notes } = sync.siteLog(from, to);
    return {
      from: { operator: shift.name, desk },
      at: new Date(to).toISOString(),
      words: handoverWords.trim(),
      acknowledgedByDesk,
      open: waiting.map((alarm) => ({
        alarmId: alarm.id,
        priority: alarm.event.alarm?.priority ?? 'low',
        text: String(alarm.event.custom_Text ?? ''),
        device: String(alarm.event.device_Name ?? ''),
        created: String(alarm.event.created),
        owner: owners.get(alarm.id) ?? null,
      })),
      openTotal: record?.unacknowledged() ?? 0,
      outages: record?.outages(from, to) ?? [],
      notes,
    };
  };

  const after = async (work: () => Promise<unknown>): Promise<DeskState> => {
    await work();
    sync.flushState();
    return sync.state();
  };

  return {
    sync,
    handlers: {
      getDeskState: () => sync.state(),
      claimAlarm: async ({ alarmId }) => withState(sync, await sync.claim(alarmId)),
      releaseAlarm: async ({ alarmId }) => withState(sync, await sync.release(alarmId)),
      takeOverAlarm: async ({ alarmId, reason }) => withState(sync, await sync.takeOver(alarmId, reason)),
      addAlarmNote: async ({ alarmId, note }) => withState(sync, await sync.note(alarmId, note)),
      getAlarmActivity: ({ alarmId }) => sync.activity(alarmId),
      confirmSiteHandover: ({ handoverId }) => after(() => sync.confirmHandover(handoverId)),
      setHandoverWords: ({ words }) => {
        handoverWords = words;
        return sync.state();
      },
      dismissDeskNotice: ({ id }) => sync.dismissNotice(id),
    },
    alarmHooks: on
      ? {
          desk,
          settledElsewhere: (siteKey) => sync.settledElsewhere(siteKey),
          onAcknowledged: (acknowledged: readonly AcknowledgedHere[]) => sync.acknowledged(acknowledged),
        }
      : {},
    signedIn: (name) => sync.signedIn(name),
    endingShift: (shift) => {
      if (!on) return;
      sync.endedShift(shift.name, picture(shift));
      handoverWords = '';
    },
    start: () => sync.start(),
    stop: () => sync.stop(),
  };
}

/** The result of an action, after the state it changed was pushed (the screen shows both at once). */
function withState<T>(sync: DeskSync, result: T): T {
  sync.flushState();
  return result;
}
