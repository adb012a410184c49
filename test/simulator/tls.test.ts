// HTTPS: with a key and certificate the simulator serves https:// with that certificate.

import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { describe, expect, it } from 'vitest';
import type { MaxIdResult } from '../../electron/simulator/records';
import { startSmallSimulator } from './support';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './tls-fixture';

describe('TLS', () => {
  it('serves HTTPS with the given certificate', async () => {
    const sim = await startSmallSimulator({ historyEvents: 3, tls: { key: TEST_TLS_KEY, cert: TEST_TLS_CERT } });
    try {
      expect(sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      // The fixture is self-signed: instead of trusting it (and the clock), compare fingerprints.
      const { body, fingerprint } = await new Promise<{ body: string; fingerprint: string }>((resolve, reject) => {
        const req = request(`${sim.url}/api/SystemEvents/maxid`, { rejectUnauthorized: false, agent: false }, (res) => {
          const peer = (res.socket as TLSSocket).getPeerCertificate();
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ body: text, fingerprint: peer.fingerprint256 }));
        });
        req.on('error', reject);
        req.end();
      });
      expect((JSON.parse(body) as MaxIdResult).maxId).toBe(3);
      expect(fingerprint).toBe(new X509Certificate(TEST_TLS_CERT).fingerprint256);
    } finally {
      await sim.close();
    }
  });

  it('refuses to listen beyond loopback', async () => {
    await expect(startSmallSimulator({ host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });

  it('listens on IPv6 loopback with a bracketed URL', async () => {
    const sim = await startSmallSimulator({ host: '::1', historyEvents: 1 }).catch(() => undefined);
    if (sim === undefined) {
      console.warn('IPv6 loopback is not available on this machine; the ::1 case is not checked here.');
      return;
    }
    try {
      expect(sim.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect((await fetch(`${sim.url}/api/SystemEvents/maxid`)).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
