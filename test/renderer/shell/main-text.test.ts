// Sentences main sends for the screen (issue 23, i23-main): a feed notice, the alarm list's
// warnings, Administration's results and warnings, the feed's stall and the status check arrive as
// key + parameters and are worded in the language shown; English is main's message word for word;
// a language switch re-words them; a text without a key (an older main) shows its English. The
// shift without a name is said in the language, the names of people as they are.
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { keyedError, SCREEN_TEXT, screenText, type ScreenTextKey } from '../../../electron/contract/ipc';
import { mainText, mainTexts } from '../../../renderer/src/shell/main-text';
import { operatorName } from '../../../renderer/src/shell/operator-name';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';
import { fake, ok } from '../support/fake-kiosk';
import { at, useComponentHarness } from '../support/component-harness';
import { OPEN_ALARM_SUMMARY } from '../../support/alarm-summary';
import LiveFeedView from '../../../renderer/src/guard/LiveFeedView.vue';

const { mountView } = useComponentHarness(fake);

async function show(locale: 'en' | 'de' | 'fr' | 'es'): Promise<void> {
  if (locale !== 'en') i18n.global.setLocaleMessage(locale, await loadMessages(locale));
  i18n.global.locale.value = locale;
}

const KEYS = (Object.keys(SCREEN_TEXT) as (keyof typeof SCREEN_TEXT)[]).flatMap((capability) =>
  Object.keys(SCREEN_TEXT[capability]).map((name) => `${capability}.fromMain.${name}` as ScreenTextKey),
);

describe('mainText', () => {
  it('in English, every key main sends reads exactly main’s message (numbers as in English)', () => {
    for (const key of KEYS) {
      // Times are given as words here (a time main sends is shown in the kiosk's format: tested below).
      const sent = screenText(key, { bound: 5000, count: 12, reason: '‹reason›', file: 'kiosk.db.damaged-1', origin: 'http://10.0.0.5:8080', missing: 3, total: 9, events: 20000, listed: '"Tür" (#1)', more: 2, why: 'admin.fromMain.whyKeyringUnknown', backend: 'gnome_libsecret?', command: 'access-kiosk --admin add-operator', time: '‹time›', from: '‹from›', to: '‹to›', alarms: 3, critical: 1, high: 2, medium: 0, low: 0, alarm: 4001, text: 'Door forced open', device: 'Door 3', operator: 'Ada', desk: 'desk 2', store: 'db.site:5432', found: 4, known: 3 });
      expect(mainText(sent), key).toBe(sent.message);
    }
    expect(mainText(screenText('alarms.fromMain.setAside', { bound: 5000, count: 1234 }))).toContain('1,234 alarms set aside (more than 5,000 waited)');
    // A time is shown as the kiosk shows times, not as main sends it.
    expect(mainText(screenText('feed.fromMain.renumbered', { time: '2026-11-28T22:41:05.000Z' }))).not.toContain('2026-11-28T22:41');
  });

  it('a reason inside a warning (a parameter naming another sentence) is worded in the language shown too', async () => {
    const sent = screenText('admin.fromMain.credentialInUserFileLinux', { why: 'admin.fromMain.whyKeyringUnknown', backend: 'kwallet6?' });
    expect(sent.message).toBe(
      'The service credential is stored unencrypted, in a file only this user account can read (permissions 0600), because the system keyring could not be identified (backend "kwallet6?"). To have it encrypted, install and unlock a keyring such as GNOME Keyring or KWallet.',
    );
    expect(mainText(sent)).toBe(sent.message);
    await show('de');
    expect(mainText(sent)).toBe(
      'Die Zugangsdaten des Dienstes sind unverschlüsselt gespeichert, in einer Datei, die nur dieses Benutzerkonto lesen kann (Rechte 0600), weil der Schlüsselbund des Systems nicht erkannt wurde (Backend „kwallet6?“). Damit sie verschlüsselt werden, installieren und entsperren Sie einen Schlüsselbund wie GNOME Keyring oder KWallet.',
    );
    expect(mainText(screenText('admin.fromMain.dataUnencrypted', { why: 'admin.fromMain.whyNoKeyringAccess' }))).toContain('weil dieses Programm ohne Zugriff auf den Schlüsselbund des Systems läuft.');
    await show('en');
  });

  it('words German from the key, numbers in German, and follows a language switch', async () => {
    const overflow = screenText('alarms.fromMain.setAside', { bound: 5000, count: 1234 });
    await show('de');
    expect(mainText(overflow)).toBe(
      '1.234 Alarme zurückgestellt (mehr als 5.000 warteten): die mit der niedrigsten Priorität und die ältesten, weiterhin nicht quittiert.',
    );
    expect(mainText(screenText('admin.fromMain.quitting'))).toBe('Der Kiosk wird beendet.');
    expect(mainText(screenText('feed.fromMain.reloadedOutOfMemory'))).toBe('Die Anzeige wurde neu geladen, weil ihr der Speicher ausgegangen ist; der Ereignisempfang lief weiter.');
    expect(mainText(screenText('feed.fromMain.reloadedOther', { reason: 'launch-failedx' }))).toBe('Die Anzeige wurde neu geladen, weil sie angehalten wurde (launch-failedx); der Ereignisempfang lief weiter.');
    // A typed error's key is worded as errors are.
    expect(mainText(keyedError('checkTimedOut'))).toBe('Der Zutrittskontrolldienst hat auf die Prüfung nicht rechtzeitig geantwortet.');
    expect(mainText(keyedError('pinFileDamaged', { file: '/etc/kiosk/admin-pin.json', command: 'access-kiosk --admin set-pin' }))).toBe(
      'Die Datei der Administrator-PIN (/etc/kiosk/admin-pin.json) ist beschädigt. Setzen Sie die PIN neu mit „access-kiosk --admin set-pin“.',
    );
    expect(mainTexts([screenText('admin.fromMain.noCredential'), { message: 'Vault said so.' }])).toBe(
      'Es sind keine Zugangsdaten gespeichert, obwohl der Dienst welche braucht: Setzen Sie sie mit dem Admin-Werkzeug (set-secret). Vault said so.',
    );
    expect(mainTexts([])).toBeNull();
    expect(mainText(screenText('admin.fromMain.catalogueNeverSeenMore', { missing: 7, total: 9, events: 20000, listed: '"Tür Süd" (#201)', more: 2 }))).toBe(
      '7 der 9 Geräte des Standortkatalogs (site.devices) kamen in den 20.000 gesehenen Ereignissen nie vor: "Tür Süd" (#201) und 2 weitere. Prüfen Sie, ob ihre Namen so geschrieben sind, wie die Ereignisse des Dienstes sie tragen (device_Name); der Verlauf bietet die Namen aus den Ereignissen als „in Ereignissen gesehen“ an.',
    );
    expect(mainText(screenText('admin.fromMain.plainHttp', { origin: 'http://10.0.0.5:8080' }))).toContain('über unverschlüsseltes http:// erreicht (http://10.0.0.5:8080)');
    await show('fr');
    expect(mainText(screenText('admin.fromMain.kioskModeOff'))).toBe('Le mode kiosque est désactivé : la fenêtre peut être déplacée, redimensionnée et fermée.');
    await show('es');
    expect(mainText(overflow)).toContain('1234 alarmas apartadas (había más de 5000 en espera)');
  });

  it('shows the English message of a text without a key, or with one it does not know', async () => {
    await show('de');
    expect(mainText({ message: 'Only English from an older main.' })).toBe('Only English from an older main.');
    expect(mainText({ key: 'feed.fromMain.unknown' as ScreenTextKey, params: {}, message: 'Fallback.' })).toBe('Fallback.');
  });

  it('says the shift without a name in the language shown, and a person’s name as it is', async () => {
    expect(operatorName('unnamed')).toBe('unnamed');
    await show('de');
    expect(operatorName('unnamed')).toBe('ohne Namen');
    expect(operatorName('unnamed', true)).toBe('ohne Namen');
    expect(operatorName('Jürgen Weiß')).toBe('Jürgen Weiß');
    // A person who is really called "unnamed" on a named shift keeps the name.
    expect(operatorName('unnamed', false)).toBe('unnamed');
  });
});

