import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import type { Plugin } from 'vite';

/**
 * `npm run dev` only: Vite's dev server injects styles inline and talks to its HMR socket, which
 * the page's policy forbids; the built page keeps the strict policy of renderer/index.html.
 */
const devPagePolicy: Plugin = {
  name: 'kiosk-dev-page-policy',
  apply: 'serve',
  // 'post': after any plugin that inserts the policy (the e2e photo harness copies it in).
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace("connect-src 'self'", "connect-src 'self' ws:"),
  },
};

/** The badge fonts and their licence, shared by both sides (resources/badge-fonts). */
const BADGE_FONTS_DIR = resolve(__dirname, 'resources/badge-fonts');

/**
 * Main's bundle carries the badge fonts (out/main/badge-fonts: electron/main/shell-setup.ts
 * builtBadgeFontDir) for the badge PDF; the renderer's card links the same files from its styles.
 */
const badgeFontsForMain: Plugin = {
  name: 'kiosk-badge-fonts-for-main',
  apply: 'build',
  generateBundle() {
    for (const name of readdirSync(BADGE_FONTS_DIR).filter((file) => file.endsWith('.ttf') || file.endsWith('.txt'))) {
      this.emitFile({ type: 'asset', fileName: `badge-fonts/${name}`, source: readFileSync(resolve(BADGE_FONTS_DIR, name)) });
    }
  },
};

// Builds the three runtimes into out/ (never build/, which holds electron-builder resources):
// main (Node, dependencies stay external and ship in the app), preload (sandboxed, so
// everything is bundled into one CommonJS file), renderer (the Vue app).
export default defineConfig({
  main: {
    plugins: [badgeFontsForMain],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          // The cardholder directory runs in a worker thread of its own (engine-handle.ts finds it beside index.js).
          'directory-worker': resolve(__dirname, 'electron/core/cardholders/directory/directory-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(__dirname, 'electron/preload/index.ts') } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [vue(), devPagePolicy],
    // vue-i18n (renderer/src/i18n) resolves to its esm-bundler build (dist/vue-i18n.mjs):
    // Composition API only; messages (TypeScript objects, not precompiled) compiled at run time to
    // an AST and evaluated without eval or new Function (the page's policy forbids them; vue-i18n
    // 11 always compiles so and has no __INTLIFY_JIT_COMPILATION__ flag left), no devtools.
    define: {
      __VUE_I18N_FULL_INSTALL__: 'true',
      __VUE_I18N_LEGACY_API__: 'false',
      __INTLIFY_DROP_MESSAGE_COMPILER__: 'false',
      __INTLIFY_PROD_DEVTOOLS__: 'false',
    },
    // The photo screen's face detector imports these binaries `?inline` (base64 in its lazy
    // chunk), because the renderer may fetch nothing: see renderer/src/photo/face-detector.ts.
    assetsInclude: ['**/tiny_face_detector_model.bin', '**/tfjs-backend-wasm-simd.wasm'],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: { input: resolve(__dirname, 'renderer/index.html') },
    },
  },
});
