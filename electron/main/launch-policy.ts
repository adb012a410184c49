/**
 * Switches a packaged kiosk refuses to start with, decided without Electron: any way to
 * attach a debugger or DevTools protocol client from outside (remote debugging, Node's inspector,
 * running as plain Node). Returns the switch found, or null. Development builds accept them.
 */
const FORBIDDEN = ['--remote-debugging-port', '--remote-debugging-pipe', '--remote-debugging-address', '--inspect', '--inspect-brk', '--inspect-port', '--inspect-publish-uid', '--debug', '--debug-brk', '--js-flags'];

export function forbiddenDebugSwitch(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): string | null {
  for (const arg of argv) {
    const name = arg.split('=')[0]!.toLowerCase();
    if (FORBIDDEN.includes(name)) return name;
  }
  if (env.ELECTRON_RUN_AS_NODE) return 'ELECTRON_RUN_AS_NODE';
  if (env.NODE_OPTIONS && /--inspect|--require|-r\b|--import|--loader/.test(env.NODE_OPTIONS)) return 'NODE_OPTIONS';
  return null;
}
