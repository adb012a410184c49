import { describe, expect, it } from 'vitest';
import { configFlagArgs, loadConfig } from '../../../electron/core/config/load-config';

describe('configFlagArgs (the Electron command line carries Chromium switches too)', () => {
  it('keeps configuration flags with their values, in both spellings, and nothing else', () => {
    const argv = ['.', '--user-data-dir=/tmp/x', '--service-url', 'https://a.example', '--no-sandbox', '--poll-interval-ms=750', '--no-fullscreen', '--enable-logging', '--admin', 'show'];
    expect(configFlagArgs(argv)).toEqual(['--service-url', 'https://a.example', '--poll-interval-ms=750', '--no-fullscreen']);
  });

  it('does not swallow the next argument after a boolean flag', () => {
    expect(configFlagArgs(['--fullscreen', '--retries', '3', 'extra'])).toEqual(['--fullscreen', '--retries', '3']);
  });

  it('gives loadConfig exactly what the person meant', () => {
    const config = loadConfig({
      systemFile: null,
      userFile: null,
      env: {},
      platform: 'linux',
      argv: configFlagArgs(['.', '--no-sandbox', '--service-url', 'https://a.example', '--js-flags=--expose-gc']),
    });
    expect(config.service.url).toBe('https://a.example');
  });
});
