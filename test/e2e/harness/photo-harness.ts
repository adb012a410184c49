/**
 * Serves the photo harness page (photo-harness-page.ts, the real PhotoCapture) with Vite's dev
 * server on 127.0.0.1, under the kiosk renderer's own Content-Security-Policy, copied from
 * renderer/index.html so the test fails if the component needs something the CSP forbids, and with
 * the renderer section of electron.vite.config.ts (its plugins and assetsInclude).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { Plugin, PluginOption } from 'vite';

const ROOT = resolve(__dirname, '../../..');

export interface RunningPhotoHarness {
  url: string;
  origin: string;
  close(): Promise<void>;
}

/** The CSP <meta> element of the kiosk's renderer page. */
export function rendererCspMeta(): string {
  const html = readFileSync(join(ROOT, 'renderer/index.html'), 'utf8');
  const meta = /<meta\s+http-equiv="Content-Security-Policy"[^>]*>/s.exec(html)?.[0];
  if (!meta) throw new Error('renderer/index.html has no Content-Security-Policy meta element');
  return meta;
}

function rendererCsp(): Plugin {
  return {
    name: 'kiosk-renderer-csp',
    transformIndexHtml: (html) => html.replace('<head>', `<head>\n    ${rendererCspMeta()}`),
  };
}

/** A free loopback port (Vite reads port 0 as "its default", so one is picked here). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

export async function startPhotoHarness(): Promise<RunningPhotoHarness> {
  const { createServer, loadConfigFromFile } = await import('vite');
  // Vite loads the kiosk's config file (TypeScript, of the Node type-check project) for us.
  const loaded = await loadConfigFromFile({ command: 'serve', mode: 'development' }, join(ROOT, 'electron.vite.config.ts'), ROOT, 'silent');
  const renderer = (loaded?.config as { renderer?: { plugins?: PluginOption[]; assetsInclude?: string[] } } | undefined)?.renderer;
  if (!renderer?.assetsInclude) throw new Error('electron.vite.config.ts has no renderer section with assetsInclude');
  const server = await createServer({
    configFile: false,
    root: __dirname,
    logLevel: 'error',
    cacheDir: join(ROOT, 'node_modules/.cache/photo-harness-vite'),
    plugins: [...(renderer.plugins ?? []), rendererCsp()],
    assetsInclude: renderer.assetsInclude,
    server: { host: '127.0.0.1', port: await freePort(), strictPort: true, hmr: false, ws: false, fs: { allow: [ROOT] } },
    optimizeDeps: { include: ['vue', 'pinia', '@vueuse/core', '@vladmandic/face-api'] },
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | null;
  if (!address) throw new Error('the photo harness did not start');
  const origin = `http://127.0.0.1:${address.port}`;
  return { url: `${origin}/index.html`, origin, close: () => server.close() };
}
