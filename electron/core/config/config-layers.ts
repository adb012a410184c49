/**
 * The layered merge: one layer each for the built-in defaults, a configuration file, the
 * environment and the flags, merged bottom to top (objects key by key, any other value replaced)
 * while remembering which layer each key came from, so a problem can name its origin and a
 * relative path resolves against the folder of the file that gave it. Reading a file into a layer
 * (and the wording of an unreadable or malformed file) is here too; the table of environment
 * variables and flags is config-settings.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { KioskFailure } from '../ipc/failure';
import { DEFAULT_CONFIG } from './config-schema';

export type Json = Record<string, unknown>;

export interface Origin {
  /** Where the value came from, as the message names it. */
  label: string;
  /** Relative paths in this layer are resolved against it. */
  baseDir: string;
}

export interface Layer {
  values: Record<string, unknown>;
  originOf: (key: string) => Origin;
}

/** The bottom layer: the built-in defaults; relative paths there resolve against cwd. */
export function defaultsLayer(cwd: string): Layer {
  return { values: structuredClone(DEFAULT_CONFIG) as Json, originOf: () => ({ label: 'the built-in defaults', baseDir: cwd }) };
}

/** Merges the layers bottom to top; `origins` maps each dotted key to the layer that set it last. */
export function mergeLayers(layers: readonly Layer[]): { merged: Json; origins: Map<string, Origin> } {
  const merged: Json = {};
  const origins = new Map<string, Origin>();
  for (const layer of layers) mergeLayer(merged, layer, [], origins);
  return { merged, origins };
}

export function readFileIfPresent(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (thrown) {
    if ((thrown as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw thrown;
  }
}

export function fileLayer(file: string, readFile: (file: string) => string | null): Layer | null {
  let text: string | null;
  try {
    text = readFile(file);
  } catch (thrown) {
    const code = (thrown as NodeJS.ErrnoException).code ?? 'error';
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : code;
    throw KioskFailure.of('config', `The configuration file ${file} could not be read: ${why}.`, { detail: `read ${file}: ${code}` });
  }
  if (text === null) return null;
  let values: unknown;
  try {
    values = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (thrown) {
    const where = jsonErrorPosition(text, (thrown as Error).message);
    throw KioskFailure.of('config', `The configuration file ${file} is not valid JSON${where}.`, {
      detail: `parse ${file}: ${(thrown as Error).message}`,
    });
  }
  if (!isPlainObject(values)) {
    throw KioskFailure.of('config', `The configuration file ${file} must hold a JSON object ({ … }) at the top level.`);
  }
  // Room for editors and notes: "$schema" and "$comment" at the top level are allowed and ignored.
  delete values.$schema;
  delete values.$comment;
  const origin: Origin = { label: file, baseDir: path.dirname(file) };
  return { values, originOf: () => origin };
}

function jsonErrorPosition(text: string, message: string): string {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return ` (line ${lineColumn[1]}, column ${lineColumn[2]})`;
  const position = /position (\d+)/.exec(message);
  if (!position) return message.includes('end of JSON') ? ' (it ends too early)' : '';
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return ` (line ${line}, column ${column})`;
}

export function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeLayer(target: Json, layer: Layer, at: string[], origins: Map<string, Origin>, values: Json = layer.values): void {
  for (const [key, value] of Object.entries(values)) {
    const keyPath = [...at, key];
    const dotted = keyPath.join('.');
    origins.set(dotted, layer.originOf(dotted));
    if (isPlainObject(value)) {
      if (!isPlainObject(target[key])) target[key] = {};
      mergeLayer(target[key] as Json, layer, keyPath, origins, value);
    } else {
      target[key] = structuredClone(value);
    }
  }
}

export function setIn(target: Json, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  node[keys[keys.length - 1] ?? ''] = value;
}

export function getIn(target: unknown, keyPath: readonly PropertyKey[]): unknown {
  let node = target;
  for (const key of keyPath) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

export function originAt(keyPath: readonly PropertyKey[], origins: Map<string, Origin>): Origin {
  const keys = keyPath.filter((k) => typeof k === 'string');
  for (let n = keys.length; n > 0; n--) {
    const origin = origins.get(keys.slice(0, n).join('.'));
    if (origin) return origin;
  }
  return { label: 'the configuration', baseDir: '.' };
}
