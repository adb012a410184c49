import { describe, expect, it } from 'vitest';
import { ReloadBudget, causeOf, recoveryNotice, recoveryNoticeText } from '../../electron/main/crash-policy';
import { blockedShortcut } from '../../electron/main/keyboard-policy';
import { forbiddenDebugSwitch, forbiddenNodeOption, forbiddenSwitchAtReady, switchName } from '../../electron/main/launch-policy';
import { navigationAllowed, outboundRequestAllowed } from '../../electron/main/navigation-policy';
import { originOf, sameOrigin } from '../../electron/serving/app-origin';

describe('origins', () => {
  it('are scheme, host and port; a file URL keeps its host; the own scheme has an origin (URL.origin says "null")', () => {
    expect(new URL('kiosk://app/index.html').origin).toBe('null');
    expect(originOf('kiosk://app/index.html')).toBe('kiosk://app');
    expect(originOf('file:///opt/x.html')).toBe('file://');
    expect(originOf('file://otherhost/opt/x.html')).toBe('file://otherhost');
    expect(originOf('HTTP://LocalHost:5173/x')).toBe('http://localhost:5173');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('')).toBeNull();
    expect(sameOrigin('not a url', 'not a url')).toBe(false);
  });
});

describe('navigation and outbound requests', () => {
  it('navigate only within the own origin', () => {
    expect(navigationAllowed('kiosk://app/index.html#/x', 'kiosk://app/index.html')).toBe(true);
    expect(navigationAllowed('kiosk://app.evil/index.html', 'kiosk://app/index.html')).toBe(false);
    expect(navigationAllowed('about:blank', 'kiosk://app/index.html')).toBe(false);
  });
  it('requests: the own origin and in-page data always; DevTools and the dev server socket in development only', () => {
    const prod = { ownUrl: 'kiosk://app/index.html', development: false };
    const dev = { ownUrl: 'http://localhost:5173/', development: true };
    expect(outboundRequestAllowed('blob:kiosk://app/1234', prod)).toBe(true);
    expect(outboundRequestAllowed('devtools://devtools/x', prod)).toBe(false);
    expect(outboundRequestAllowed('devtools://devtools/x', dev)).toBe(true);
    expect(outboundRequestAllowed('ws://localhost:5173/', dev)).toBe(true);
    expect(outboundRequestAllowed('ws://localhost:9999/', dev)).toBe(false);
    expect(outboundRequestAllowed('https://example.org/', dev)).toBe(false);
    expect(outboundRequestAllowed('%%%', prod)).toBe(false);
  });
});

describe('kiosk shortcuts', () => {
  const key = (k: string, mods: Partial<Record<'control' | 'meta' | 'alt' | 'shift', boolean>> = {}, type = 'keyDown') =>
    blockedShortcut({ type, key: k, control: false, meta: false, alt: false, shift: false, ...mods });
  it('names what it blocks and lets typing, copy and paste through', () => {
    expect(key('r', { control: true })).toBe('reload');
    expect(key('=', { meta: true })).toBe('zoom');
    expect(key('J', { control: true, shift: true })).toBe('devtools');
    expect(key('C', { control: true, shift: true })).toBe('devtools');
    expect(key('p', { meta: true })).toBe('print');
    expect(key('u', { control: true })).toBe('view source');
    expect(key('F11')).toBe('full screen');
    expect(key('c', { control: true })).toBeNull();
    expect(key('r')).toBeNull();
    expect(key('r', { control: true }, 'keyUp')).toBeNull();
  });
});

describe('reload budget (clock passed in)', () => {
  it('reloads 3 times within a minute, then gives up; a minute later it reloads again', () => {
    const budget = new ReloadBudget(3, 60_000);
    expect([0, 1_000, 2_000, 3_000].map((t) => budget.next(t).kind)).toEqual(['reload', 'reload', 'reload', 'give-up']);
    expect(budget.next(59_999).kind).toBe('give-up');
    expect(budget.next(60_000).kind).toBe('reload');
  });
  it('says in one line what happened, without echoing odd reasons', () => {
    expect(recoveryNotice(causeOf('unresponsive'))).toBe('The screen was reloaded after it stopped responding; the event feed kept running.');
    expect(causeOf('launch-failed<script>')).toBe('it stopped (launch-failedscript)');
    // The screen words the notice from its key (issue 23); English as the log's.
    expect(recoveryNoticeText('oom')).toEqual({ key: 'feed.fromMain.reloadedOutOfMemory', params: {}, message: recoveryNotice(causeOf('oom')) });
    expect(recoveryNoticeText('launch-failed<script>')).toEqual({ key: 'feed.fromMain.reloadedOther', params: { reason: 'launch-failedscript' }, message: recoveryNotice(causeOf('launch-failed<script>')) });
  });
});

