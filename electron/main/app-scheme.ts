/**
 * The app's own scheme (kiosk://app) in Electron: registered as privileged before `ready`
 * (standard and secure, so the page has a real origin and a secure context for the camera; no
 * CSP bypass, no fetch, no service workers), then served by protocol.handle from the built
 * renderer through app-scheme-answer.ts, which decides every answer.
 */
import { protocol, type Protocol } from 'electron';
import { APP_SCHEME } from '../serving/app-origin';
import { answerAppRequest } from '../serving/app-scheme-answer';
import type { RendererFiles } from '../serving/renderer-files';

export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, bypassCSP: false, allowServiceWorkers: false, supportFetchAPI: false, corsEnabled: false, stream: true, codeCache: false };

/** Must run before app `ready`. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
}

export interface AppSchemeOptions {
  files: RendererFiles;
  /** Why the crash page is shown, or null while the page runs normally. */
  crashReason: () => string | null;
  /** The crash page's restart button was pressed. */
  restart: () => void;
  log: (line: string) => void;
}

/** Serves the built renderer on `target` (the session's protocol; the default session's by default). */
export function serveAppScheme(options: AppSchemeOptions, target: Pick<Protocol, 'handle'> = protocol): void {
  target.handle(APP_SCHEME, async (request) => {
    const answer = answerAppRequest({ url: request.url, method: request.method }, options.files, options.crashReason);
    if (answer.status >= 400) options.log(`answered ${answer.status} to ${request.method} ${request.url.slice(0, 200)}`);
    if ('file' in answer) {
      const body = request.method === 'HEAD' ? null : new Uint8Array(await answer.file.read());
      return new Response(body, { status: answer.status, headers: answer.headers });
    }
    if (answer.action === 'restart') options.restart();
    return new Response(request.method === 'HEAD' ? null : answer.text, { status: answer.status, headers: answer.headers });
  });
}
