/**
 * Main's read guard, as the renderer meets it: an answer showing personal data (cardholders, the
 * feed, the operator log, the outbox) is refused while the site requires a sign-in and nobody is
 * on shift (`errors.readNeedsShift`, the contract's `personal` policy). A store that asked before
 * the sign-in reads again once someone is on shift instead of showing an error or retrying.
 */
import type { KioskError } from '../../../electron/contract/ipc';

/** True for the read guard's refusal ("… shows personal data: sign in at the start of your shift first"). */
export function needsShiftToRead(error: KioskError | null | undefined): boolean {
  return error?.code === 'forbidden' && error.key === 'errors.readNeedsShift';
}
