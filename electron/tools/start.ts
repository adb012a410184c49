/**
 * `npm start`: builds the app and launches it in Electron against the embedded simulator (demo
 * mode) unless a service is configured. Where Electron's binary cannot be had it tries its
 * download once, briefly, and otherwise says so in one line and points to `npm run preview`.
 */
import { spawnSync, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { findElectronBinary } from './electron-binary';

const DOWNLOAD_TIMEOUT_MS = 90_000;

function tryDownload(): void {
  const require = createRequire(__filename);
  const install = join(dirname(require.resolve('electron/package.json')), 'install.js');
  spawnSync(process.execPath, [install], { stdio: 'ignore', timeout: DOWNLOAD_TIMEOUT_MS });
}

function main(): void {
  let binary = findElectronBinary();
  if (!binary.path) {
    tryDownload();
    binary = findElectronBinary();
  }
  if (!binary.path) {
    console.log(`Cannot start the kiosk in Electron here: ${binary.reason}. Run "npm run preview" to use it in a browser instead.`);
    process.exitCode = 0;
    return;
  }
  const built = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (built.status !== 0) {
    process.exitCode = built.status ?? 1;
    return;
  }
  const child = spawn(binary.path, ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => {
    process.exitCode = code ?? 0;
  });
}

main();
