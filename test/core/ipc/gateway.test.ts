import { describe, expect, it } from 'vitest';
import { Gateway, type Sender } from '../../../electron/core/ipc/gateway';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { OPERATION_NAMES } from '../../../electron/contract/ipc';
import { fakeHandlers, STATUS } from '../../support/fake-handlers';

const own: Sender = { trusted: true, description: 'kiosk window' };
const foreign: Sender = { trusted: false, description: 'some other page' };

function setup() {
  const handlers = fakeHandlers();
  const log = memorySink();
  const gateway = new Gateway(handlers, createLogger(log.sink));
  return { handlers, gateway, lines: log.lines };
}

describe('Gateway', () => {
  it('answers a valid call with the handler result', async () => {
    const { gateway } = setup();
    expect(await gateway.handle('getServiceStatus', undefined, own)).toEqual({ ok: true, value: STATUS });
    expect(await gateway.handle('getEvent', { id: 9 }, own)).toMatchObject({ ok: true, value: { record_ID: 9 } });
  });

  it.each([
    ['a wrong type', 'getEvent', { id: 'nine' }, 'id'],
    ['a missing field', 'getEvent', {}, 'id'],
    ['an extra field', 'getEvent', { id: 1, sql: 'drop' }, undefined],
    ['a negative id', 'getEvent', { id: -1 }, 'id'],
    ['a payload where none is taken', 'getServiceStatus', { id: 1 }, undefined],
    ['a non-object', 'acknowledgeAlarms', 'ack!', undefined],
    ['an over-long note', 'acknowledgeAlarms', { recordIds: [1], note: 'x'.repeat(2001) }, 'note'],
  ])('rejects %s with a typed error and keeps serving', async (_label, name, payload, field) => {
    const { gateway, handlers } = setup();
    const answer = await gateway.handle(name, payload, own);
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    if (answer && !answer.ok) {
      expect(answer.error.message).toMatch(/not valid|request/i);
      if (field) expect(answer.error.field).toBe(field);
    }
    expect(handlers.getEvent).not.toHaveBeenCalled();
    expect(handlers.acknowledgeAlarms).not.toHaveBeenCalled();
    // Still serving after a bad call.
    expect(await gateway.handle('getEvent', { id: 3 }, own)).toMatchObject({ ok: true });
  });

  it('explains an inverted date range in words a guard understands', async () => {
    const { gateway, handlers } = setup();
    const answer = await gateway.handle(
      'searchEvents',
      { from: '2026-11-21T10:00:00Z', to: '2026-11-20T10:00:00Z' },
      own,
    );
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'invalid_request', field: 'to', message: 'The start of the range must not be after its end.' }),
    });
    expect(handlers.searchEvents).not.toHaveBeenCalled();
  });

  it('rejects an operation that is not in the contract, including prototype names', async () => {
    const { gateway } = setup();
    for (const name of ['deleteEverything', 'constructor', '__proto__', 'toString']) {
      expect(await gateway.handle(name, undefined, own)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    }
  });

  it('ignores a foreign sender without running anything, and logs it', async () => {
    const { gateway, handlers, lines } = setup();
    expect(await gateway.handle('getServiceStatus', undefined, foreign)).toBeNull();
    expect(await gateway.handle('acknowledgeAlarms', { recordIds: [1], note: '' }, foreign)).toBeNull();
    expect(handlers.getServiceStatus).not.toHaveBeenCalled();
    expect(handlers.acknowledgeAlarms).not.toHaveBeenCalled();
    expect(lines.some((l) => l.includes('foreign sender') && l.includes('some other page'))).toBe(true);
  });

  it('turns a KioskFailure into its typed error', async () => {
    const { handlers } = setup();
    handlers.getEvent = async () => {
      throw KioskFailure.of('not_found', 'That event does not exist.', { endpoint: 'GET /api/SystemEvents/5', status: 404 });
    };
    expect(await new Gateway(handlers, createLogger(() => {})).handle('getEvent', { id: 5 }, own)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'That event does not exist.', endpoint: 'GET /api/SystemEvents/5', status: 404 },
    });
  });

  it('never lets a raw exception or stack reach the renderer', async () => {
    const { handlers } = setup();
    handlers.listAcknowledgements = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    };
    const log = memorySink();
    const answer = await new Gateway(handlers, createLogger(log.sink)).handle('listAcknowledgements', undefined, own);
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal' } });
    if (answer && !answer.ok) {
      expect(answer.error.message).not.toMatch(/TypeError|undefined|at /);
    }
    expect(log.lines.some((l) => l.startsWith('error') && l.includes('TypeError'))).toBe(true);
  });

  it('has a handler for every operation of the contract', () => {
    const handlers = fakeHandlers();
    expect(Object.keys(handlers).sort()).toEqual([...OPERATION_NAMES].sort());
  });
});
