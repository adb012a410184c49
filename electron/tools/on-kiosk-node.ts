/**
 * `tsx electron/tools/on-kiosk-node.ts [--electron-node] SCRIPT [ARGS…]`: runs a Node script (a
 * tool's CLI: tsx, vitest, Playwright) on a Node that has `node:sqlite` (kiosk-node.ts): the
 * browser harness, the benchmarks and the tests, whose core keeps its records in SQLite.
 * `--electron-node` insists on Electron's own Node (the tests). Says which Node in one line.
 */
import { chooseKioskNode, runOnKioskNode } from './kiosk-node';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const exact = argv[0] === '--electron-node';
  const [script, ...args] = exact ? argv.slice(1) : argv;
  if (!script) {
    console.error('usage: on-kiosk-node.ts [--electron-node] SCRIPT [ARGS…]');
    process.exitCode = 2;
    return;
  }
  const choice = chooseKioskNode({ exact });
  if ('unavailable' in choice) {
    console.error(`Cannot run ${script}: ${choice.unavailable}.`);
    process.exitCode = 1;
    return;
  }
  console.log(`(on ${choice.label})`);
  process.exitCode = await runOnKioskNode(choice, script, args);
}

void main();
