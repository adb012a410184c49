// Why part of the saved outbox could not be read (issue 23): main sends a cause, the renderer
// words it in the language shown, English as main's `reason`; without a cause, the reason as it came.
import { describe, expect, it } from 'vitest';
import type { OutboxState } from '../../../electron/contract/ipc';
import { damageReason } from '../../../renderer/src/outbox/outbox-text';
import { showLanguage as show } from '../support/show-language';

type Damage = NonNullable<OutboxState['damage']>;
const records: Damage = { keptAt: '/x', unreadable: 2, cause: 'records', reason: '2 records in it could not be read' };
const one: Damage = { keptAt: '/x', unreadable: 1, cause: 'records', reason: '1 record in it could not be read' };
const notJournal: Damage = { keptAt: '/x', unreadable: 1, cause: 'notJournal', reason: 'it is not an outbox journal of this kiosk' };
const unreadable: Damage = { keptAt: '/x', unreadable: 0, cause: 'unreadable', detail: 'EACCES: permission denied', reason: 'it cannot be read (EACCES: permission denied)' };

describe('the outbox damage in the language shown', () => {
  it('English as main says it, German from the cause', async () => {
    for (const damage of [records, one, notJournal, unreadable]) expect(damageReason(damage)).toBe(damage.reason);
    expect(damageReason({ keptAt: '/x', unreadable: 1, reason: 'as it came' })).toBe('as it came');
    await show('de');
    expect(damageReason(records)).toBe('2 Einträge darin konnten nicht gelesen werden');
    expect(damageReason(one)).toBe('1 Eintrag darin konnte nicht gelesen werden');
    expect(damageReason(notJournal)).toBe('die Datei ist kein Postausgangs-Journal dieses Kiosks');
    expect(damageReason(unreadable)).toBe('die Datei kann nicht gelesen werden (EACCES: permission denied)');
  });
});
