// The credential follows no address (issue 12's security finding): a credential stored for one
// service origin is not sent to another one configured later through --service-url or
// KIOSK_SERVICE_URL, and plain http:// to another computer is refused unless the configuration
// allows it explicitly. A listening server counts every request and records its headers: before
// the fix the kiosk sent it the live key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../electron/core/config/load-config';
import { chooseVault, credentialDir } from '../../../electron/core/credentials/choose-vault';
import { credentialBindingProblem, isLoopbackHost, plainHttpProblem, plainHttpWarning } from '../../../electron/core/credentials/credential-binding';
import { Secret } from '../../../electron/core/credentials/secret';
import { OwnerOnlyFileVault } from '../../../electron/core/credentials/file-vault';
import { startKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { createServiceClient } from '../../../electron/core/service/service-client';
import { BADGE_FONTS } from '../../support/badge-fonts';

const KEY = 'live-key-0123456789abcdef';

let server: Server;
let seen: IncomingHttpHeaders[];
let url: string;
let dir: string;
let core: KioskCore | null;

beforeEach(async () => {
  seen = [];
  server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json' }).end('1');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-binding-'));
  core = null;
});
afterEach(async () => {
  await core?.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function startCore(serviceUrl: string, stored: Secret) {
  const vault = chooseVault(null, { dir: credentialDir(dir) });
  await vault.write(stored);
  const { sink, lines } = memorySink();
  const log = createLogger(sink);
  const config = loadConfig({ systemFile: null, userFile: null, env: { KIOSK_SERVICE_URL: serviceUrl }, argv: ['--auth-scheme=bearer', '--retries=0', '--directory-sync-minutes=0'], platform: 'linux' });
  core = await startKioskCore({
    config,
    badgeFontDir: BADGE_FONTS,
    vault,
    dataDir: dir,
    log,
    pickSaveFile: async () => null,
    startDemoService: () => Promise.reject(new Error('no demo in this test')),
    dataKey: null,
  });
  return { core, lines };
}

describe('a credential set for one origin', () => {
  it('is not sent to another origin: no request leaves, every call answers a typed config error', async () => {
    const { core, lines } = await startCore(url, new Secret(KEY, null, 'https://access.example.org'));
    const status = await core.gateway.handle('getServiceStatus', undefined, { trusted: true, description: 'test' });
    expect(status).toMatchObject({ ok: true, value: { reachable: false, error: { code: 'config', message: expect.stringMatching(/set for https:\/\/access\.example\.org.*set the credential again/) } } });
    // An event shows personal data: read on shift (the read guard), so the credential's refusal is what answers.
    await core.operators.session.signIn(null, '');
    const event = await core.gateway.handle('getEvent', { id: 1 }, { trusted: true, description: 'test' });
    expect(event).toMatchObject({ ok: false, error: { code: 'config' } });
    expect(seen).toEqual([]);
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('is refused when it predates binding (no origin stored), with what to do', async () => {
    const { core } = await startCore(url, new Secret(KEY));
    const status = await core.gateway.handle('getServiceStatus', undefined, { trusted: true, description: 'test' });
    expect(status).toMatchObject({ ok: true, value: { error: { code: 'config', message: expect.stringMatching(/not bound to a service address.*set-secret/) } } });
    expect(seen).toEqual([]);
  });

  it('is sent to the origin it was set for', async () => {
    const { core } = await startCore(`${url}/`, new Secret(KEY, null, new URL(url).origin));
    await core.gateway.handle('getServiceStatus', undefined, { trusted: true, description: 'test' });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((headers) => headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('a credential file of the first format (no origin) is read as unbound', async () => {
    const file = path.join(dir, 'credential.json');
    writeFileSync(file, JSON.stringify({ format: 'access-kiosk-credential', version: 1, secret: KEY, savedAt: null }), { mode: 0o600 });
    const secret = await new OwnerOnlyFileVault(file).read();
    expect(secret?.origin).toBeNull();
    expect(credentialBindingProblem(secret!, url)?.message).toMatch(/not bound to a service address/);
  });

  it('compares scheme, host and port', () => {
    const secret = new Secret(KEY, null, 'https://access.example.org');
    expect(credentialBindingProblem(secret, 'https://access.example.org/api')).toBeNull();
    expect(credentialBindingProblem(secret, 'https://access.example.org:443')).toBeNull();
    expect(credentialBindingProblem(secret, 'http://access.example.org')).not.toBeNull();
    expect(credentialBindingProblem(secret, 'https://access.example.org:8443')).not.toBeNull();
    expect(credentialBindingProblem(secret, 'https://evil.example.org')).not.toBeNull();
    expect(credentialBindingProblem(secret, 'https://access.example.org.evil.test')).not.toBeNull();
  });
});

describe('plain http://', () => {
  const load = (...argv: string[]) => loadConfig({ systemFile: null, userFile: null, env: {}, argv, platform: 'linux' });

  it('is refused for another computer unless the configuration allows it explicitly', () => {
    expect(() => load('--service-url=http://10.0.0.5:8080')).toThrow(/plain http:\/\/.*service\.allowPlainHttp/);
    expect(() => loadConfig({ systemFile: null, userFile: null, env: { KIOSK_SERVICE_URL: 'http://access.example.org' }, argv: [], platform: 'linux' })).toThrow(/plain http/);
    expect(load('--service-url=http://10.0.0.5:8080', '--allow-plain-http').service.allowPlainHttp).toBe(true);
    expect(load('--service-url=https://10.0.0.5:8080').service.url).toBe('https://10.0.0.5:8080');
  });

  it('is accepted for this computer (loopback)', () => {
    for (const address of ['http://127.0.0.1:8080', 'http://localhost', 'http://[::1]:9000', 'http://127.5.6.7']) {
      expect(load(`--service-url=${address}`).service.url).toBe(address);
    }
    expect(isLoopbackHost('127.0.0.1.example.org')).toBe(false);
    expect(isLoopbackHost('localhost.example.org')).toBe(false);
    expect(plainHttpProblem('http://128.0.0.1', false)).not.toBeNull();
  });

  it('the service client refuses it too, before sending anything, whatever address it is handed', async () => {
    const config = load('--auth-scheme=bearer', '--retries=0');
    const { sink } = memorySink();
    const client = createServiceClient({ config, baseUrl: 'http://192.0.2.10:9', secret: new Secret(KEY, null, 'http://192.0.2.10:9'), log: createLogger(sink) });
    try {
      await expect(client.getMaxEventId()).rejects.toMatchObject({ error: { code: 'config', message: expect.stringMatching(/plain http/) } });
    } finally {
      client.close();
    }
  });

  it('allowed explicitly: the Administration view warns', () => {
    expect(plainHttpWarning('http://10.0.0.5:8080', true)).toMatch(/plain http:\/\/.*unencrypted/);
    expect(plainHttpWarning('http://127.0.0.1:8080', true)).toBeNull();
    expect(plainHttpWarning('https://10.0.0.5', true)).toBeNull();
  });
});