describe('debugging switches of a packaged build', () => {
  it('are found in argv and the environment', () => {
    expect(forbiddenDebugSwitch(['kiosk', '--remote-debugging-pipe'], {})).toBe('--remote-debugging-pipe');
    expect(forbiddenDebugSwitch(['kiosk', '--INSPECT-BRK=0'], {})).toBe('--inspect-brk');
    expect(forbiddenDebugSwitch(['kiosk'], { NODE_OPTIONS: '--inspect' })).toBe('NODE_OPTIONS');
    expect(forbiddenDebugSwitch(['kiosk', '--service-url=https://acs.example', '--fullscreen'], { NODE_OPTIONS: '--max-old-space-size=512' })).toBeNull();
  });
  it('are found in NODE_OPTIONS however a loader or a preloaded module is spelled (issue 32)', () => {
    const refused: Array<[string, string]> = [
      ['--experimental-loader ./evil.mjs', '--experimental-loader'],
      ['--experimental-loader=./evil.mjs', '--experimental-loader'],
      ['--max-old-space-size=512 --loader=./evil.mjs', '--loader'],
      ['--import ./evil.mjs', '--import'],
      ['--import=data:text/javascript,console.log(1)', '--import'],
      ['--require ./evil.js', '--require'],
      ['-r ./evil.js', '--r'],
      ['--experimental_loader ./evil.mjs', '--experimental-loader'],
      ['--Inspect-Brk=0', '--inspect-brk'],
      ['--openssl-config=./engine.cnf', '--openssl-config'],
    ];
    for (const [options, flag] of refused) {
      expect(forbiddenNodeOption(options), options).toBe(flag);
      expect(forbiddenDebugSwitch(['kiosk'], { NODE_OPTIONS: options }), options).toBe('NODE_OPTIONS');
    }
    // Ordinary options, and a path that merely contains the words, pass.
    for (const options of ['--max-old-space-size=4096', '--enable-source-maps --trace-warnings', '--title=kiosk-loader-require', '--no-deprecation']) {
      expect(forbiddenNodeOption(options), options).toBeNull();
    }
  });
  it('are read with every prefix Chromium accepts (-name, --name, /name on Windows), with or without a value, in any case', () => {
    expect(forbiddenDebugSwitch(['kiosk', '-remote-debugging-port=9222'], {}, 'linux')).toBe('--remote-debugging-port');
    expect(forbiddenDebugSwitch(['kiosk', '-remote-debugging-pipe'], {}, 'linux')).toBe('--remote-debugging-pipe');
    expect(forbiddenDebugSwitch(['kiosk', '-Remote-Debugging-Port', '9222'], {}, 'linux')).toBe('--remote-debugging-port');
    expect(forbiddenDebugSwitch(['kiosk.exe', '/remote-debugging-port=9222'], {}, 'win32')).toBe('--remote-debugging-port');
    expect(forbiddenDebugSwitch(['kiosk.exe', '/REMOTE-DEBUGGING-PIPE'], {}, 'win32')).toBe('--remote-debugging-pipe');
    expect(forbiddenDebugSwitch(['kiosk', '-inspect=9229'], {}, 'linux')).toBe('--inspect');
    expect(forbiddenDebugSwitch(['kiosk', '--inspect-wait'], {}, 'linux')).toBe('--inspect-wait');
    expect(forbiddenDebugSwitch(['kiosk', '--inspect-brk-node=0'], {}, 'linux')).toBe('--inspect-brk-node');
    expect(forbiddenDebugSwitch(['kiosk', '--', '--remote-debugging-port=1'], {}, 'linux')).toBe('--remote-debugging-port');
    // A path is not a switch outside Windows (argv[0] is one on Linux and macOS).
    expect(forbiddenDebugSwitch(['/remote-debugging-port/kiosk'], {}, 'linux')).toBeNull();
    expect(switchName('/remote-debugging-pipe', 'darwin')).toBeNull();
    expect(switchName('-', 'linux')).toBeNull();
    expect(switchName('--=x', 'linux')).toBeNull();
  });
  it('are asked of Electron at ready: remote-debugging-port and remote-debugging-pipe', () => {
    expect(forbiddenSwitchAtReady((name) => name === 'remote-debugging-pipe')).toBe('--remote-debugging-pipe');
    expect(forbiddenSwitchAtReady((name) => name === 'remote-debugging-port')).toBe('--remote-debugging-port');
    expect(forbiddenSwitchAtReady(() => false)).toBeNull();
  });
});
