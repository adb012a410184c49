/**
 * `npm start`: always runs the product. It builds the app, then launches it in Electron against
 * the embedded simulator (demo mode) unless a service is configured. Where Electron cannot start
 * here — its binary cannot be had (it is downloaded from outside the npm registry; one brief try
 * is made), or a Linux machine has no display — it says so in one line and runs the same kiosk in
 * the browser harness instead (what `npm run preview` runs), which prints the address to open.
 * It exits non-zero only when neither can start (or the build fails).
 */
import { spawnSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { electronUnavailable, findElectronBinary } from './electron-binary';
import { chooseKioskNode, runOnKioskNode } from './kiosk-node';
import { asksForHelp, usage } from '../preview/usage';

const DOWNLOAD_TIMEOUT_MS = 90_000;

function tryDownload(): void {
  const require = createRequire(__filename);
  const install = join(dirname(require.resolve('electron/package.json')), 'install.js');
  spawnSync(process.execPath, [install], { stdio: 'ignore', timeout: DOWNLOAD_TIMEOUT_MS });
}

/**
 * The browser harness (electron/preview/cli.ts reads the same arguments), on a Node that has
 * node:sqlite: this one where it does, else Electron's Node from the npm registry (kiosk-node.ts).
 */
async function runInBrowser(reason: string): Promise<void> {
  const node = chooseKioskNode({ exact: false });
  if ('unavailable' in node) {
    console.error(`Electron cannot start here (${reason}), and neither can the browser harness: ${node.unavailable}.`);
    process.exitCode = 1;
    return;
  }
  console.log(`Electron cannot start here: ${reason}. Running the same kiosk in the browser harness instead (on ${node.label}); open the address printed below.`);
  const tsx = createRequire(__filename).resolve('tsx/cli');
  process.exitCode = await runOnKioskNode(node, tsx, [join(__dirname, '../preview/cli.ts'), ...process.argv.slice(2)]);
}

async function main(): Promise<void> {
  // The usage at once: no build, no download.
  if (asksForHelp(process.argv.slice(2))) {
    process.stdout.write(usage('npm start --'));
    return;
  }
  let binary = findElectronBinary();
  if (!binary.path) {
    tryDownload();
    binary = findElectronBinary();
  }
  const built = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (built.status !== 0) {
    console.error('The kiosk could not be built (see above): neither Electron nor the browser harness can start.');
    process.exitCode = built.status ?? 1;
    return;
  }
  const unavailable = electronUnavailable(binary, process.platform, process.env);
  if (unavailable || !binary.path) {
    await runInBrowser(unavailable ?? 'no Electron binary');
    return;
  }
  const child = spawn(binary.path, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('error', (error) => {
    void runInBrowser(`its binary could not be run (${error.message})`);
  });
  child.on('exit', (code) => {
    process.exitCode = code ?? 0;
  });
}

void main();
