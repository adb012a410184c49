/**
 * The crash test's child process: the core's cardholder capability (directory, enrolment, outbox)
 * against the simulator the parent runs, working through the plan from `start` as an officer
 * would (look the cardholder up, open the record, save), printing a line before each operation
 * and one when the officer was told it was sent or saved. Once the plan is done it waits until
 * the outbox is empty, prints a summary and exits. The parent kills it (SIGKILL) at random points.
 */
import { readFileSync, writeSync } from 'node:fs';
import { toKioskError } from '../../../../../electron/core/ipc/failure';
import type { CardholdersCapability } from '../../../../../electron/core/cardholders-capability';
import { memoryLog } from '../../../service/support';
import { LINE, type ChildConfig, type CrashPlan, type PlanOp } from './crash-plan';
import { capabilityOn, serviceClient } from './sim-rig';

const say = (line: string): void => void writeSync(1, `${line}\n`);

async function idOf(capability: CardholdersCapability, employeeId: string): Promise<number | null> {
  const page = await capability.handlers.searchCardholders({ query: employeeId, offset: 0, limit: 50 });
  return page.items.find((item) => item.employee_ID === employeeId)?.id ?? null;
}

async function perform(capability: CardholdersCapability, op: PlanOp, photos: Buffer[]): Promise<void> {
  const { handlers } = capability;
  if (op.kind === 'create') {
    const written = await handlers.createCardholder(op.fields);
    say(LINE.ack(op.index, written.queued ? 'queued' : 'sent', written.record.id));
    return;
  }
  const id = await idOf(capability, op.employeeId);
  if (id === null) return say(LINE.skip(op.index, 'not in the lookup'));
  if (op.kind === 'update') {
    let updated: string;
    try {
      updated = (await handlers.getCardholder({ id })).record.updated;
    } catch (thrown) {
      return say(LINE.skip(op.index, `record not opened: ${toKioskError(thrown).code}`));
    }
    const outcome = await handlers.updateCardholder({ id, changes: op.changes, expectedUpdated: updated });
    if (outcome.outcome === 'saved' || outcome.outcome === 'queued') say(LINE.ack(op.index, outcome.outcome === 'saved' ? 'sent' : 'queued', outcome.record.id));
    else say(LINE.skip(op.index, outcome.outcome));
    return;
  }
  const photo = photos[op.photo] ?? Buffer.alloc(0);
  const written = await handlers.uploadCardholderPhoto({ id, photo: new Uint8Array(photo), contentType: 'image/jpeg', overriddenHints: [] });
  say(LINE.ack(op.index, written.queued ? 'queued' : 'sent', written.record.id));
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
  const plan = JSON.parse(readFileSync(config.planFile, 'utf8')) as CrashPlan;
  const photos = plan.photoFiles.map((file) => readFileSync(file));
  const { log } = memoryLog();
  const client = serviceClient(config.url, log, config.timeoutMs);
  const capability = capabilityOn({ service: client, dataDir: config.dataDir, key: Buffer.from(config.keyHex, 'hex'), log, retry: { baseMs: 25, maxMs: 250 } });
  await capability.start();
  say(LINE.ready);
  for (const op of plan.ops.slice(config.start)) {
    say(LINE.begin(op.index));
    try {
      await perform(capability, op, photos);
    } catch (thrown) {
      const error = toKioskError(thrown);
      say(LINE.fail(op.index, error.code, error.message));
    }
  }
  // What waits goes out; refused items would wait for the officer: report them instead of waiting.
  for (;;) {
    const state = capability.outbox.state();
    if (state.items.every((item) => item.state === 'failed')) {
      say(LINE.drained({ pending: state.pending, failed: state.failed, damage: state.damage, paused: state.paused, errors: state.items.map((i) => i.lastError) }));
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await capability.stop();
  client.close();
  process.exit(0);
}

main().catch((thrown: unknown) => {
  writeSync(2, `${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}\n`);
  process.exit(1);
});
