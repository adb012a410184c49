// Credential checks of the simulated service: none, API key header, HTTP basic or bearer token.
// Answers whether a request may pass; a refusal is a 401 ApiError with a JSON body.
// The /_sim/ test controls are never checked (the server does not call this for them).

import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError } from './http-exchange';

export type SimulatorAuth =
  | { scheme: 'none' }
  | { scheme: 'apiKey'; header: string; value: string }
  | { scheme: 'basic'; username: string; password: string }
  | { scheme: 'bearer'; token: string };

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Throws a 401 ApiError when the request does not carry the configured credentials. */
export function checkCredentials(auth: SimulatorAuth, req: IncomingMessage): void {
  switch (auth.scheme) {
    case 'none':
      return;
    case 'apiKey': {
      const given = single(req.headers[auth.header.toLowerCase()]);
      if (given === undefined) throw new ApiError(401, `Missing API key: send it in the ${auth.header} header.`);
      if (!sameSecret(given, auth.value)) throw new ApiError(401, 'The API key is not valid.');
      return;
    }
    case 'basic': {
      const challenge = { 'www-authenticate': 'Basic realm="access-control", charset="UTF-8"' };
      const header = req.headers.authorization ?? '';
      const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
      if (match === null) throw new ApiError(401, 'Missing credentials: send HTTP basic authentication.', undefined, challenge);
      const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const user = colon === -1 ? decoded : decoded.slice(0, colon);
      const password = colon === -1 ? '' : decoded.slice(colon + 1);
      // Both compared, always, so the answer time does not tell which one was wrong.
      const userOk = sameSecret(user, auth.username);
      const passwordOk = sameSecret(password, auth.password);
      if (!userOk || !passwordOk) throw new ApiError(401, 'The user name or password is not valid.', undefined, challenge);
      return;
    }
    case 'bearer': {
      const header = req.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (match === null) {
        throw new ApiError(401, 'Missing bearer token.', undefined, { 'www-authenticate': 'Bearer realm="access-control"' });
      }
      if (!sameSecret(match[1] ?? '', auth.token)) {
        throw new ApiError(401, 'The bearer token is not valid.', undefined, {
          'www-authenticate': 'Bearer realm="access-control", error="invalid_token"',
        });
      }
      return;
    }
  }
}
