// The kiosk's one account of whether the service answers: the state it holds and pushes to the
// renderer, and what the kiosk subscribes to in it (onChange, onReachable, onRecheck) instead of
// listening on the renderer-bound push bus.
import { describe, expect, it } from 'vitest';
import { ServiceConnection } from '../../../electron/core/connection/service-connection';
import { KioskFailure } from '../../../electron/core/ipc/failure';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { PushRecorder } from '../support/event-fakes';

function setup() {
  let time = Date.parse('2026-11-25T04:00:00.000Z');
  const push = new PushRecorder();
  const connection = new ServiceConnection({
    config: { offlineAfterFailures: 3, offlineAfterMs: 60_000, stateThrottleMs: 1_000, stalledAfterMs: 5_000 },
    push,
    log: createLogger(memorySink().sink),
    now: () => time,
  });
  const reachable: number[] = [];
  const rechecks: number[] = [];
  const changes: string[] = [];
  connection.onReachable(() => void reachable.push(time));
  connection.onRecheck(() => void rechecks.push(time));
  connection.onChange((state) => void changes.push(state.status));
  return { connection, push, reachable, rechecks, changes, advance: (ms: number) => (time += ms) };
}

const refused = KioskFailure.of('unreachable', 'The access-control service cannot be reached.');

describe('ServiceConnection', () => {
  it('holds the state and pushes each change to the renderer and to its subscribers alike', () => {
    const { connection, push, changes } = setup();
    connection.describeWith(() => ({ lastDeliveredId: 41, maxEventId: 42 }));
    connection.started();
    connection.succeeded();
    connection.pollFailed(refused.error, Date.parse('2026-11-25T04:00:00.000Z'));
    expect(push.of('feedState').map((s) => s.status)).toEqual(['connecting', 'live', 'reconnecting']);
    expect(changes).toEqual(['connecting', 'live', 'reconnecting']);
    expect(connection.state()).toMatchObject({ status: 'reconnecting', lastDeliveredId: 41, maxEventId: 42, error: { code: 'unreachable' } });
  });

  it('says the service is reachable when a live state is published, never otherwise', () => {
    const { connection, reachable } = setup();
    connection.started();
    expect(reachable).toHaveLength(0);
    connection.succeeded();
    expect(reachable).toHaveLength(1);
    connection.pollFailed(refused.error, 0);
    expect(reachable).toHaveLength(1);
  });

  it('the probe heard the service: the feed is asked to poll now and the service is reachable', () => {
    const { connection, reachable, rechecks } = setup();
    connection.started();
    connection.pollFailed(refused.error, 0);
    connection.heard();
    expect(rechecks).toHaveLength(1);
    expect(reachable).toHaveLength(1);
    expect(connection.state().status).not.toBe('live'); // only the feed's own poll makes it live
  });

  it('a failed probe: the state says why at once when not live; while live the feed is asked to poll now instead', () => {
    const { connection, rechecks } = setup();
    connection.started();
    connection.succeeded();
    connection.unreachable(refused);
    expect(connection.state().status).toBe('live');
    expect(rechecks).toHaveLength(1);
    connection.pollFailed(refused.error, 0);
    connection.unreachable(KioskFailure.of('unauthorized', 'The service refused the credential.'));
    expect(connection.state().error?.code).toBe('unauthorized');
    expect(rechecks).toHaveLength(1);
  });

  it('ignores the probe while the feed is stopped', () => {
    const { connection, push } = setup();
    connection.started();
    connection.stopped();
    const pushes = push.all.length;
    connection.unreachable(refused);
    expect(connection.watching).toBe(false);
    expect(push.all.length).toBe(pushes);
  });

  it('an unsubscribed listener hears nothing more; a listener that throws does not stop the others', () => {
    const { connection, reachable } = setup();
    const heard: number[] = [];
    const off = connection.onReachable(() => void heard.push(1));
    connection.onReachable(() => {
      throw new Error('broken listener');
    });
    connection.started();
    connection.succeeded();
    off();
    connection.heard();
    expect(heard).toHaveLength(1);
    expect(reachable).toHaveLength(2);
  });

  it('keeps the outage start put while the outage goes on, and goes offline after enough failures', () => {
    const { connection, advance } = setup();
    connection.started();
    connection.succeeded();
    const start = Date.parse('2026-11-25T04:00:00.000Z');
    connection.pollFailed(refused.error, start);
    advance(2_000);
    connection.pollFailed(refused.error, start + 2_000);
    advance(2_000);
    connection.pollFailed(refused.error, start + 4_000);
    expect(connection.state()).toMatchObject({ status: 'offline', outageSince: new Date(start).toISOString() });
  });
});
