// Access policy declared in the contract, enforced by the gateway in one place: an operation the
// contract guards is refused while the admin lock is locked (or nobody is on shift) whatever order
// the handlers were assembled in, and without reaching its handler. Every operation declares
// whether its answer shows personal data; each that does is refused while sign-in is required and
// nobody is on shift (the read guard), and what the screens show before a sign-in still answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_ACTION, OPERATION_NAMES, operations, policyOf, type OperationName } from '../../../electron/contract/ipc';
import { AdminLock } from '../../../electron/core/admin-lock/admin-lock';
import { createOperatorsCapability } from '../../../electron/core/operators/operators-capability';
import { createShiftRecord } from '../../../electron/core/operators/shift-record';
import { Gateway, type OperationHandlers } from '../../../electron/core/ipc/gateway';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { fakeHandlers } from '../../support/fake-handlers';
import { openAccess } from '../../support/open-access';
import { VALID } from '../../support/valid-requests';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';

const trusted = { trusted: true, description: 'test' };
const adminGuarded = OPERATION_NAMES.filter((name) => policyOf(name).admin !== undefined);
const shiftGuarded = OPERATION_NAMES.filter((name) => policyOf(name).shift !== undefined);
const personal = OPERATION_NAMES.filter((name) => policyOf(name).personal !== false);
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-gateway-policy-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A locked admin lock (no PIN is set here, so nothing unlocks it). */
const lockedAdmin = () => new AdminLock({ dir, log: createLogger(memorySink().sink) });

/** The operators capability as the kiosk makes it, nobody on shift. */
async function operatorsWith(signIn: 'required' | 'off') {
  const operators = createOperatorsCapability({ listDir: dir, dataDir: dir, database: KioskDatabase.memory(), exportsDir: path.join(dir, 'exports'), signIn, allowUnnamed: true, log: createLogger(memorySink().sink), record: createShiftRecord({ alarms: () => null, feed: () => null, outages: () => null, runs: () => null, database: () => null }) });
  await operators.start();
  return operators;
}

describe('the contract declares the guarded operations', () => {
  it('declares for every operation whether its answer shows personal data, naming the action a refusal says', () => {
    for (const name of OPERATION_NAMES) {
      const policy = operations[name].policy;
      expect(Object.hasOwn(policy, 'personal'), `${name} declares no personal-data policy`).toBe(true);
      if (policy.personal !== false) expect(Object.values(ERROR_ACTION), name).toContain(policy.personal);
    }
  });

  it('marks the answers the audit read with nobody signed in as personal data', () => {
    // Issue 32: the directory, a record, duplicates, the people an event names, the enrolment,
    // acknowledgement, badge and handover logs, the feed, the open alarms, both event searches, a badge.
    const audited: OperationName[] = ['searchCardholders', 'getCardholder', 'findDuplicateCardholders', 'findEventPeople', 'listEnrolmentLog', 'listAcknowledgements', 'listAcknowledgementPage', 'listBadgeLog', 'listHandoverReports', 'getFeedSnapshot', 'listOpenAlarms', 'searchEvents', 'searchEventsByCodes', 'previewBadge'];
    expect(personal).toEqual(expect.arrayContaining([...audited, 'getEvent', 'getAlarmActivity', 'getOutbox', 'retryOutbox']));
  });

  it('names the admin-only and the on-shift operations, each with the action the refusal names', () => {
    expect([...adminGuarded].sort()).toEqual(
      ['exportOperatorLog', 'getAdminOverview', 'getBadgeSetup', 'getBadgeTemplateSource', 'leaveKioskMode', 'previewBadgeTemplate', 'previewBadgeTemplateDraft', 'quitKiosk', 'removeDirectorySnapshot', 'saveBadgeTemplate'].sort(),
    );
    expect([...shiftGuarded].sort()).toEqual(
      ['acknowledgeAlarms', 'acknowledgeAlarmGroup', 'acknowledgeOutage', 'addAlarmNote', 'claimAlarm', 'confirmSiteHandover', 'createCardholder', 'discardOutboxItem', 'exportOperatorLog', 'exportSearchCsv', 'printBadge', 'releaseAlarm', 'resendOutboxItem', 'setHandoverWords', 'takeOverAlarm', 'updateCardholder', 'uploadCardholderPhoto'].sort(),
    );
  });
});

