/**
 * Crash test of the outbox: the core's cardholder capability runs in a child process against the
 * simulator (run here, on a fixed port, with its state on disk) and works through a plan of
 * enrolments; it is killed with SIGKILL at hundreds of random points — while it writes to the
 * queue, while it replays it, while it starts — and started again each time, with the service
 * stopped, slow (the kill lands mid-request) or losing answers after it applied them, changing
 * between runs. At the end the service stays up until the child has emptied its queue. Then every
 * operation the officer was told was sent or saved must be on the service exactly once, and
 * nothing may be there twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningSimulator } from '../../../../electron/simulator';
import { SimulatorControls } from '../../../../electron/simulator/control-client';
import type { CardholderRecord } from '../../../../electron/contract/ipc';
import { bundleEntry, startChild, type Child } from './support/bundle';
import { crashPlan, type ChildConfig, type PlanOp } from './support/crash-plan';
import { SEEDED, idPhoto, simRecords, startSim } from './support/sim-rig';

const CRASHES = 200;
const PLAN_OPS = 420;
const PHOTOS = 4;
/** Kiosks (child processes with their own data folders and cardholders) run side by side against the one service. */
const LANES = 4;

let root: string;
let simDir: string;
let sim: RunningSimulator | null = null;
let port = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kiosk-outbox-crash-'));
  simDir = join(root, 'simulator');
});
afterAll(async () => {
  await sim?.close();
  await rm(root, { recursive: true, force: true });
});

type ServiceMode = 'down' | 'up' | 'slow' | 'lossy';

/** Puts the service in a mode: stopped (connections refused), answering, slow, or losing some answers after applying the write. */
async function serviceIs(mode: ServiceMode, latencyMs: number): Promise<void> {
  if (mode === 'down') {
    await sim?.close();
    sim = null;
    return;
  }
  sim ??= await startSim(simDir, port);
  const controls = new SimulatorControls(sim.url);
  if (mode === 'up') await controls.clearFaults();
  if (mode === 'slow') await controls.setFaults({ latencyMs });
  if (mode === 'lossy') await controls.setFaults({ latencyMs, pathPrefix: '/api/CardHolders', drop: { afterProcessing: true, rate: 0.3 } });
}

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A field's value as the service shows it, comparable with what was sent. */
function shown(field: string, value: unknown): string {
  if (field === 'sex') return String(value).toUpperCase();
  if (field === 'tenant') return [...new Set([0, ...(value as number[])])].sort((a, b) => a - b).join(',');
  return String(value);
}

