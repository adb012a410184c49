/**
 * The shared alarm desk's settings (siteStore.*): off by default (the kiosk works alone), the
 * store's address checked with a message that says what is wrong, never with a password in it.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../electron/core/config/load-config';
import { siteStoreUrlProblem } from '../../../electron/core/config/config-schema';

const load = (env: Record<string, string>) => loadConfig({ systemFile: null, userFile: null, env, argv: [], platform: 'linux' });

describe('siteStore settings', () => {
  it('are off by default: no store, the host name as the desk, a five-minute claim, a 30-minute directory fallback', () => {
    expect(load({}).siteStore).toEqual({ url: null, desk: null, claimLeaseSeconds: 300, directoryFallbackMinutes: 30 });
  });

  it('take a postgres:// address, a desk name, a lease and a directory fallback', () => {
    const config = load({
      KIOSK_SITE_STORE_URL: 'postgresql://kiosk_desk_user@10.0.0.9/kiosk',
      KIOSK_SITE_STORE_DESK: 'Gatehouse',
      KIOSK_SITE_STORE_CLAIM_LEASE_SECONDS: '120',
      KIOSK_SITE_STORE_DIRECTORY_FALLBACK_MINUTES: '45',
    });
    expect(config.siteStore).toEqual({ url: 'postgresql://kiosk_desk_user@10.0.0.9/kiosk', desk: 'Gatehouse', claimLeaseSeconds: 120, directoryFallbackMinutes: 45 });
  });

  it('refuse an address with a password, another scheme or no host, saying why', () => {
    expect(siteStoreUrlProblem('postgres://kiosk:s3cret@db/kiosk')).toContain('must not contain a password');
    expect(siteStoreUrlProblem('https://db.example.org')).toContain('postgres://');
    expect(siteStoreUrlProblem('not an address')).toContain('expected an address');
    expect(() => load({ KIOSK_SITE_STORE_URL: 'postgres://kiosk:s3cret@db/kiosk' })).toThrow(/must not contain a password/);
    expect(() => load({ KIOSK_SITE_STORE_CLAIM_LEASE_SECONDS: '5' })).toThrow(/siteStore\.claimLeaseSeconds/);
    expect(() => load({ KIOSK_SITE_STORE_DIRECTORY_FALLBACK_MINUTES: '0' })).toThrow(/siteStore\.directoryFallbackMinutes/);
  });
});
