import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// Unit and integration tests. Node-side suites (core, simulator, contract, preview) run in node;
// renderer suites (stores, components) run in happy-dom. End-to-end lives in test/e2e (Playwright).
export default defineConfig({
  plugins: [vue()],
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], exclude: ['test/renderer/**', 'test/e2e/**', 'node_modules/**'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'renderer', include: ['test/renderer/**/*.test.ts'], environment: 'happy-dom', setupFiles: ['test/renderer/support/renderer-setup.ts', 'test/renderer/support/i18n-setup.ts'] },
      },
    ],
  },
});