describe('outbox crash test', () => {
  it(`the core killed with SIGKILL at ${CRASHES} random points while queueing and replaying loses nothing and duplicates nothing`, async () => {
    const script = bundleEntry(join(__dirname, 'support', 'crash-child.ts'));
    const first = await startSim(simDir, 0, true);
    sim = first;
    port = first.port;
    const seededRecords = (await simRecords(first.url)).slice(0, 10);
    const controls = new SimulatorControls(first.url);
    const seededPhoto = new Map<string, string | null>();
    for (const record of seededRecords) seededPhoto.set(record.employee_ID, (await controls.photo(record.id))?.sha256 ?? null);
    const photos = Array.from({ length: PHOTOS }, (_, n) => idPhoto(20 + n));
    const photoFiles = await Promise.all(photos.map(async (bytes, n) => {
      const file = join(root, `photo-${n}.jpg`);
      await writeFile(file, bytes);
      return file;
    }));
    const key = randomBytes(32).toString('hex');
    const seededIds = seededRecords.map((r) => r.employee_ID);

    /** One kiosk (its own data folder, its own cardholders) and what its children printed. */
    interface Lane {
      lane: number;
      kioskDir: string;
      planFile: string;
      ops: PlanOp[];
      begun: Set<number>;
      acked: Map<number, 'sent' | 'queued'>;
      skipped: string[];
      failed: string[];
      next: number;
    }
    const lanes: Lane[] = [];
    for (let lane = 0; lane < LANES; lane++) {
      const kioskDir = join(root, `kiosk-${lane}`);
      await mkdir(kioskDir, { recursive: true });
      const ops = crashPlan(lane, 11 + lane, Math.ceil(PLAN_OPS / LANES), seededIds.slice(lane * 2, lane * 2 + 2), PHOTOS);
      const planFile = join(root, `plan-${lane}.json`);
      await writeFile(planFile, JSON.stringify({ ops, photoFiles }));
      lanes.push({ lane, kioskDir, planFile, ops, begun: new Set(), acked: new Map(), skipped: [], failed: [], next: 0 });
    }
    const absorb = (lane: Lane, child: Child): void => {
      for (const line of child.lines) {
        const [what, index, how] = line.split(' ');
        const n = Number(index);
        if (what === 'BEGIN') {
          lane.begun.add(n);
          lane.next = Math.max(lane.next, n + 1);
        } else if (what === 'ACK') lane.acked.set(n, how === 'queued' ? 'queued' : 'sent');
        else if (what === 'SKIP') lane.skipped.push(line);
        else if (what === 'FAIL') lane.failed.push(line);
      }
    };
    const config = (lane: Lane, timeoutMs = 1_500): string => JSON.stringify({ url: `http://127.0.0.1:${port}`, dataDir: lane.kioskDir, keyHex: key, planFile: lane.planFile, start: lane.next, timeoutMs } satisfies ChildConfig);

    let random = 20260301;
    const roll = (n: number): number => {
      random = (random * 1103515245 + 12345) % 2147483648;
      return Math.floor((random / 2147483648) * n);
    };
    let crashes = 0;
    let killedAfterReady = 0;
    let killedInPlan = 0;
    let endedAlone = 0;
    let runs = 0;
    const modes: Record<ServiceMode, number> = { down: 0, up: 0, slow: 0, lossy: 0 };
    const started = Date.now();

    /** One run of a lane's kiosk: killed during start-up, or at a random moment after it, unless it ends first. */
    const runOnce = async (lane: Lane): Promise<void> => {
      runs++;
      const child = startChild(script, [config(lane)]);
      const duringStartUp = roll(100) < 15;
      const ready = duringStartUp ? Promise.resolve() : child.waitFor((l) => l === 'READY').then(() => undefined, () => undefined);
      const killAfter = duringStartUp ? roll(800) : 10 + roll(400);
      const outcome = await Promise.race([ready.then(() => new Promise((resolve) => setTimeout(() => resolve('kill'), killAfter))), child.ended.then(() => 'ended')]);
      if (outcome === 'kill') child.process.kill('SIGKILL');
      const ended = await child.ended;
      absorb(lane, child);
      // A child that finished just before the kill ended by itself (code 0): not a crash point.
      if (ended === 'SIGKILL') {
        crashes++;
        if (child.lines.includes('READY')) killedAfterReady++;
        if (child.lines.some((l) => l.startsWith('BEGIN'))) killedInPlan++;
        return;
      }
      endedAlone++;
      expect(ended, `child ended by itself: ${child.stderr.join('').slice(-3000)}`).toBe(0);
    };
    while (crashes < CRASHES) {
      const dice = roll(100);
      const mode: ServiceMode = dice < 25 ? 'down' : dice < 45 ? 'up' : dice < 85 ? 'slow' : 'lossy';
      modes[mode]++;
      await serviceIs(mode, 15 + roll(100));
      await Promise.all(lanes.map(runOnce));
    }

    // The service stays up (faults cleared) until every kiosk's queue is empty.
    await serviceIs('up', 0);
    const failed: string[] = [];
    const begun = new Set<string>();
    const acked = new Map<string, 'sent' | 'queued'>();
    let skipped = 0;
    await Promise.all(lanes.map(async (lane) => {
      const last = startChild(script, [config(lane, 5_000)]);
      const drainedLine = await Promise.race([last.waitFor((l) => l.startsWith('DRAINED')), new Promise<string>((_, reject) => setTimeout(() => reject(new Error(`the queue did not drain: ${last.lines.slice(-20).join(' | ')} ${last.stderr.join('').slice(-2000)}`)), 60_000))]);
      expect(await last.ended).toBe(0);
      absorb(lane, last);
      const summary = JSON.parse(drainedLine.slice('DRAINED '.length)) as { pending: number; failed: number; damage: unknown; paused: unknown; errors: unknown[] };
      expect(summary, `the outbox of kiosk ${lane.lane} at the end`).toEqual({ pending: 0, failed: 0, damage: null, paused: null, errors: [] });
      failed.push(...lane.failed);
      skipped += lane.skipped.length;
      for (const index of lane.begun) begun.add(`${lane.lane}:${index}`);
      for (const [index, how] of lane.acked) acked.set(`${lane.lane}:${index}`, how);
    }));
    expect(failed, 'operations that ended in an error for the officer').toEqual([]);
    const laneOf = new Map<PlanOp, number>();
    for (const lane of lanes) for (const op of lane.ops) laneOf.set(op, lane.lane);
    const ops = lanes.flatMap((lane) => lane.ops);
    const keyOf = (op: PlanOp): string => `${laneOf.get(op) ?? -1}:${op.index}`;

    // ── What the service holds against what the officer was told ──
    const onService = await simRecords(`http://127.0.0.1:${port}`);
    const byEmployee = new Map<string, CardholderRecord[]>();
    for (const record of onService) byEmployee.set(record.employee_ID, [...(byEmployee.get(record.employee_ID) ?? []), record]);

    /** Per cardholder: whether it must exist, and per field the values it may hold now. */
    interface Expectation {
      mustExist: boolean;
      mayExist: boolean;
      fields: Map<string, Set<string>>;
      photo: Set<string | null>;
      photoAcked: boolean;
    }
    const expectations = new Map<string, Expectation>();
    for (const record of seededRecords) {
      const fields = new Map<string, Set<string>>();
      for (const [field, value] of Object.entries(record)) fields.set(field, new Set([shown(field, value)]));
      expectations.set(record.employee_ID, { mustExist: true, mayExist: true, fields, photo: new Set([seededPhoto.get(record.employee_ID) ?? null]), photoAcked: false });
    }
    const apply = (op: PlanOp): void => {
      const done = acked.has(keyOf(op));
      const tried = begun.has(keyOf(op));
      if (!tried) return;
      if (op.kind === 'create') {
        const fields = new Map<string, Set<string>>();
        for (const [field, value] of Object.entries(op.fields)) fields.set(field, new Set([shown(field, value)]));
        expectations.set(op.employeeId, { mustExist: done, mayExist: true, fields, photo: new Set([null]), photoAcked: false });
        return;
      }
      const expectation = expectations.get(op.employeeId);
      if (!expectation) return;
      if (done) expectation.mustExist = true;
      if (op.kind === 'update') {
        for (const [field, value] of Object.entries(op.changes)) {
          const allowed = done ? new Set<string>() : (expectation.fields.get(field) ?? new Set<string>());
          allowed.add(shown(field, value));
          expectation.fields.set(field, allowed);
        }
      } else {
        const allowed = done ? new Set<string | null>() : expectation.photo;
        allowed.add(sha(photos[op.photo] ?? new Uint8Array()));
        expectation.photo = allowed;
        expectation.photoAcked ||= done;
      }
    };
    for (const op of ops) apply(op);

    let cardholders = 0;
    let fieldsChecked = 0;
    let photosChecked = 0;
    const afterControls = new SimulatorControls(`http://127.0.0.1:${port}`);
    for (const [employeeId, expectation] of expectations) {
      const records = byEmployee.get(employeeId) ?? [];
      expect(records.length, `cardholders with employee ID ${employeeId}`).toBeLessThanOrEqual(1);
      if (expectation.mustExist) expect(records, `cardholder ${employeeId} (acknowledged)`).toHaveLength(1);
      const record = records[0];
      if (!record) continue;
      cardholders++;
      for (const [field, allowed] of expectation.fields) {
        if (field === 'id' || field === 'updated' || field === 'created' || field === 'photo_Exists') continue;
        expect(allowed, `${field} of ${employeeId}`).toContain(shown(field, record[field]));
        fieldsChecked++;
      }
      const stored = (await afterControls.photo(record.id))?.sha256 ?? null;
      expect(expectation.photo, `photo of ${employeeId}`).toContain(stored);
      if (expectation.photoAcked) expect(record.photo_Exists, `photo of ${employeeId}`).toBe(true);
      photosChecked++;
    }
    // Nothing else of the plan is on the service, and nothing twice.
    const planned = new Set(ops.filter((op) => op.kind === 'create').map((op) => op.employeeId));
    const strays = onService.filter((r) => r.employee_ID.startsWith('880') && !expectations.has(r.employee_ID));
    expect(strays.map((r) => r.employee_ID), 'records no create of the plan was begun for').toEqual([]);
    const createdOnService = onService.filter((r) => planned.has(r.employee_ID)).length;
    expect(onService).toHaveLength(SEEDED + createdOnService);

    const count = (kind: PlanOp['kind'], how?: 'sent' | 'queued'): number => ops.filter((op) => op.kind === kind && acked.has(keyOf(op)) && (how === undefined || acked.get(keyOf(op)) === how)).length;
    const report = [
      `outbox crash test: ${crashes} crash points (SIGKILL) in ${runs + LANES} runs of ${LANES} kiosks side by side, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `  killed after start-up ${killedAfterReady}, while working through the plan ${killedInPlan}, during start-up ${crashes - killedAfterReady}; runs that ended by themselves ${endedAlone}; service per round: ${JSON.stringify(modes)}`,
      `  operations begun ${begun.size} of ${ops.length}; acknowledged ${acked.size}: creates ${count('create')} (queued ${count('create', 'queued')}), updates ${count('update')} (queued ${count('update', 'queued')}), photos ${count('photo')} (queued ${count('photo', 'queued')}); skipped ${skipped}`,
      `  checked on the simulator: ${cardholders} cardholders (${createdOnService} created by the plan, each once), ${fieldsChecked} fields, ${photosChecked} photos`,
    ].join('\n');
    console.log(report);
    expect(crashes).toBeGreaterThanOrEqual(CRASHES);
    expect(acked.size).toBeGreaterThan(100);
  }, 900_000);
});
