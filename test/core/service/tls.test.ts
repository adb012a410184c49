// HTTPS: a certificate authority and a server certificate for 127.0.0.1 made with openssl in a
// temporary folder; the simulator serves with them. With the CA configured the client connects;
// without it, or with a wrong pinned fingerprint, it refuses with a typed, readable error.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { createServiceClient } from '../../../electron/core/service/service-client';
import { configWith, failureOf, memoryLog, recordingSleep } from './support';

let dir: string;
let sim: RunningSimulator;
let caFile: string;
let fingerprint: string;

function openssl(...args: string[]): string {
  return execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-tls-'));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Kiosk Test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext');
  fingerprint = openssl('x509', '-in', 'server.pem', '-noout', '-fingerprint', '-sha256').split('=')[1]!.trim();
  caFile = path.join(dir, 'ca.pem');
  sim = await startSimulator({
    port: 0,
    cardholders: 2,
    eventRate: 0,
    historyEvents: 5,
    tls: { key: readFileSync(path.join(dir, 'server.key')), cert: readFileSync(path.join(dir, 'server.pem')) },
  });
});

afterAll(async () => {
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

function client(...flags: string[]) {
  const { sleep, delays } = recordingSleep();
  const service = createServiceClient({ config: configWith('--retries=2', ...flags), baseUrl: sim.url, secret: null, log: memoryLog().log, sleep });
  return { service, delays };
}

describe('HTTPS with an on-premises certificate authority', () => {
  it('serves https on 127.0.0.1', () => {
    expect(sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('connects when the CA bundle is configured', async () => {
    const { service } = client(`--tls-ca-file=${caFile}`);
    expect(await service.getMaxEventId()).toBe(sim.maxEventId());
    service.close();
  });

  it('refuses without the CA, as unreachable with the certificate message, and does not retry', async () => {
    const { service, delays } = client();
    const error = await failureOf(service.getMaxEventId());
    expect(error.code).toBe('unreachable');
    expect(error.message).toMatch(/^The server's certificate is not trusted/);
    expect(error.detail).toMatch(/SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT/);
    expect(delays).toEqual([]);
    service.close();
  });

  it('accepts the pinned fingerprint of the server certificate (in either notation)', async () => {
    for (const pin of [fingerprint, fingerprint.replace(/:/g, '').toLowerCase()]) {
      const { service } = client(`--tls-ca-file=${caFile}`, `--tls-pinned-sha256=${pin}`);
      expect(await service.getMaxEventId()).toBe(sim.maxEventId());
      service.close();
    }
  });

  it('refuses a certificate whose fingerprint is not pinned', async () => {
    const wrong = 'AB:'.repeat(31) + 'AB';
    const { service, delays } = client(`--tls-ca-file=${caFile}`, `--tls-pinned-sha256=${wrong}`);
    const error = await failureOf(service.getMaxEventId());
    expect(error.code).toBe('unreachable');
    expect(error.message).toMatch(/^The server's certificate is not the one this kiosk was set up to trust/);
    expect(error.detail).toContain('ERR_KIOSK_CERTIFICATE_PIN');
    expect(delays).toEqual([]);
    service.close();
  });

  it('an http:// client talking to the https port fails cleanly', async () => {
    const service = createServiceClient({ config: configWith('--retries=0'), baseUrl: sim.url.replace('https:', 'http:'), secret: null, log: memoryLog().log });
    const error = await failureOf(service.getMaxEventId());
    expect(['unreachable', 'malformed_answer']).toContain(error.code);
    service.close();
  });
});
