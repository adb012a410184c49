/**
 * The shared alarm desk in words: a person at a desk inside a sentence ("Ada at desk-2", the desk
 * alone with sign-in off, "without a name" for an unnamed shift), the owner on a row ("Ada ·
 * desk-2", "You") and what an action came to. Pure wording over vue-i18n; call it where the text
 * is shown so a language switch re-renders it. No IPC, no state.
 */
import type { DeskActionResult, DeskClaim, DeskPerson } from '../../../../electron/contract/ipc';
import { t } from '../../i18n/i18n';
import { operatorName } from '../../shell/operator-name';
import { formatLocal } from '../../shell/time-format';
import type { DeskAlarmAction } from './desk-store';

/** "Ada at desk-2" (the desk alone when nobody signs in there). */
export function whoText(person: DeskPerson): string {
  return person.operator === null ? person.desk : t('desk.who', { operator: operatorName(person.operator), desk: person.desk });
}

/** The owner on a row: "You" for a claim of this desk's operator, else "Ada · desk-2". */
export function ownerText(claim: DeskClaim): string {
  if (claim.mine) return t('desk.row.you');
  return claim.operator === null ? claim.desk : t('desk.row.owner', { operator: operatorName(claim.operator), desk: claim.desk });
}

/** What an action on an alarm came to, in a sentence. */
export function outcomeText(action: DeskAlarmAction, result: DeskActionResult): string {
  const by = result.by ?? (result.claim && !result.claim.mine ? { ...result.claim, at: result.claim.since } : null);
  switch (result.outcome) {
    case 'waiting':
      return t('desk.claim.outcome.waiting');
    case 'notOwner':
      return t('desk.claim.outcome.notOwner');
    case 'claimHeld':
      return by ? t('desk.claim.outcome.claimHeld', { who: whoText(by), time: formatLocal(by.at) }) : t('desk.claim.outcome.heldElsewhere');
    case 'alreadyAcknowledged':
      return by ? t('desk.claim.outcome.alreadyAcknowledged', { who: whoText(by), time: formatLocal(by.at) }) : t('desk.claim.outcome.alreadyAcknowledgedElsewhere');
    case 'done':
      if (action === 'claim') return t('desk.claim.outcome.claimed');
      if (action === 'release') return t('desk.claim.outcome.released');
      if (action === 'takeOver') return t('desk.claim.outcome.tookOver');
      return t('desk.claim.outcome.noted');
  }
}
