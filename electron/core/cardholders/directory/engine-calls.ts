/**
 * The engine's methods the main process calls, by name: the one list the handle (engine-handle.ts),
 * the messages to the directory thread and the thread's dispatch (directory-worker.ts) are all
 * derived from, as kiosk-api.ts derives the IPC from the contract. A new call is one name here.
 */
import type { DirectoryEngine } from './directory-engine';

export const ENGINE_CALLS = ['build', 'save', 'load', 'search', 'get', 'duplicates', 'tenants', 'valueCounts', 'upsert', 'remove', 'changedIds', 'basis', 'clear', 'stats'] as const satisfies ReadonlyArray<keyof DirectoryEngine>;
export type EngineCall = (typeof ENGINE_CALLS)[number];

/** Calls the engine's method `name` with `args` (in the thread, or in this one for tests). */
export function callEngine(engine: DirectoryEngine, name: EngineCall, args: readonly unknown[]): unknown {
  return Reflect.apply(engine[name], engine, args);
}
