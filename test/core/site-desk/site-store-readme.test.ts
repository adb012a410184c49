// The README's shared alarm desk section shows the kiosks' role SQL exactly as the code has it
// (SITE_STORE_ROLE_SQL), names the admin commands that exist, and leaves the place for what
// guards see.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_STORE_ROLE_SQL } from '../../../electron/core/site-desk/site-store-schema';

const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
const start = readme.indexOf('## Sites with several guard workstations (the shared alarm desk)');
const section = readme.slice(start, readme.indexOf('\n## ', start + 1));

describe("README's shared alarm desk section", () => {
  it('comes before Configuration and shows the role SQL in full', () => {
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThan(readme.indexOf('## Configuration'));
    const sql = /```sql\n([\s\S]*?)```/.exec(section)?.[1];
    expect(sql).toBe(SITE_STORE_ROLE_SQL);
  });

  it('names the admin commands, the settings and what guards see', () => {
    for (const text of ['migrate-site-store', 'set-site-store-password', 'KIOSK_SITE_STORE_URL', '--site-store-url', 'KIOSK_SITE_STORE_DESK', '--site-store-desk', 'KIOSK_SITE_STORE_CLAIM_LEASE_SECONDS', 'publish-operators', '### What the guards see', 'Shared alarm desk unreachable since']) {
      expect(section).toContain(text);
    }
  });
});
