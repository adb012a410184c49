/**
 * What the app's own scheme answers to one request, decided without Electron: the built
 * renderer's files (renderer-files.ts judges the path: 400 for a bad one, 404 outside the
 * allow-list), with the page security headers (CSP without connections) on every answer; only
 * GET and HEAD, only for the app's host. Two internal pages: /__error (the crash page, plain
 * HTML without script, with a restart link) and /__restart (asks main to restart the app; only
 * honoured while the crash page is what the window shows). electron/main/app-scheme.ts turns
 * the answer into a Response.
 */
import { APP_HOST, APP_SCHEME } from './app-origin';
import { pageSecurityHeaders } from './page-headers';
import { rendererPathOf, type RendererFile, type RendererFiles } from './renderer-files';

export type SchemeAnswer =
  | { status: number; headers: Record<string, string>; file: RendererFile }
  | { status: number; headers: Record<string, string>; text: string; action?: 'restart' };

export const ERROR_PAGE_PATH = '/__error';
export const RESTART_PATH = '/__restart';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page shown when the kiosk page keeps failing: what happened and one restart button. */
export function errorPageHtml(reason: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Access Kiosk: the screen stopped</title></head>
<body>
<main>
<h1>The kiosk screen stopped working</h1>
<p>${escapeHtml(reason)}</p>
<p>The event feed and queued enrolments keep running. Restart the kiosk to bring the screen back.</p>
<p><a href="${RESTART_PATH}" role="button" data-testid="restart-kiosk">Restart the kiosk</a></p>
</main>
</body></html>`;
}

const text = (status: number, body: string, type = 'text/plain; charset=utf-8'): SchemeAnswer => ({
  status,
  headers: { ...pageSecurityHeaders('none'), 'content-type': type },
  text: body,
});

export function answerAppRequest(request: { url: string; method: string }, files: RendererFiles, crashReason: () => string | null): SchemeAnswer {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return text(400, 'Bad request.');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return text(400, 'Wrong host.');
  if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed.');
  const reason = crashReason();
  if (url.pathname === ERROR_PAGE_PATH) return reason === null ? text(404, 'Not found.') : text(200, errorPageHtml(reason), 'text/html; charset=utf-8');
  if (url.pathname === RESTART_PATH) return reason === null ? text(404, 'Not found.') : { ...text(200, 'Restarting.'), action: 'restart' };
  const judged = rendererPathOf(url.pathname);
  if (!judged.ok) return text(400, `Bad path: ${judged.reason}.`);
  const file = files.lookup(judged.name);
  if (!file) return text(404, 'Not found.');
  return { status: 200, headers: { ...pageSecurityHeaders('none'), 'content-type': file.contentType }, file };
}
