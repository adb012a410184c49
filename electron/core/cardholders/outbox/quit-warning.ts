/**
 * What the officer is told when quitting while enrolments still wait in the outbox (the Electron
 * shell shows it in a dialog before it quits): how many, that they are kept, and when they go, in
 * the language the page shows (core/language/native-words.ts). Null when nothing waits. Pure.
 */
import type { OutboxState } from '../../../contract/ipc';
import type { NativeWords } from '../../language/native-words';

export interface QuitWarning {
  message: string;
  detail: string;
  quit: string;
  stay: string;
}

export function quitWarning(state: OutboxState, words: NativeWords): QuitWarning | null {
  const waiting = state.pending + state.failed;
  if (waiting === 0) return null;
  return { message: words.quitWaiting(waiting), detail: words.quitKept(waiting, state.failed), quit: words.quitAnyway, stay: words.stay };
}
