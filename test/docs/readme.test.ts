/** Keeps the README true: its example configuration loads, and its commands exist. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../electron/core/config/load-config';
import { KioskConfigSchema } from '../../electron/core/config/config-schema';

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README', () => {
  it('opens with the two commands for a fresh machine', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toMatch(/npm ci && npm start/);
    expect(firstBlock).toMatch(/bash \.ci\/run/);
    expect(readme.indexOf('```sh')).toBeLessThan(200);
  });

  it('says which Node runs what, and where the browser harness keeps its data', () => {
    const engines = (file: string) => (JSON.parse(readFileSync(join(root, 'node_modules', file, 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines?.node ?? '';
    expect(readme).toContain(engines('vite'));
    expect(engines('electron')).toMatch(/22\.12/);
    expect(readme).toMatch(/Node ≥ 22\.12/);
    expect(readme).toContain('.data/preview/');
  });

  it('names only npm scripts that exist', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const named = [...readme.matchAll(/npm run ([a-z0-9:-]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(3);
    for (const name of named) expect(scripts, `npm run ${name}`).toContain(name);
  });

  it('has an example configuration with every key, which the kiosk accepts', () => {
    const example = /```json\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    const config = loadConfig({
      systemFile: '/etc/access-kiosk/config.json',
      userFile: null,
      env: {},
      argv: [],
      platform: 'linux',
      readFile: (file) => (file === '/etc/access-kiosk/config.json' ? example! : file === '/etc/access-kiosk/site-ca.pem' ? pem : null),
    });
    expect(config.service.url).toBe('https://access.example.org:8443');
    expect(config.alarms.rules).toHaveLength(7);
    // Every top-level section and every key of each section appears in the example.
    const parsed = JSON.parse(example!) as Record<string, Record<string, unknown>>;
    for (const [section, shape] of Object.entries(KioskConfigSchema.shape)) {
      expect(parsed, section).toHaveProperty(section);
      for (const key of Object.keys((shape as unknown as { shape?: object }).shape ?? {})) {
        expect(parsed[section], `${section}.${key}`).toHaveProperty(key);
      }
    }
  });
});
