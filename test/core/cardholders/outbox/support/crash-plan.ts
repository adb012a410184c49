/**
 * The crash test's plan: a deterministic list of enrolments (creates of new cardholders with
 * unique employee IDs, updates and photos of those and of seeded cardholders) that the child
 * process works through, and the line protocol the child prints so the parent knows which of them
 * the officer was told were sent or saved. Shared by the parent (test) and the child (bundled).
 */
import type { CardholderFields } from '../../../../../electron/contract/ipc';
import { newPerson } from './sim-rig';

export type PlanOp =
  | { index: number; kind: 'create'; employeeId: string; fields: CardholderFields }
  | { index: number; kind: 'update'; employeeId: string; changes: Partial<CardholderFields> }
  | { index: number; kind: 'photo'; employeeId: string; photo: number };

export interface CrashPlan {
  ops: PlanOp[];
  /** Files holding the ID photos the photo operations send (by index). */
  photoFiles: string[];
}

/** What the parent tells one child: where things are and where in the plan to go on. */
export interface ChildConfig {
  url: string;
  dataDir: string;
  keyHex: string;
  planFile: string;
  /** The first operation of the plan this child performs. */
  start: number;
  /** Client time-out, ms. */
  timeoutMs: number;
}

/** Lines the child prints (one per line, synchronously, so a kill loses none that was printed). */
export const LINE = {
  ready: 'READY',
  begin: (index: number) => `BEGIN ${index}`,
  /** The officer was told it was sent (or saved on this workstation: "queued"). */
  ack: (index: number, how: 'sent' | 'queued', id: number) => `ACK ${index} ${how} ${id}`,
  /** Not done, and the officer was told why (the cardholder is not in the lookup, the record changed on the server, …). */
  skip: (index: number, why: string) => `SKIP ${index} ${why}`,
  fail: (index: number, code: string, message: string) => `FAIL ${index} ${code} ${message}`,
  drained: (summary: object) => `DRAINED ${JSON.stringify(summary)}`,
};

/** Employee IDs of the plan's creates: `880`, the lane, then the number (lanes run side by side, each with its own kiosk). */
export const crashEmployeeId = (lane: number, n: number): string => `880${lane}${String(n).padStart(4, '0')}`;

function lcg(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

/** `count` operations of one lane: the first ten create, then a mix; updates change one or two fields with values unique to the operation. */
export function crashPlan(lane: number, seed: number, count: number, seededEmployeeIds: string[], photos: number): PlanOp[] {
  const pick = lcg(seed);
  const ops: PlanOp[] = [];
  const created: string[] = [];
  for (let index = 0; index < count; index++) {
    const roll = pick(100);
    if (index < 10 || roll < 35) {
      const n = created.length + 1;
      const employeeId = crashEmployeeId(lane, n);
      created.push(employeeId);
      ops.push({ index, kind: 'create', employeeId, fields: newPerson(n, employeeId) });
      continue;
    }
    const pool = pick(5) === 0 ? seededEmployeeIds : created;
    const employeeId = pool[pick(pool.length)] ?? created[0] ?? '';
    if (roll < 75) {
      const changes: Partial<CardholderFields> = {};
      const fields = ['phone', 'city', 'zip', 'email', 'sex', 'tenant', 'middle_Name'] as const;
      const first = fields[pick(fields.length)] ?? 'phone';
      const second = pick(2) === 0 ? (fields[pick(fields.length)] ?? 'city') : first;
      for (const field of new Set([first, second])) {
        if (field === 'sex') changes.sex = (['m', 'f', 'x', 'u'] as const)[index % 4] ?? 'u';
        else if (field === 'tenant') changes.tenant = index % 2 === 0 ? [0, 1, 2] : [0, 3];
        else if (field === 'email') changes.email = `op${index}@contoso.example`;
        else changes[field] = `${field} ${index}`;
      }
      ops.push({ index, kind: 'update', employeeId, changes });
    } else {
      ops.push({ index, kind: 'photo', employeeId, photo: pick(photos) });
    }
  }
  return ops;
}
