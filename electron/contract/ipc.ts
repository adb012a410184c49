/**
 * The IPC contract: the one source of truth for every operation the renderer may ask of main
 * (name → request schema → result type, and the policy the gateway enforces) and every push event
 * main sends to the renderer (name → payload type). Imported by main (validation), preload (named
 * methods) and the renderer (`import type` only). It imports nothing but the validation library.
 *
 * This file is the index: each capability declares its shapes and operations in its own file
 * (feed, alarms, history, cardholders, photo, outbox, badges, operators, admin, config, status,
 * errors; `operation.ts` holds `op` and the shared request pieces), merged here into one table.
 */
import type { z } from 'zod';
import { adminOperations } from './admin';
import { alarmsOperations, type AlarmSignal, type OpenAlarmsChange } from './alarms';
import { badgesOperations } from './badges';
import { cardholdersOperations, type DirectoryState } from './cardholders';
import { configOperations } from './config';
import { deskOperations, type DeskState } from './desk';
import type { Result } from './errors';
import { feedOperations, type FeedEvent, type FeedNotice, type FeedProgress, type FeedState } from './feed';
import { historyOperations } from './history';
import type { OperationPolicy, TaskProgress } from './operation';
import { operatorsOperations } from './operators';
import { outboxOperations, type OutboxState } from './outbox';
import { photoOperations } from './photo';
import { statusOperations, type OutageAlarmState } from './status';

export * from './admin';
export * from './alarms';
export * from './badges';
export * from './cardholders';
export * from './config';
export * from './desk';
export * from './errors';
export * from './error-text';
export * from './feed';
export * from './history';
export * from './languages';
export { MAX_PAGE, MAX_SERVICE_ID, type ExportResult, type OperationPolicy, type TaskProgress } from './operation';
export * from './operators';
export * from './outbox';
export * from './photo';
export * from './status';
export * from './screen-text';

// ───────────────────────── the operations ─────────────────────────

export const operations = {
  ...statusOperations,
  ...configOperations,
  ...feedOperations,
  ...alarmsOperations,
  ...deskOperations,
  ...historyOperations,
  ...operatorsOperations,
  ...cardholdersOperations,
  ...photoOperations,
  ...outboxOperations,
  ...badgesOperations,
  ...adminOperations,
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
/** What the gateway enforces for each operation (the admin lock, the operator's shift, the fields carrying bytes). */
export const policyOf = (name: OperationName): OperationPolicy => operations[name].policy;
/**
 * The request fields that carry bytes (a Uint8Array) across IPC, from each operation's policy.
 * Bytes anywhere else are refused before the schema runs (core/ipc/plain-data.ts).
 */
export const BYTES_FIELDS: { readonly [K in OperationName]?: readonly string[] } = Object.fromEntries(
  Object.entries(operations).flatMap(([name, spec]) => (spec.policy.bytes ? [[name, spec.policy.bytes]] : [])),
);
export type RequestOf<K extends OperationName> = z.input<Operations[K]['request']>;
export type ParsedRequestOf<K extends OperationName> = z.output<Operations[K]['request']>;
export type ResultOf<K extends OperationName> = NonNullable<Operations[K]['result']>;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

// ───────────────────────── push events (main → renderer) ─────────────────────────

export interface PushEvents {
  /** `epoch`: main's resync epoch of these events (a higher one than before starts a new id space). */
  feedEvents: { events: FeedEvent[]; epoch?: number };
  feedState: FeedState;
  /** Something the guard should read, e.g. the service's event numbering restarted, or what a catch-up found. */
  feedNotice: FeedNotice;
  /** The catch-up under way and the events set aside. */
  feedProgress: FeedProgress;
  /** When to sound an alarm tone (main decides: new bursts, escalation, what a catch-up found). */
  alarmSignal: AlarmSignal;
  /** The outage alarm (main's): raised, acknowledged, ended. */
  outageAlarm: OutageAlarmState;
  taskProgress: TaskProgress;
  directoryState: DirectoryState;
  outboxState: OutboxState;
  openAlarms: OpenAlarmsChange;
  /** The shared alarm desk: the store's state, claims, who is on duty, the site's handover, notices. */
  deskState: DeskState;
}
export type PushName = keyof PushEvents;
export const PUSH_NAMES = ['feedEvents', 'feedState', 'feedNotice', 'feedProgress', 'alarmSignal', 'outageAlarm', 'taskProgress', 'directoryState', 'outboxState', 'openAlarms', 'deskState'] as const satisfies readonly PushName[];
// Compile-time check that PUSH_NAMES lists every push event.
type _AllPushNamesListed = Exclude<PushName, (typeof PUSH_NAMES)[number]> extends never ? true : never;
export const _allPushNamesListed: _AllPushNamesListed = true;

// ───────────────────────── wire names and the window API ─────────────────────────

export const channelOf = (name: OperationName): string => `kiosk:op:${name}`;
export const pushChannelOf = (name: PushName): string => `kiosk:push:${name}`;

/** `on` + capitalised push name, e.g. feedEvents → onFeedEvents. */
export type ListenerName<P extends PushName> = `on${Capitalize<P>}`;
export const listenerNameOf = <P extends PushName>(name: P): ListenerName<P> =>
  `on${name.charAt(0).toUpperCase()}${name.slice(1)}` as ListenerName<P>;

type OperationMethods = {
  [K in OperationName]: RequestOf<K> extends undefined
    ? () => Promise<Result<ResultOf<K>>>
    : (request: RequestOf<K>) => Promise<Result<ResultOf<K>>>;
};
type ListenerMethods = {
  [P in PushName as ListenerName<P>]: (listener: (payload: PushEvents[P]) => void) => () => void;
};

/** The type of `window.kiosk`, derived from the contract (never written twice). */
export type KioskApi = Readonly<OperationMethods & ListenerMethods>;
