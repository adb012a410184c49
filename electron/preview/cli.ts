/**
 * `npm run preview [-- --help] [-- --port P] [--service URL] [--fresh] [--test-controls]
 * [--event-rate N] [--cardholders N] [any configuration flag]`: builds nothing (run
 * `npm run build` first; the npm script does), starts the kiosk in Node and prints its URL.
 */
import { startPreview } from './preview';
import { toKioskError } from '../core/ipc/failure';
import { asksForHelp, usage } from './usage';

const OWN_FLAGS = ['port', 'service', 'fresh', 'test-controls', 'event-rate', 'cardholders', 'host'];

function flagValue(argv: string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg.startsWith(prefix)) return arg.slice(prefix.length);
    if (arg === `--${name}`) {
      const next = argv[i + 1];
      return next !== undefined && !next.startsWith('--') ? next : '';
    }
  }
  return undefined;
}

function numberFlag(argv: string[], name: string): number | undefined {
  const raw = flagValue(argv, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} expects a number, not "${raw}"`);
  return value;
}

/** Configuration flags pass through; the preview's own flags (and their separate values) do not. */
function configArgs(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const name = arg.replace(/^--/, '').split('=')[0] ?? '';
    if (arg.startsWith('--') && OWN_FLAGS.includes(name)) {
      const takesValue = !['fresh', 'test-controls'].includes(name);
      if (takesValue && !arg.includes('=') && argv[i + 1] !== undefined && !(argv[i + 1] ?? '').startsWith('--')) i += 1;
      continue;
    }
    out.push(arg);
  }
  return out;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (asksForHelp(argv)) {
    process.stdout.write(usage('npm run preview --'));
    return;
  }
  const service = flagValue(argv, 'service');
  const eventRate = numberFlag(argv, 'event-rate');
  const cardholders = numberFlag(argv, 'cardholders');
  const host = flagValue(argv, 'host');
  const port = numberFlag(argv, 'port');
  const preview = await startPreview({
    ...(port !== undefined ? { port } : {}),
    ...(host ? { host } : {}),
    config: { argv: [...configArgs(argv), ...(service ? [`--service-url=${service}`] : [])] },
    demo: {
      ...(argv.includes('--fresh') ? { fresh: true } : {}),
      ...(argv.includes('--test-controls') ? { testControls: true } : {}),
      ...(eventRate !== undefined ? { eventRate } : {}),
      ...(cardholders !== undefined ? { cardholders } : {}),
    },
  });
  const mode = preview.core.mode === 'demo' ? `demo mode, simulator at ${preview.core.simulatorUrl}` : `service ${preview.core.serviceLabel}`;
  console.log(`Kiosk preview ready (${mode}): ${preview.url}`);
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    void preview.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((thrown: unknown) => {
  const error = toKioskError(thrown);
  console.error(`The kiosk preview could not start: ${error.code === 'internal' ? (error.detail ?? error.message) : error.message}`);
  process.exit(1);
});
