import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// The vitest tiers (electron/tools/test-tiers.ts runs each once): `unit` (Node side, no server, no
// child process) and `renderer` (stores, components in happy-dom) are the fast tier; `integration`
// is the core against the simulator over HTTP (*.sim.test.ts), the site store against a real
// PostgreSQL (*.pg.test.ts: each file starts its own server), the simulator itself and the
// packaging checks (test/simulator, test/dist: servers and child processes); `soak` is crash and
// soak (*.crash.test.ts: children killed with SIGKILL; *.soak.test.ts: a hundred thousand or a
// million records, every query of a kind). End-to-end lives in test/e2e (Playwright).
const NOT_NODE = ['test/renderer/**', 'test/e2e/**', 'node_modules/**'];
const INTEGRATION = ['test/**/*.sim.test.ts', 'test/**/*.pg.test.ts', 'test/simulator/**/*.test.ts', 'test/dist/**/*.test.ts'];
const SOAK = ['test/**/*.crash.test.ts', 'test/**/*.soak.test.ts'];

export default defineConfig({
  plugins: [vue()],
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...NOT_NODE, ...INTEGRATION, ...SOAK], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'integration', include: INTEGRATION, exclude: [...NOT_NODE, ...SOAK], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'soak', include: SOAK, exclude: NOT_NODE, environment: 'node', testTimeout: 300_000 },
      },
      {
        extends: true,
        test: { name: 'renderer', include: ['test/renderer/**/*.test.ts'], environment: 'happy-dom', setupFiles: ['test/renderer/support/renderer-setup.ts', 'test/renderer/support/i18n-setup.ts'] },
      },
    ],
  },
});
