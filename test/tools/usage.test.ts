/**
 * `npm start -- --help` and the browser harness's `--help`: the usage names every configuration
 * flag with its key (from the configuration's table) and the harness's own flags, and says how to
 * try a site on its first day.
 */
import { describe, expect, it } from 'vitest';
import { CONFIG_SETTINGS } from '../../electron/core/config/config-settings';
import { asksForHelp, usage } from '../../electron/preview/usage';

describe('the usage', () => {
  it('lists every configuration flag with the key it sets, and the harness flags', () => {
    const text = usage('npm start --');
    expect(text.startsWith('Usage: npm start -- [flags]\n')).toBe(true);
    for (const setting of CONFIG_SETTINGS) expect(text).toContain(`--${setting.flag}=…`);
    for (const setting of CONFIG_SETTINGS) expect(text).toContain(`${setting.key} (${setting.env})`);
    for (const flag of ['--port P', '--service URL', '--fresh', '--test-controls', '--event-rate N', '--cardholders N']) expect(text).toContain(flag);
    expect(text).toContain('A site on its first day');
  });

  it('is asked for by --help or -h, not by other flags', () => {
    expect(asksForHelp(['--help'])).toBe(true);
    expect(asksForHelp(['--port=0', '-h'])).toBe(true);
    expect(asksForHelp(['--service-url=http://x', '--helpful'])).toBe(false);
  });
});