describe('enforced by the gateway', () => {
  it('refuses every operation the contract guards with the admin lock while it is locked, without calling its handler', async () => {
    const handlers = fakeHandlers();
    const gateway = new Gateway(handlers, createLogger(memorySink().sink), { ...openAccess, admin: lockedAdmin() });
    for (const name of adminGuarded) {
      const answer = await gateway.handle(name, VALID[name], trusted);
      expect(answer, name).toMatchObject({ ok: false, error: { code: 'forbidden', message: `${policyOf(name).admin} needs the administrator PIN. Unlock it first.` } });
      expect(handlers[name], name).not.toHaveBeenCalled();
    }
  });

  it('refuses every operation the contract records with the operator’s name while nobody is on shift', async () => {
    const handlers = fakeHandlers();
    const operators = createOperatorsCapability({ listDir: dir, dataDir: dir, database: KioskDatabase.memory(), exportsDir: path.join(dir, 'exports'), signIn: 'required', allowUnnamed: true, log: createLogger(memorySink().sink), record: createShiftRecord({ alarms: () => null, feed: () => null, outages: () => null, runs: () => null, database: () => null }) });
    await operators.start();
    const gateway = new Gateway(handlers, createLogger(memorySink().sink), { ...openAccess, shift: operators.shift });
    for (const name of shiftGuarded) {
      expect(await gateway.handle(name, VALID[name], trusted), name).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/sign in at the start of your shift first/) } });
      expect(handlers[name], name).not.toHaveBeenCalled();
    }
    await operators.handlers.signInOperator({ unnamed: true });
    for (const name of shiftGuarded.filter((n) => policyOf(n).admin === undefined)) {
      expect(await gateway.handle(name, VALID[name], trusted), name).toMatchObject({ ok: true });
    }
  });

  it('refuses every operation whose answer shows personal data while sign-in is required and nobody is on shift, saying so', async () => {
    const handlers = fakeHandlers();
    const operators = await operatorsWith('required');
    const log = memorySink();
    const gateway = new Gateway(handlers, createLogger(log.sink), { ...openAccess, shift: operators.shift, personal: operators.personal });
    for (const name of personal) {
      const answer = await gateway.handle(name, VALID[name], trusted);
      // One on shift as well says to sign in for the shift's record; a read says it shows personal data.
      const said = policyOf(name).shift !== undefined ? /sign in at the start of your shift first/ : new RegExp(`^${policyOf(name).personal} shows personal data: sign in at the start of your shift first\\.$`);
      expect(answer, name).toMatchObject({ ok: false, error: { code: 'forbidden', key: expect.stringMatching(/^errors\.(shiftNeeded|readNeedsShift)$/), message: expect.stringMatching(said) } });
      expect(handlers[name], name).not.toHaveBeenCalled();
    }
    // The audit's request: the whole directory with an empty query.
    expect(await gateway.handle('searchCardholders', { query: '', offset: 0, limit: 500 }, trusted)).toMatchObject({ ok: false, error: { code: 'forbidden', key: 'errors.readNeedsShift', params: { action: 'lookUpCardholders' } } });
    expect(handlers.searchCardholders).not.toHaveBeenCalled();

    await operators.handlers.signInOperator({ unnamed: true });
    for (const name of personal.filter((n) => policyOf(n).admin === undefined)) {
      expect(await gateway.handle(name, VALID[name], trusted), name).toMatchObject({ ok: true });
    }
  });

  it('answers what the screens show before a sign-in (no personal data) with nobody on shift: the sign-in screen, the status bar, the alarm count', async () => {
    const handlers = fakeHandlers();
    const operators = await operatorsWith('required');
    const gateway = new Gateway(handlers, createLogger(memorySink().sink), { ...openAccess, shift: operators.shift, personal: operators.personal });
    const open = OPERATION_NAMES.filter((name) => policyOf(name).personal === false && policyOf(name).shift === undefined && policyOf(name).admin === undefined && name !== 'endShift');
    expect(open).toEqual(expect.arrayContaining(['getOperatorState', 'signInOperator', 'getServiceStatus', 'getOutageAlarm', 'openedGuardScreen', 'getOpenAlarms', 'getDeskState', 'getSettings', 'getDirectoryState']));
    for (const name of open) expect(await gateway.handle(name, VALID[name], trusted), name).toMatchObject({ ok: true });
  });

  it('lets every read through where the site does not sign in (operators.signIn off)', async () => {
    const handlers = fakeHandlers();
    const operators = await operatorsWith('off');
    const gateway = new Gateway(handlers, createLogger(memorySink().sink), { ...openAccess, shift: operators.shift, personal: operators.personal });
    for (const name of personal.filter((n) => policyOf(n).admin === undefined)) {
      expect(await gateway.handle(name, VALID[name], trusted), name).toMatchObject({ ok: true });
    }
  });

  it('refuses a guarded operation whatever order the handlers are assembled in', async () => {
    const guarded: OperationName = 'removeDirectorySnapshot';
    const base = fakeHandlers();
    const raw = { [guarded]: base[guarded] } as Partial<OperationHandlers>;
    // The raw handler spread last, spread first, and assigned after everything else.
    const orders: OperationHandlers[] = [{ ...base, ...raw }, { ...raw, ...base }, Object.assign({ ...base }, raw)];
    for (const handlers of orders) {
      const gateway = new Gateway(handlers, createLogger(memorySink().sink), { ...openAccess, admin: lockedAdmin() });
      expect(await gateway.handle(guarded, undefined, trusted)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(base[guarded]).not.toHaveBeenCalled();
  });

  it('asks the shift before the admin lock (an operation that needs both says to sign in first)', async () => {
    const operators = createOperatorsCapability({ listDir: dir, dataDir: dir, database: KioskDatabase.memory(), exportsDir: path.join(dir, 'exports'), signIn: 'required', allowUnnamed: true, log: createLogger(memorySink().sink), record: createShiftRecord({ alarms: () => null, feed: () => null, outages: () => null, runs: () => null, database: () => null }) });
    await operators.start();
    const gateway = new Gateway(fakeHandlers(), createLogger(memorySink().sink), { admin: lockedAdmin(), shift: operators.shift, personal: operators.personal });
    expect(await gateway.handle('exportOperatorLog', { part: 'alarms' }, trusted)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/sign in/) } });
    await operators.handlers.signInOperator({ unnamed: true });
    expect(await gateway.handle('exportOperatorLog', { part: 'alarms' }, trusted)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/administrator PIN/) } });
  });
});
