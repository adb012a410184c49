import { describe, expect, it } from 'vitest';
import { kioskWebPreferences } from '../../electron/main/web-preferences';

describe('kiosk window webPreferences', () => {
  it('keeps the page sandboxed, context-isolated and without Node', () => {
    expect(kioskWebPreferences('/app/out/preload/index.js')).toMatchObject({
      preload: '/app/out/preload/index.js',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});
