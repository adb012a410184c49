/**
 * Fuzzing the gateway: more than 10,000 malformed payloads across every operation of the contract
 * (wrong types, missing and extra fields, huge strings, deep nesting, `__proto__` and
 * `constructor` keys, NaN and Infinity, negative and enormous ids, unknown operation names).
 * None may be accepted, none may reach a handler or make `handle` reject, and Object.prototype
 * must be the same afterwards. The counts are printed. Deterministic: a seeded generator.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Gateway, type Sender } from '../../../electron/core/ipc/gateway';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { OPERATION_NAMES, operations, type OperationName } from '../../../electron/contract/ipc';
import { fakeHandlers } from '../../support/fake-handlers';
import { openAccess } from '../../support/open-access';
import { VALID } from '../../support/valid-requests';

const own: Sender = { trusted: true, description: 'kiosk window' };

// ───────────────────────── the malformed values ─────────────────────────

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HUGE = 'x'.repeat(10 * 1024 * 1024);

function deepObject(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { end: true };
  for (let i = 0; i < levels; i++) node = { a: node };
  return node;
}
function deepArray(levels: number): unknown[] {
  let node: unknown[] = [1];
  for (let i = 0; i < levels; i++) node = [node];
  return node;
}
const DEEP_OBJECT = deepObject(10_000);
const DEEP_ARRAY = deepArray(10_000);
const HUGE_ARRAY = Array.from({ length: 20_000 }, () => 1);
const TOO_MANY_BYTES = new Uint8Array(20 * 1024 * 1024 + 1);
/** An object whose own key is "__proto__" (as JSON.parse makes it), carrying a polluting value. */
const protoKeyed = (): Record<string, unknown> => JSON.parse('{"__proto__": {"polluted": "yes"}, "isAdmin": true}') as Record<string, unknown>;
const constructorKeyed = (): Record<string, unknown> => ({ constructor: { prototype: { polluted: 'yes' } } });

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'bytes' | 'object' | 'undefined';

function kindOf(value: unknown): Kind {
  if (value === undefined) return 'undefined';
  if (value instanceof Uint8Array) return 'bytes';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return typeof value as Kind;
  return 'object';
}

