// The route table: paths with {param} segments, matched case-sensitively and exactly as the spec
// writes them. Literal segments win over parameters (/api/CardHolders/create is never an id);
// a known path with the wrong method is 405 with Allow, anything else 404.

import type { IncomingMessage } from 'node:http';
import { ApiError, type SimResponse } from './http-exchange';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteRequest {
  req: IncomingMessage;
  url: URL;
  params: Readonly<Record<string, string>>;
}

export interface Route {
  method: Method;
  /** e.g. '/api/CardHolders/{id}/photo' */
  path: string;
  handle(request: RouteRequest): Promise<SimResponse> | SimResponse;
}

interface CompiledRoute extends Route {
  segments: readonly string[];
  literalCount: number;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function splitPath(path: string): string[] {
  return path.split('/').slice(1);
}

export class RouteTable {
  private readonly routes: CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.routes = routes.map((route) => {
      const segments = splitPath(route.path);
      return { ...route, segments, literalCount: segments.filter((segment) => !segment.startsWith('{')).length };
    });
  }

  /** The handler for a request, or a 404/405 ApiError. HEAD is served by GET routes. */
  resolve(method: string, path: string): { route: Route; params: Record<string, string> } {
    const parts = splitPath(path);
    let best: { route: CompiledRoute; params: Record<string, string> }[] = [];
    let bestLiterals = -1;
    for (const route of this.routes) {
      const params = this.match(route, parts);
      if (params === undefined) continue;
      if (route.literalCount > bestLiterals) {
        best = [];
        bestLiterals = route.literalCount;
      }
      if (route.literalCount === bestLiterals) best.push({ route, params });
    }
    if (best.length === 0) throw new ApiError(404, `No such path: ${path}`);
    const wanted = method === 'HEAD' ? 'GET' : method;
    const found = best.find((candidate) => candidate.route.method === wanted);
    if (found === undefined) {
      const allow = [...new Set(best.map((candidate) => candidate.route.method))].join(', ');
      throw new ApiError(405, `${method} is not allowed on ${path} (allowed: ${allow}).`, undefined, { allow });
    }
    return found;
  }

  private match(route: CompiledRoute, parts: readonly string[]): Record<string, string> | undefined {
    if (route.segments.length !== parts.length) return undefined;
    const params: Record<string, string> = {};
    for (let index = 0; index < parts.length; index++) {
      const expected = route.segments[index] ?? '';
      const actual = parts[index] ?? '';
      if (expected.startsWith('{')) {
        if (actual === '') return undefined;
        params[expected.slice(1, -1)] = safeDecode(actual);
      } else if (expected !== actual) {
        return undefined;
      }
    }
    return params;
  }
}
