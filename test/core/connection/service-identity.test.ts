// Records are kept per service: the demo is "demo" whatever its port; a configured service is its address.
import { describe, expect, it } from 'vitest';
import { DEMO_SERVICE, serviceIdentity, serviceRecordId } from '../../../electron/core/connection/service-identity';
import { KioskDatabase } from '../../../electron/core/storage/kiosk-database';

describe('the identity of a service', () => {
  it('is "demo" for the embedded simulator, and the address without credentials, query or default port otherwise', () => {
    expect(serviceIdentity(null)).toBe(DEMO_SERVICE);
    expect(serviceIdentity('https://User:Secret@ACS.Example.com:443/api/?x=1')).toBe('https://acs.example.com/api');
    expect(serviceIdentity('http://10.0.0.5:8080/')).toBe('http://10.0.0.5:8080');
    expect(serviceIdentity('http://10.0.0.5:8080')).not.toBe(serviceIdentity('http://10.0.0.6:8080'));
  });

  it('is numbered once in the database: two services, two numbers, the same one each time', () => {
    const db = KioskDatabase.memory();
    const demo = serviceRecordId(db, 'demo', 1);
    const site = serviceRecordId(db, 'https://acs.example.com', 2);
    expect(demo).not.toBe(site);
    expect(serviceRecordId(db, 'demo', 3)).toBe(demo);
  });
});
