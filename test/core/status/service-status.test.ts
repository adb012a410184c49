// The service status operation: reachable with the highest event id, or not, with the typed error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatusHandler } from '../../../electron/core/status/service-status';
import { createServiceClient } from '../../../electron/core/service/service-client';
import { loadConfig } from '../../../electron/core/config/load-config';
import { createLogger, silentSink } from '../../../electron/core/log/logger';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { SimulatorControls } from '../../../electron/simulator/control-client';

const at = new Date('2026-03-04T05:06:07.000Z');
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, cardholders: 1, eventRate: 0, historyEvents: 10, testControls: true });
});
afterAll(() => sim.close());

function service(url = sim.url) {
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: ['--retries=0'], platform: 'linux' });
  return createServiceClient({ config, baseUrl: url, secret: null, log: createLogger(silentSink) });
}

describe('createStatusHandler', () => {
  it('reachable: the highest event id', async () => {
    const client = service();
    const status = await createStatusHandler({ service: client, mode: 'demo', serviceLabel: client.serviceLabel, now: () => at })();
    expect(status).toEqual({ mode: 'demo', serviceLabel: `127.0.0.1:${sim.port}`, reachable: true, maxEventId: sim.maxEventId(), checkedAt: at.toISOString(), error: null });
    client.close();
  });

  it('a server error: not reachable, with the typed error, never a rejection', async () => {
    const controls = new SimulatorControls(sim.url);
    await controls.setFaults({ error: { status: 500 } });
    const client = service();
    const status = await createStatusHandler({ service: client, mode: 'configured', serviceLabel: 'access:443', now: () => at })();
    await controls.clearFaults();
    expect(status).toMatchObject({ mode: 'configured', serviceLabel: 'access:443', reachable: false, maxEventId: null, checkedAt: at.toISOString() });
    expect(status.error).toMatchObject({ code: 'server_error', status: 500, endpoint: 'GET /api/SystemEvents/maxid' });
    client.close();
  });

  it('unreachable', async () => {
    const client = service('http://127.0.0.1:9');
    const status = await createStatusHandler({ service: client, mode: 'configured', serviceLabel: '127.0.0.1:9' })();
    expect(status.reachable).toBe(false);
    expect(status.error?.code).toBe('unreachable');
    expect(Date.parse(status.checkedAt)).not.toBeNaN();
    client.close();
  });

  it('anything else thrown becomes an internal error', async () => {
    const status = await createStatusHandler({ service: { getMaxEventId: () => Promise.reject(new TypeError('boom')) }, mode: 'demo', serviceLabel: 'x:1' })();
    expect(status).toMatchObject({ reachable: false, error: { code: 'internal' } });
  });
});
