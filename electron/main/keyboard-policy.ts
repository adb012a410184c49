/**
 * Which key presses the kiosk swallows in production, decided without Electron: reload,
 * zoom, DevTools, print, view-source, close/quit and full-screen toggles (Ctrl or Cmd
 * combinations, F5, F11, F12). Everything else reaches the page. Returns the name of what was
 * blocked, for the log, or null.
 */
export interface KeyPress {
  type: string;
  key: string;
  control: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

const FUNCTION_KEYS: Readonly<Record<string, string>> = { F5: 'reload', F11: 'full screen', F12: 'devtools', BrowserRefresh: 'reload' };
const WITH_MODIFIER: Readonly<Record<string, string>> = {
  r: 'reload',
  '+': 'zoom',
  '=': 'zoom',
  '-': 'zoom',
  _: 'zoom',
  '0': 'zoom',
  i: 'devtools',
  j: 'devtools',
  c: 'devtools', // with Shift only (Ctrl+C alone is copy), see below
  p: 'print',
  u: 'view source',
  w: 'close',
  q: 'quit',
  f4: 'close',
};

export function blockedShortcut(input: KeyPress): string | null {
  if (input.type !== 'keyDown' && input.type !== 'rawKeyDown') return null;
  const fn = FUNCTION_KEYS[input.key];
  if (fn) return fn;
  if (input.alt && input.key === 'F4') return 'close';
  if (!input.control && !input.meta) return null;
  const key = input.key.toLowerCase();
  if (key === 'c') return input.shift ? 'devtools' : null;
  return WITH_MODIFIER[key] ?? null;
}
