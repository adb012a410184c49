/**
 * The usage `npm start -- --help` and the browser harness's `--help` print: the harness's own
 * flags, then every configuration flag with the key it sets (from the configuration's one table,
 * so the list cannot drift), and how to try a site on its first day. Pure text; nothing runs.
 */
import { CONFIG_SETTINGS } from '../core/config/config-settings';

const OWN = [
  ['--port P', 'the port the page is served on (default: a free one)'],
  ['--host H', 'the address it listens on (default 127.0.0.1)'],
  ['--service URL', 'the access-control service (the same as --service-url); none: the embedded simulator'],
  ['--fresh', "the embedded simulator starts from new data (not the last run's)"],
  ['--test-controls', "the embedded simulator's test controls (faults, injected events)"],
  ['--event-rate N', 'events per second the embedded simulator makes'],
  ['--cardholders N', "cardholders in the embedded simulator's directory"],
] as const;

/** The whole usage text, ending with a newline. */
export function usage(command: string): string {
  const width = Math.max(...OWN.map(([flag]) => flag.length), ...CONFIG_SETTINGS.map((s) => `--${s.flag}=…`.length)) + 2;
  const line = (left: string, right: string): string => `  ${left.padEnd(width)}${right}`;
  return [
    `Usage: ${command} [flags]`,
    '',
    'Runs the kiosk. With no service configured it runs against its embedded simulator (demo mode).',
    '',
    'Flags of the browser harness:',
    ...OWN.map(([flag, what]) => line(flag, what)),
    '',
    'Configuration flags (each also an environment variable and a key of config.json; see electron/core/config/CONFIGURATION.md):',
    ...CONFIG_SETTINGS.map((s) => line(`--${s.flag}=…`, `${s.key} (${s.env})`)),
    '',
    "A site on its first day (no site catalogue): start the simulator without one, `npm run simulator -- --port 8080`,",
    `then point the kiosk at it: ${command} --service-url=http://127.0.0.1:8080 --allow-plain-http`,
    '',
  ].join('\n');
}

/** Whether the arguments ask for the usage. */
export const asksForHelp = (argv: readonly string[]): boolean => argv.some((arg) => arg === '--help' || arg === '-h');
