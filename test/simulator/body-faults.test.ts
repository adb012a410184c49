// The download faults over bare TCP: truncate (fewer body bytes than Content-Length, then a closed
// connection), throttle (the body arrives in pieces), stall (some bytes, then silence until the
// faults are cleared or the simulator closes), drip (headers at once, then a byte a second), their counts, path prefix, validation, and that
// answers without a long enough body and /_sim/ paths are never touched (DECISIONS.md §7).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SimulatorControls } from '../../electron/simulator/control-client';
import type { RunningSimulator } from '../../electron/simulator/index';
import type { ApiErrorBody, CardHolderRecord } from '../../electron/simulator/records';
import { RawConnection, call, startSmallSimulator } from './support';

let sim: RunningSimulator;
let controls: SimulatorControls;

beforeAll(async () => {
  sim = await startSmallSimulator();
  controls = new SimulatorControls(sim.url);
});
afterAll(() => sim.close());
beforeEach(() => controls.reset());

const LIST = '/api/CardHolders';

describe('truncate', () => {
  it('sends the full Content-Length, afterBytes of the body, then closes the connection', async () => {
    await controls.truncateBodies({ afterBytes: 1000, count: 1 });
    const answer = await new RawConnection(sim.url, LIST).all();
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBeGreaterThan(5000);
    expect(answer.body.length).toBe(1000);
    expect(answer.body.toString('utf8')).toMatch(/^\[\{"id":1,/);
    expect(await controls.faults()).toEqual({ truncate: { afterBytes: 1000, rate: 1, count: 0 } });
    // The count is used up: the next download is whole.
    const whole = await new RawConnection(sim.url, LIST).all();
    expect(whole.body.length).toBe(Number(whole.headers['content-length']));
    expect((JSON.parse(whole.body.toString('utf8')) as unknown[]).length).toBe(40);
  });

  it('makes fetch fail while reading the body', async () => {
    await controls.truncateBodies({ afterBytes: 10 });
    const response = await fetch(`${sim.url}${LIST}`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('can cut right after the headers', async () => {
    await controls.truncateBodies({ afterBytes: 0 });
    const answer = await new RawConnection(sim.url, LIST).all();
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBeGreaterThan(0);
    expect(answer.body.length).toBe(0);
  });

  it('leaves answers no longer than afterBytes alone, without using up the count', async () => {
    await controls.setFaults({ truncate: { afterBytes: 5000, count: 1 } });
    const one = await new RawConnection(sim.url, '/api/CardHolders/1').all();
    expect(one.body.length).toBe(Number(one.headers['content-length']));
    const head = await new RawConnection(sim.url, LIST, {}, 'HEAD').all();
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(await controls.faults()).toEqual({ truncate: { afterBytes: 5000, rate: 1, count: 1 } });
    const list = await new RawConnection(sim.url, LIST).all();
    expect(list.body.length).toBe(5000);
  });

  it('applies to the path prefix only, and never to /_sim/', async () => {
    await controls.truncateBodies({ afterBytes: 5, pathPrefix: '/api/SystemEvents' });
    const list = await new RawConnection(sim.url, LIST).all();
    expect(list.body.length).toBe(Number(list.headers['content-length']));
    const events = await new RawConnection(sim.url, '/api/SystemEvents?FromID=1').all();
    expect(events.body.length).toBe(5);
    await controls.truncateBodies({ afterBytes: 5 });
    const catalogue = await new RawConnection(sim.url, '/_sim/catalogue').all();
    expect(catalogue.body.length).toBe(Number(catalogue.headers['content-length']));
  });
});

describe('throttle', () => {
  it('sends the whole body, in several pieces', async () => {
    await controls.throttleBodies({ bytesPerSecond: 100_000 });
    const answer = await new RawConnection(sim.url, LIST).all();
    expect(answer.body.length).toBe(Number(answer.headers['content-length']));
    expect((JSON.parse(answer.body.toString('utf8')) as CardHolderRecord[]).map((record) => record.id)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(answer.bodyChunks).toBeGreaterThan(1);
    expect(await controls.faults()).toEqual({ throttle: { bytesPerSecond: 100_000, rate: 1 } });
  });

  it('works with fetch, and stops for the next request once the count is used up', async () => {
    await controls.throttleBodies({ bytesPerSecond: 200_000, count: 1 });
    const throttled = await call<CardHolderRecord[]>(sim.url, 'GET', LIST);
    expect(throttled.body).toHaveLength(40);
    expect(await controls.faults()).toEqual({ throttle: { bytesPerSecond: 200_000, rate: 1, count: 0 } });
  });

  it('trickles up to a truncation, then closes', async () => {
    await controls.setFaults({ throttle: { bytesPerSecond: 50_000 }, truncate: { afterBytes: 6000 } });
    const answer = await new RawConnection(sim.url, LIST).all();
    expect(answer.body.length).toBe(6000);
    expect(answer.bodyChunks).toBeGreaterThan(1);
  });

  it('ends with the client: a client that goes away stops the trickle', async () => {
    await controls.throttleBodies({ bytesPerSecond: 1000 });
    const connection = new RawConnection(sim.url, LIST);
    await connection.bodyBytes(1);
    connection.destroy();
    await connection.closed;
    await controls.clearFaults();
    expect((await call(sim.url, 'GET', '/api/CardHolders/1')).status).toBe(200);
  });
});

describe('drip', () => {
  it('sends status and headers at once, then the body a byte at a time, and goes on after the faults are cleared', async () => {
    await controls.dripBodies({ pathPrefix: '/api/CardHolders/1' });
    expect(await controls.faults()).toEqual({ pathPrefix: '/api/CardHolders/1', drip: { rate: 1 } });
    const connection = new RawConnection(sim.url, '/api/CardHolders/1');
    const head = await connection.bodyBytes(0);
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
    await controls.clearFaults();
    const two = await connection.bodyBytes(2);
    // One byte per piece: never silent long enough for an idle timeout, never done in time.
    expect(two.body.length).toBe(two.bodyChunks);
    expect(two.body.toString('utf8')).toMatch(/^\{"/);
    expect(connection.isClosed).toBe(false);
    connection.destroy();
    await connection.closed;
    // Cleared: the next answer comes whole.
    expect((await call(sim.url, 'GET', '/api/CardHolders/1')).status).toBe(200);
  });

  it('is refused with a count that is not a whole number', async () => {
    expect((await call(sim.url, 'POST', '/_sim/faults', { drip: { count: 1.5 } })).status).toBe(400);
  });
});

describe('stall', () => {
  it('sends afterBytes, then stays open and silent until the faults are cleared', async () => {
    await controls.stallBodies({ afterBytes: 300, pathPrefix: LIST });
    const connection = new RawConnection(sim.url, LIST);
    const before = await connection.bodyBytes(300);
    expect(before.status).toBe(200);
    expect(before.body.length).toBe(300);
    expect(Number(before.headers['content-length'])).toBeGreaterThan(300);
    // Other requests are answered meanwhile.
    expect((await call(sim.url, 'GET', '/api/SystemEvents/maxid')).status).toBe(200);
    expect(connection.isClosed).toBe(false);
    await controls.clearFaults();
    await connection.closed;
    expect(connection.received.body.length).toBe(300);
  });

  it('is ended by a reset and by replacing the faults', async () => {
    await controls.stallBodies({ afterBytes: 0 });
    const first = new RawConnection(sim.url, LIST);
    expect((await first.bodyBytes(0)).status).toBe(200);
    await controls.reset();
    await first.closed;
    await controls.stallBodies({ afterBytes: 10 });
    const second = new RawConnection(sim.url, LIST);
    await second.bodyBytes(10);
    await controls.setFaults({ latencyMs: 0 });
    await second.closed;
    expect(second.received.body.length).toBe(10);
  });

  it('fails a client that gives up, and is ended by close(), which does not wait for it', async () => {
    const own = await startSmallSimulator();
    const ownControls = new SimulatorControls(own.url);
    await ownControls.stallBodies({ afterBytes: 100, count: 2 });
    const abandoned = new AbortController();
    const response = await fetch(`${own.url}${LIST}`, { signal: abandoned.signal });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    abandoned.abort();
    await expect(reader?.read()).rejects.toThrow();
    const stalled = new RawConnection(own.url, LIST);
    await stalled.bodyBytes(100);
    await own.close();
    await stalled.closed;
    expect(stalled.received.body.length).toBe(100);
  });

  it('takes truncate first when both are set', async () => {
    await controls.setFaults({ truncate: { afterBytes: 20, count: 1 }, stall: { afterBytes: 40 } });
    const truncated = await new RawConnection(sim.url, LIST).all();
    expect(truncated.body.length).toBe(20);
    const stalled = new RawConnection(sim.url, LIST);
    expect((await stalled.bodyBytes(40)).body.length).toBe(40);
    await controls.clearFaults();
    await stalled.closed;
  });
});

describe('validation', () => {
  it.each([
    [{ truncate: {} }],
    [{ truncate: { afterBytes: -1 } }],
    [{ truncate: { afterBytes: 1.5 } }],
    [{ truncate: { afterBytes: 1, rate: 2 } }],
    [{ throttle: { bytesPerSecond: 0 } }],
    [{ throttle: {} }],
    [{ stall: { afterBytes: 'x' } }],
    [{ stall: { afterBytes: 1, forever: true } }],
  ])('refuses %j with 400', async (spec) => {
    const answer = await call<ApiErrorBody>(sim.url, 'POST', '/_sim/faults', spec);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('bad_request');
  });
});
