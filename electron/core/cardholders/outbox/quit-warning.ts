/**
 * What the officer is told when quitting while enrolments still wait in the outbox (the Electron
 * shell shows it in a dialog before it quits): how many, that they are kept, and when they go.
 * Null when nothing waits. Pure.
 */
import type { OutboxState } from '../../../contract/ipc';

export interface QuitWarning {
  message: string;
  detail: string;
  quit: string;
  stay: string;
}

export function quitWarning(state: OutboxState): QuitWarning | null {
  const waiting = state.pending + state.failed;
  if (waiting === 0) return null;
  const what = waiting === 1 ? '1 enrolment has' : `${waiting} enrolments have`;
  const attention = state.failed > 0 ? ` ${state.failed === 1 ? 'One needs' : `${state.failed} need`} your attention first (the service refused ${state.failed === 1 ? 'it' : 'them'}): see the outbox in the status bar.` : '';
  return {
    message: `${what} not reached the access-control service yet.`,
    detail: `${waiting === 1 ? 'It is' : 'They are'} kept on this workstation and sent after the kiosk starts again.${attention}`,
    quit: 'Quit anyway',
    stay: 'Stay',
  };
}