/** Values of every kind but `kind`, plus the edge values of `kind` that no field of the contract takes. */
function wrongValuesFor(kind: Kind, negativeIsValid = false): Array<[label: string, value: unknown]> {
  const byKind: Record<Kind, Array<[string, unknown]>> = {
    string: [['string', 'text']],
    number: [['number', 3]],
    boolean: [['boolean', true]],
    array: [['array', ['a', null]]],
    bytes: [['bytes', new Uint8Array([1])]],
    object: [
      ['object', { id: 1 }],
      ['deep object', DEEP_OBJECT],
      ['__proto__ object', protoKeyed()],
      ['constructor object', constructorKeyed()],
      ['date', new Date(0)],
      ['map', new Map([['id', 1]])],
    ],
    undefined: [],
  };
  const edges: Record<Kind, Array<[string, unknown]>> = {
    string: [['huge string', HUGE]],
    number: [
      ['NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY],
      ['-Infinity', Number.NEGATIVE_INFINITY],
      // A cardholder id may be negative (a provisional record waiting in the outbox), never 0.
      negativeIsValid ? ['zero cardholder id', 0] : ['negative id', -1],
      ['enormous id', 2 ** 53 + 2],
      ['1e308', 1e308],
      ['fraction', 1.5],
    ],
    boolean: [],
    array: [
      ['huge array', HUGE_ARRAY],
      ['deep array', DEEP_ARRAY],
      ['array of wrong items', [{ a: 1 }, 'x', Number.NaN]],
    ],
    bytes: [
      ['empty bytes', new Uint8Array(0)],
      ['other typed array', new Uint16Array([1, 2])],
      ['too many bytes', TOO_MANY_BYTES],
    ],
    object: [],
    undefined: [],
  };
  const wrong: Array<[string, unknown]> = [
    ['null', null],
    ['bigint', 10n],
  ];
  for (const other of Object.keys(byKind) as Kind[]) {
    // Values of another kind, including that kind's edge values (NaN where a text is expected…).
    if (other !== kind) wrong.push(...byKind[other], ...edges[other]);
  }
  wrong.push(...edges[kind]);
  return wrong;
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'isAdmin', 'extra', '', ' id', 'ID', '$where', 'then'];
const EXTRA_VALUES: unknown[] = [1, 'x', null, true, { polluted: 'yes' }, DEEP_OBJECT, HUGE, Number.NaN];

/** Sets an own property, even one called "__proto__" (as JSON.parse or structured clone make it). */
function withOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

const PAYLOAD_SHAPES: Array<[string, unknown]> = [
  ['null payload', null],
  ['number payload', 1],
  ['NaN payload', Number.NaN],
  ['string payload', 'payload'],
  ['huge string payload', HUGE],
  ['array payload', [1, 2]],
  ['deep array payload', DEEP_ARRAY],
  ['deep object payload', DEEP_OBJECT],
  ['boolean payload', true],
  ['bytes payload', new Uint8Array([1, 2, 3])],
  ['__proto__ payload', protoKeyed()],
  ['constructor payload', constructorKeyed()],
  ['date payload', new Date(0)],
  ['empty object payload', {}],
];

interface Case {
  category: string;
  name: string;
  payload: unknown;
}

function shapeOf(name: OperationName): Record<string, z.ZodType> | null {
  const schema = operations[name].request as unknown as { shape?: Record<string, z.ZodType> };
  return schema.shape ?? null;
}

/** The field takes a negative number (a cardholder id: provisional ids are negative). */
function takesNegative(name: OperationName, key: string): boolean {
  const shape = shapeOf(name);
  return shape !== null && Object.hasOwn(shape, key) && shape[key]!.safeParse(-1).success;
}

function isRequired(name: OperationName, key: string): boolean {
  const field = shapeOf(name)?.[key];
  return field !== undefined && !field.safeParse(undefined).success;
}

function* systematicCases(): Generator<Case> {
  for (const name of OPERATION_NAMES) {
    const valid = VALID[name];
    for (const [label, payload] of PAYLOAD_SHAPES) {
      if (label === 'empty object payload' && valid !== undefined && Object.keys(shapeOf(name) ?? {}).every((k) => !isRequired(name, k))) continue;
      yield { category: 'wrong payload', name, payload };
    }
    if (valid === undefined) continue;
    const base = valid as Record<string, unknown>;
    for (const key of Object.keys(base)) {
      for (const [label, value] of wrongValuesFor(kindOf(base[key]), takesNegative(name, key))) {
        yield { category: `wrong type: ${label}`, name, payload: { ...base, [key]: value } };
      }
      if (isRequired(name, key)) {
        const { [key]: _removed, ...rest } = base;
        yield { category: 'missing field', name, payload: rest };
      }
      // One level down: objects and arrays of the request get foreign keys and wrong items too.
      const inner = base[key];
      if (kindOf(inner) === 'object') {
        for (const extra of EXTRA_KEYS) yield { category: 'extra nested key', name, payload: { ...base, [key]: withOwn({ ...(inner as object) }, extra, 1) } };
      }
    }
    for (const key of EXTRA_KEYS) {
      for (const value of EXTRA_VALUES) yield { category: `extra key ${key === '' ? '(empty)' : key}`, name, payload: withOwn({ ...base }, key, value) };
    }
  }
  const unknownNames = ['deleteEverything', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'GetEvent', 'getevent', ' getEvent', 'getEvent ', 'getEvent\u0000', 'kiosk:op:getEvent', '', HUGE];
  for (const name of unknownNames) {
    for (const [, payload] of PAYLOAD_SHAPES.slice(0, 4)) yield { category: 'unknown operation', name, payload };
  }
}

/** Random mixtures: one to three breaking mutations on a valid request. */
function* randomCases(count: number, random: () => number): Generator<Case> {
  const objectOps = OPERATION_NAMES.filter((name) => VALID[name] !== undefined);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  for (let i = 0; i < count; i++) {
    const name = pick(objectOps);
    const payload: Record<string, unknown> = { ...(VALID[name] as Record<string, unknown>) };
    const mutations = 1 + Math.floor(random() * 3);
    const applied: string[] = [];
    for (let m = 0; m < mutations; m++) {
      const keys = Object.keys(payload);
      const roll = random();
      if (roll < 0.45 && keys.length > 0) {
        const key = pick(keys);
        const wrong = wrongValuesFor(kindOf((VALID[name] as Record<string, unknown>)[key]), takesNegative(name, key));
        const [label, value] = pick(wrong);
        payload[key] = value;
        applied.push(label);
      } else if (roll < 0.7) {
        withOwn(payload, pick(EXTRA_KEYS) + (random() < 0.3 ? String(Math.floor(random() * 1000)) : ''), pick(EXTRA_VALUES));
        applied.push('extra');
      } else {
        const required = Object.keys(shapeOf(name) ?? {}).filter((k) => isRequired(name, k));
        const key = required.length > 0 ? pick(required) : null;
        if (key) {
          delete payload[key];
          applied.push('missing');
        } else {
          withOwn(payload, '__proto__', { polluted: 'yes' });
          applied.push('extra');
        }
      }
    }
    yield { category: 'random mixture', name, payload };
  }
}

function prototypeSnapshot(): string {
  const describe = (target: object) =>
    Object.getOwnPropertyNames(target)
      .sort()
      .map((key) => `${key}:${typeof (Object.getOwnPropertyDescriptor(target, key)?.value ?? Object.getOwnPropertyDescriptor(target, key)?.get)}`)
      .join(',');
  return `${describe(Object.prototype)}|${describe(Array.prototype)}|${describe(Function.prototype)}`;
}

describe('gateway fuzz', () => {
  it('accepts each valid request (the baseline every malformed payload departs from)', async () => {
    const handlers = fakeHandlers();
    const gateway = new Gateway(handlers, createLogger(() => {}), openAccess);
    for (const name of OPERATION_NAMES) {
      expect(await gateway.handle(name, VALID[name], own), name).toMatchObject({ ok: true });
    }
  });

  it('refuses more than 10,000 malformed payloads across every operation, without a crash or a polluted prototype', async () => {
    const handlers = fakeHandlers();
    const log = memorySink();
    const gateway = new Gateway(handlers, createLogger(log.sink), openAccess);
    const before = prototypeSnapshot();
    const counts = new Map<string, number>();
    const perOperation = new Map<string, number>();
    const accepted: string[] = [];
    let total = 0;
    let systematic = 0;
    for (const _ of systematicCases()) systematic += 1;
    const randomCount = Math.max(0, 10_500 - systematic) + 2_000;
    const all = function* (): Generator<Case> {
      yield* systematicCases();
      yield* randomCases(randomCount, seeded(20261121));
    };
    for (const c of all()) {
      let answer: Awaited<ReturnType<Gateway['handle']>>;
      try {
        answer = await gateway.handle(c.name, c.payload, own);
      } catch (thrown) {
        throw new Error(`"${c.name.slice(0, 40)}" (${c.category}) made the gateway reject: ${String(thrown)}`);
      }
      total += 1;
      counts.set(c.category, (counts.get(c.category) ?? 0) + 1);
      perOperation.set(c.name.length > 40 ? '(10 MB name)' : c.name, (perOperation.get(c.name.length > 40 ? '(10 MB name)' : c.name) ?? 0) + 1);
      if (!answer || answer.ok || answer.error.code !== 'invalid_request') accepted.push(`${c.name.slice(0, 40)} (${c.category})`);
    }
    const table = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([category, n]) => `  ${String(n).padStart(6)}  ${category}`);
    const ops = [...perOperation.entries()].map(([name, n]) => `${name}: ${n}`).join(', ');
    console.log(`gateway fuzz: ${total} malformed payloads, ${accepted.length} accepted, ${table.length} categories\n${table.join('\n')}\nper operation: ${ops}`);

    expect(accepted).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(10_000);
    for (const name of OPERATION_NAMES) expect(perOperation.get(name) ?? 0, name).toBeGreaterThan(0);
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
    expect(prototypeSnapshot()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // No log line carries a huge payload back out (names and values are not echoed whole).
    expect(log.lines.every((line) => line.length < 2_000)).toBe(true);
    // Still serving.
    expect(await gateway.handle('getEvent', { id: 3 }, own)).toMatchObject({ ok: true });
  });
});
