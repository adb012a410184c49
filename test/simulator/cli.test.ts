// The command line: flag parsing (each flag, auth modes, errors), and the real CLI process —
// one "Simulator listening on …" line when ready, clean shutdown on SIGTERM and SIGINT with the
// store flushed, loopback only.

import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../electron/simulator/command-line';
import type { CardHolderRecord } from '../../electron/simulator/records';
import { call, makeTempDir } from './support';

const ROOT = join(__dirname, '..', '..');
const CLI = join(ROOT, 'electron', 'simulator', 'cli.ts');

describe('parseCommandLine', () => {
  it('applies the CLI defaults', () => {
    const options = parseCommandLine([]);
    expect(options).toMatchObject({ host: '127.0.0.1', port: 0, dataDir: './.data/simulator', fresh: false, testControls: false, validators: true, auth: { scheme: 'none' }, help: false });
    expect(options.cardholders).toBeUndefined();
    expect(options.tls).toBeUndefined();
  });

  it('reads every flag', () => {
    const options = parseCommandLine([
      '--port', '8123', '--host', 'localhost', '--data-dir', '/tmp/x', '--fresh', '--cardholders', '500000', '--event-rate', '0.5',
      '--seed', '42', '--history-events', '10', '--max-events', '99', '--test-controls', '--max-photo-bytes', '1024', '--max-body-bytes', '2048', '--verbose',
      '--no-validators',
    ]);
    expect(options).toMatchObject({
      port: 8123, host: 'localhost', dataDir: '/tmp/x', fresh: true, cardholders: 500000, eventRate: 0.5, seed: 42,
      historyEvents: 10, maxEvents: 99, testControls: true, maxPhotoBytes: 1024, maxBodyBytes: 2048, logRequests: true, validators: false,
    });
  });

  it('builds each auth mode', () => {
    expect(parseCommandLine(['--auth', 'apikey', '--auth-value', 'k']).auth).toEqual({ scheme: 'apiKey', header: 'X-API-Key', value: 'k' });
    expect(parseCommandLine(['--auth', 'apikey', '--auth-header', 'Api-Token', '--auth-value', 'k']).auth).toEqual({ scheme: 'apiKey', header: 'Api-Token', value: 'k' });
    expect(parseCommandLine(['--auth', 'basic', '--auth-user', 'u', '--auth-password', 'p']).auth).toEqual({ scheme: 'basic', username: 'u', password: 'p' });
    expect(parseCommandLine(['--auth', 'bearer', '--auth-token', 't']).auth).toEqual({ scheme: 'bearer', token: 't' });
  });

  it.each([
    [['--auth', 'apikey']],
    [['--auth', 'basic', '--auth-user', 'u']],
    [['--auth', 'bearer']],
    [['--auth', 'kerberos']],
    [['--port', 'eighty']],
    [['--unknown-flag']],
    [['positional']],
    [['--tls-key', 'k.pem']],
  ])('refuses %j', (argv) => {
    expect(() => parseCommandLine(argv)).toThrow();
  });
});

describe('the CLI process', () => {
  let dir: { path: string; remove: () => Promise<void> };
  let child: ChildProcess | undefined;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
    child = undefined;
    await dir.remove();
  });

  function launch(args: string[]): { url: Promise<string>; exit: Promise<number | null>; output: () => string } {
    child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const running = child;
    const url = new Promise<string>((resolve, reject) => {
      running.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /^Simulator listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      running.once('exit', () => reject(new Error(`exited early: ${stdout}${stderr}`)));
    });
    running.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    return { url, exit, output: () => stdout + stderr };
  }

  it.each(['SIGTERM', 'SIGINT'] as const)('prints its URL when ready and on %s exits 0 with the store flushed', async (signal) => {
    const args = ['--port', '0', '--data-dir', dir.path, '--cardholders', '15', '--event-rate', '0', '--history-events', '5'];
    const first = launch(args);
    const url = await first.url;
    const created = await call<CardHolderRecord>(url, 'POST', '/api/CardHolders/create', { first_Name: 'Flushed', last_Name: 'On Exit' });
    expect(created.status).toBe(201);
    child?.kill(signal);
    expect(await first.exit).toBe(0);
    const stdoutLines = first.output().split('\n').filter((line) => line.startsWith('Simulator listening on'));
    expect(stdoutLines).toHaveLength(1);

    const second = launch(args);
    const again = await second.url;
    const read = await call<CardHolderRecord>(again, 'GET', `/api/CardHolders/${created.body.id}`);
    expect(read.body).toEqual(created.body);
    child?.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });

  it('refuses a non-loopback host and bad flags with a non-zero exit', async () => {
    const remote = launch(['--host', '0.0.0.0', '--data-dir', dir.path]);
    remote.url.catch(() => undefined);
    expect(await remote.exit).toBe(1);
    expect(remote.output()).toContain('loopback');
    const bad = launch(['--cardholders', 'many']);
    bad.url.catch(() => undefined);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toContain('Usage');
  });
});