describe('the guard station in German: what main sent, worded on screen', () => {
  it('a renumbering notice and the alarm list’s set-aside alarms and records problem', async () => {
    await show('de');
    fake.current.api.getOpenAlarms.mockResolvedValue(
      ok({
        ...OPEN_ALARM_SUMMARY,
        revision: 1,
        setAside: 12,
        unacknowledged: 12,
        asOf: { highestId: 20, lastSetAside: 12 },
        bound: 5000,
        shiftStartedAt: at(0),
        setAsideText: screenText('alarms.fromMain.setAside', { bound: 5000, count: 12 }),
        loadProblemText: screenText('alarms.fromMain.recordsMovedAside', { file: 'kiosk.db.damaged-1', reason: 'file is not a database' }),
      }),
    );
    const view = await mountView(LiveFeedView);
    await flushPromises();
    expect(view.find('[data-testid="open-alarms-overflow"]').text()).toBe(
      '12 Alarme zurückgestellt (mehr als 5.000 warteten): die mit der niedrigsten Priorität und die ältesten, weiterhin nicht quittiert.',
    );
    expect(view.text()).toContain('Die gespeicherten Aufzeichnungen des Kiosks konnten nicht gelesen werden (file is not a database); sie wurden als kiosk.db.damaged-1 beiseitegelegt');
    fake.current.emit('feedNotice', { kind: 'resync', ...screenText('feed.fromMain.renumbered', { time: at(3) }), at: at(3) });
    await flushPromises();
    const notice = view.find('[data-testid="feed-notice"] .message');
    expect(notice.text()).toContain('Die Ereignisnummerierung des Dienstes hat um');
    expect(notice.attributes('data-read-whole')).toBe('');
    await show('en');
    await flushPromises();
    expect(view.find('[data-testid="feed-notice"] .message').text()).toContain("The service's event numbering restarted at");
  });
});

describe('the operator list, worded by the screen', () => {
  it('says in German that no operators are provisioned, the command as it is', async () => {
    const sent = screenText('operators.fromMain.noneProvisioned', { command: 'access-kiosk --admin add-operator' });
    expect(sent.message).toBe('No operators are provisioned on this kiosk. An administrator adds them at this workstation with "access-kiosk --admin add-operator NAME".');
    await show('de');
    expect(mainText(sent)).toBe('Auf diesem Kiosk sind keine Bediener eingerichtet. Die Administration legt sie an diesem Arbeitsplatz mit „access-kiosk --admin add-operator NAME“ an.');
    await show('en');
  });
});
