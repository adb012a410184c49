/**
 * What the officer is told when quitting while enrolments still wait in the outbox (the Electron
 * shell shows it in a dialog before it quits): how many, that they are kept, and when they go, in
 * the language the page shows (`dialogs` messages, core/language/native-words.ts). Null when
 * nothing waits. Pure.
 */
import type { OutboxState } from '../../../contract/ipc';
import type { Words } from '../../language/words';

export interface QuitWarning {
  message: string;
  detail: string;
  quit: string;
  stay: string;
}

export function quitWarning(state: OutboxState, words: Words): QuitWarning | null {
  const waiting = state.pending + state.failed;
  if (waiting === 0) return null;
  const kept = words.t('dialogs.quitKept', {}, waiting);
  return {
    message: words.t('dialogs.quitWaiting', { count: waiting }, waiting),
    detail: state.failed === 0 ? kept : `${kept} ${state.failed === 1 ? words.t('dialogs.quitOneFailed') : words.t('dialogs.quitSomeFailed', { count: state.failed })}`,
    quit: words.t('dialogs.quitAnyway'),
    stay: words.t('dialogs.stay'),
  };
}
