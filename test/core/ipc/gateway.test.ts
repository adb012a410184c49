import { describe, expect, it } from 'vitest';
import { Gateway, type Sender } from '../../../electron/core/ipc/gateway';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { OPERATION_NAMES } from '../../../electron/contract/ipc';
import { fakeHandlers, STATUS } from '../../support/fake-handlers';
import { openAccess } from '../../support/open-access';
import { VALID } from '../../support/valid-requests';

const own: Sender = { trusted: true, description: 'kiosk window' };
const foreign: Sender = { trusted: false, description: 'some other page' };

function setup() {
  const handlers = fakeHandlers();
  const log = memorySink();
  const gateway = new Gateway(handlers, createLogger(log.sink), openAccess);
  return { handlers, gateway, lines: log.lines };
}

describe('Gateway', () => {
  it('keeps a reprint reason’s free text out of the log, whatever logs it later (issue 32)', async () => {
    const handlers = fakeHandlers();
    const log = memorySink();
    const logger = createLogger(log.sink);
    const gateway = new Gateway({ ...handlers, printBadge: (request) => (logger.info('badges', `badge reprinted, reason: ${request.reason?.kind}: ${request.reason?.text}`), handlers.printBadge(request)) }, logger, openAccess);
    const answer = await gateway.handle('printBadge', { ...VALID.printBadge, reason: { kind: 'other', text: 'Left in Marie Dupont’s locker' } }, own);
    expect(answer).toMatchObject({ ok: true });
    expect(log.lines.join('\n')).toContain('reason: other: [personal]');
    expect(log.lines.join('\n')).not.toContain('Dupont');
  });

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
    ['an over-long note', 'acknowledgeAlarms', { alarmIds: [1], note: 'x'.repeat(2001) }, 'note'],
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

  it('refuses unknown keys on the two searches too (their range check no longer turns strictness off)', async () => {
    const { gateway, handlers } = setup();
    const range = { from: '2026-11-20T10:00:00Z', to: '2026-11-21T10:00:00Z' };
    for (const [name, payload] of [
      ['searchEvents', { ...range, sql: 'drop' }],
      ['searchEventsByCodes', { ...range, tenants: [0], isAdmin: true }],
      ['searchEvents', JSON.parse(`{"from":"${range.from}","to":"${range.to}","__proto__":{"polluted":1}}`)],
    ] as const) {
      expect(await gateway.handle(name, payload, own)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    }
    expect(handlers.searchEvents).not.toHaveBeenCalled();
    expect(handlers.searchEventsByCodes).not.toHaveBeenCalled();
  });

  it('refuses what is not plain data before the schema: bytes outside the photo, a Date, nesting past 32 levels', async () => {
    const { gateway, handlers, lines } = setup();
    let deep: Record<string, unknown> = { id: 1 };
    for (let i = 0; i < 40; i++) deep = { a: deep };
    for (const [name, payload, field] of [
      ['updateCardholder', { id: 1, changes: new Uint8Array(1024 * 1024), expectedUpdated: 'x' }, 'changes'],
      ['updateCardholder', { id: 1, changes: new Date(0), expectedUpdated: 'x' }, 'changes'],
      ['exportSearchCsv', { resultId: 'r', sort: new Map() }, 'sort'],
      ['getEvent', deep, undefined],
      ['getEvent', { id: 10n }, 'id'],
    ] as const) {
      const answer = await gateway.handle(name, payload, own);
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      if (field && answer && !answer.ok) expect(answer.error.field).toBe(field);
    }
    expect(handlers.updateCardholder).not.toHaveBeenCalled();
    expect(lines.filter((l) => l.includes('not plain data') || l.includes('levels deep') || l.includes('bytes are not accepted')).length).toBe(5);
    // The photo's bytes still pass where the contract declares them.
    expect(await gateway.handle('uploadCardholderPhoto', { id: 3, photo: new Uint8Array([0xff, 0xd8]), contentType: 'image/jpeg', overriddenHints: [] }, own)).toMatchObject({ ok: true });
  });

  it('does not echo a huge operation name or key back into the log', async () => {
    const { gateway, lines } = setup();
    await gateway.handle('x'.repeat(100_000), undefined, own);
    await gateway.handle('getEvent', { id: 1, ['k'.repeat(100_000)]: 1 }, own);
    expect(lines.every((l) => l.length < 1000)).toBe(true);
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
    expect(await gateway.handle('acknowledgeAlarms', { alarmIds: [1], note: '' }, foreign)).toBeNull();
    expect(handlers.getServiceStatus).not.toHaveBeenCalled();
    expect(handlers.acknowledgeAlarms).not.toHaveBeenCalled();
    expect(lines.some((l) => l.includes('foreign sender') && l.includes('some other page'))).toBe(true);
  });

  it('turns a KioskFailure into its typed error', async () => {
    const { handlers } = setup();
    handlers.getEvent = async () => {
      throw KioskFailure.of('not_found', 'That event does not exist.', { endpoint: 'GET /api/SystemEvents/5', status: 404 });
    };
    expect(await new Gateway(handlers, createLogger(() => {}), openAccess).handle('getEvent', { id: 5 }, own)).toEqual({
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
    const answer = await new Gateway(handlers, createLogger(log.sink), openAccess).handle('listAcknowledgements', undefined, own);
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
