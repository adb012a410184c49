// The admin lock enforced in main: quitting, leaving kiosk mode, the operator log's export and the
// handlers it protects refuse with a typed 'forbidden' error until a fresh unlock, whatever the
// renderer shows; the preview (no edge actions) says quitting is not possible there.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminCapability } from '../../../electron/core/admin-lock/admin-capability';
import { setAdminPin } from '../../../electron/core/admin-lock/admin-lock';
import { Gateway, type OperationHandlers } from '../../../electron/core/ipc/gateway';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { fakeHandlers } from '../../support/fake-handlers';
import { openAccess } from '../../support/open-access';
import { createOperatorLogExport } from '../../../electron/core/operators/operator-log-export';

const PIN = '480261';
const trusted = { trusted: true, description: 'test' };
let dir: string;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-admin-cap-'));
  await setAdminPin(dir, PIN, { N: 1024, r: 8, p: 1, keyLength: 32, saltLength: 16 });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(actions = { quit: vi.fn(), leaveKioskMode: vi.fn() } as { quit: () => void; leaveKioskMode: () => void } | null) {
  const { sink, lines } = memorySink();
  const log = createLogger(sink);
  const admin = createAdminCapability({ dir, log, actions });
  // The operator log's export: guarded by the contract's policy, enforced by the gateway with the admin lock.
  const operatorLog = createOperatorLogExport({
    log,
    pickSaveFile: async (name) => path.join(dir, name),
    listAcknowledgements: () => [
      { alarmKey: 'k', recordIds: [4, 5], note: '=cmd|calc', acknowledgedAt: '2026-11-23T10:00:00.000Z', device: 'Door 3', text: 'Forced', operator: 'Ada Guard', eventCreated: '2026-11-23T09:59:00.000Z', priority: 'critical' },
    ],
    listEnrolmentLog: () => [{ at: '2026-11-23T10:00:00.000Z', kind: 'created', cardholderId: 7, name: 'Dupont, Marie', outcome: 'Created.', operator: 'Bo Officer' }],
    listBadgeLog: async () => [
      { at: '2026-11-23T10:05:00.000Z', workstation: 'desk-1', cardholderId: 7, name: 'Dupont, Marie', template: 'employee-portrait', printer: 'Zebra_ZC300', outcome: 'printed', reason: 'lost', detail: '', operator: 'Bo Officer' },
    ],
  });
  const base = fakeHandlers();
  const handlers: OperationHandlers = { ...base, ...admin.handlers, ...operatorLog };
  return { gateway: new Gateway(handlers, log, { ...openAccess, admin: admin.lock }), actions, lines, base };
}

describe('enforced in main', () => {
  it('refuses every protected operation without a fresh unlock, with a typed message', async () => {
    const { gateway, actions, base } = setup();
    for (const [name, payload] of [['quitKiosk', undefined], ['leaveKioskMode', undefined], ['exportOperatorLog', { part: 'alarms' }], ['getAdminOverview', undefined]] as const) {
      expect(await gateway.handle(name, payload, trusted)).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/needs the administrator PIN/) } });
    }
    expect(actions?.quit).not.toHaveBeenCalled();
    expect(actions?.leaveKioskMode).not.toHaveBeenCalled();
    expect(base.getAdminOverview).not.toHaveBeenCalled();
  });

  it('a wrong PIN unlocks nothing; the right one unlocks the actions; lockAdmin locks them again', async () => {
    const { gateway, actions } = setup();
    expect(await gateway.handle('unlockAdmin', { pin: '000001' }, trusted)).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/Wrong PIN/) } });
    expect(await gateway.handle('quitKiosk', undefined, trusted)).toMatchObject({ ok: false });
    expect(await gateway.handle('unlockAdmin', { pin: PIN }, trusted)).toMatchObject({ ok: true, value: { unlocked: true } });
    expect(await gateway.handle('leaveKioskMode', undefined, trusted)).toMatchObject({ ok: true, value: { done: true, key: 'admin.fromMain.kioskModeOff' } });
    expect(actions?.leaveKioskMode).toHaveBeenCalledOnce();
    expect(await gateway.handle('getAdminOverview', undefined, trusted)).toMatchObject({ ok: true });
    await gateway.handle('lockAdmin', undefined, trusted);
    expect(await gateway.handle('quitKiosk', undefined, trusted)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(actions?.quit).not.toHaveBeenCalled();
  });

  it('refuses unknown keys and over-long PINs at the gateway', async () => {
    const { gateway } = setup();
    expect(await gateway.handle('unlockAdmin', { pin: PIN, extra: 1 }, trusted)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await gateway.handle('unlockAdmin', { pin: '1'.repeat(65) }, trusted)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });

  it('exports the operator log as CSV once unlocked (formula cells defused)', async () => {
    const { gateway } = setup();
    await gateway.handle('unlockAdmin', { pin: PIN }, trusted);
    const alarms = await gateway.handle('exportOperatorLog', { part: 'alarms' }, trusted);
    expect(alarms).toMatchObject({ ok: true, value: { saved: true, rows: 1 } });
    const text = readFileSync((alarms as { value: { path: string } }).value.path, 'utf8');
    expect(text).toContain("'=cmd|calc");
    // The same columns as the operator log's screen: the event's time and priority, the operator.
    expect(text.split('\r\n')[0]).toBe('\uFEFFacknowledgedAt,eventTime,priority,device,text,note,operator,recordIds');
    expect(text).toContain('2026-11-23T10:00:00.000Z,2026-11-23T09:59:00.000Z,critical,Door 3,Forced,');
    expect(text).toContain(',Ada Guard,4 5');
    const enrolments = await gateway.handle('exportOperatorLog', { part: 'enrolments' }, trusted);
    const enrolmentText = readFileSync((enrolments as { value: { path: string } }).value.path, 'utf8');
    expect(enrolmentText).toContain('"Dupont, Marie"');
    expect(enrolmentText).toContain(',Bo Officer');
    // Badge prints: workstation, time, cardholder, template, printer, outcome, reason.
    const badges = await gateway.handle('exportOperatorLog', { part: 'badges' }, trusted);
    const lines = readFileSync((badges as { value: { path: string } }).value.path, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('at,workstation,cardholderId,name,template,printer,outcome,reason,detail,operator');
    expect(lines[1]).toBe('2026-11-23T10:05:00.000Z,desk-1,7,"Dupont, Marie",employee-portrait,Zebra_ZC300,printed,lost,,Bo Officer');
  });

  it('in the browser preview (no edge) quitting says it is not possible there', async () => {
    const { gateway } = setup(null);
    await gateway.handle('unlockAdmin', { pin: PIN }, trusted);
    expect(await gateway.handle('quitKiosk', undefined, trusted)).toMatchObject({ ok: false, error: { code: 'config', message: expect.stringMatching(/browser preview/) } });
  });
});
