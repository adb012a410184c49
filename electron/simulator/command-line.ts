// Flags of the simulator's command line turned into SimulatorOptions (no side effects besides
// reading TLS files), so cli.ts stays a thin launcher and the parsing can be tested.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SIMULATOR_DEFAULTS, type SimulatorAuth, type SimulatorOptions } from './index';

export const USAGE = `Usage: npm run simulator -- [options]

  --port N              port to listen on (default 0: a free port)
  --host H              loopback address (default 127.0.0.1)
  --data-dir DIR        where the store lives (default ./.data/simulator)
  --fresh               throw away the stored data and seed again
  --cardholders N       cardholders seeded on first start (default ${SIMULATOR_DEFAULTS.cardholders})
  --event-rate R        generated events per second, 0 = none (default ${SIMULATOR_DEFAULTS.eventRate})
  --seed N              seed of the generated data (default ${SIMULATOR_DEFAULTS.seed})
  --history-events N    events seeded over the past week on first start (default ${SIMULATOR_DEFAULTS.historyEvents})
  --max-events N        events retained (default ${SIMULATOR_DEFAULTS.maxEvents})
  --auth MODE           none | apikey | basic | bearer (default none)
  --auth-header NAME    API key header (default X-API-Key)
  --auth-value VALUE    API key value
  --auth-user USER      basic auth user name
  --auth-password PW    basic auth password
  --auth-token TOKEN    bearer token
  --test-controls       mount the /_sim/ test controls
  --no-validators       no ETag/Last-Modified/Cache-Control on GET /api/CardHolders, never 304
  --max-photo-bytes N   largest photo accepted (default ${SIMULATOR_DEFAULTS.maxPhotoBytes})
  --max-body-bytes N    largest JSON body accepted (default ${SIMULATOR_DEFAULTS.maxBodyBytes})
  --tls-key FILE        PEM key; with --tls-cert serves HTTPS
  --tls-cert FILE       PEM certificate
  --verbose             log every request on stderr
  --help                this text
`;

function numberFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed)) throw new Error(`--${name} needs a number (got "${value}").`);
  return parsed;
}

function requiredFlag(name: string, value: string | undefined, mode: string): string {
  if (value === undefined || value === '') throw new Error(`--auth ${mode} needs --${name}.`);
  return value;
}

export function parseCommandLine(argv: readonly string[]): SimulatorOptions & { help: boolean } {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      fresh: { type: 'boolean' },
      cardholders: { type: 'string' },
      'event-rate': { type: 'string' },
      seed: { type: 'string' },
      'history-events': { type: 'string' },
      'max-events': { type: 'string' },
      auth: { type: 'string' },
      'auth-header': { type: 'string' },
      'auth-value': { type: 'string' },
      'auth-user': { type: 'string' },
      'auth-password': { type: 'string' },
      'auth-token': { type: 'string' },
      'test-controls': { type: 'boolean' },
      'no-validators': { type: 'boolean' },
      'max-photo-bytes': { type: 'string' },
      'max-body-bytes': { type: 'string' },
      'tls-key': { type: 'string' },
      'tls-cert': { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const mode = (values.auth ?? 'none').toLowerCase();
  let auth: SimulatorAuth;
  switch (mode) {
    case 'none':
      auth = { scheme: 'none' };
      break;
    case 'apikey':
      auth = { scheme: 'apiKey', header: values['auth-header'] ?? 'X-API-Key', value: requiredFlag('auth-value', values['auth-value'], mode) };
      break;
    case 'basic':
      auth = {
        scheme: 'basic',
        username: requiredFlag('auth-user', values['auth-user'], mode),
        password: requiredFlag('auth-password', values['auth-password'], mode),
      };
      break;
    case 'bearer':
      auth = { scheme: 'bearer', token: requiredFlag('auth-token', values['auth-token'], mode) };
      break;
    default:
      throw new Error(`--auth must be none, apikey, basic or bearer (got "${values.auth ?? ''}").`);
  }
  if ((values['tls-key'] === undefined) !== (values['tls-cert'] === undefined)) {
    throw new Error('--tls-key and --tls-cert go together.');
  }
  const options: SimulatorOptions & { help: boolean } = {
    help: values.help ?? false,
    host: values.host ?? SIMULATOR_DEFAULTS.host,
    port: numberFlag('port', values.port) ?? 0,
    dataDir: values['data-dir'] ?? './.data/simulator',
    fresh: values.fresh ?? false,
    cardholders: numberFlag('cardholders', values.cardholders),
    eventRate: numberFlag('event-rate', values['event-rate']),
    seed: numberFlag('seed', values.seed),
    historyEvents: numberFlag('history-events', values['history-events']),
    maxEvents: numberFlag('max-events', values['max-events']),
    auth,
    testControls: values['test-controls'] ?? false,
    validators: !(values['no-validators'] ?? false),
    maxPhotoBytes: numberFlag('max-photo-bytes', values['max-photo-bytes']),
    maxBodyBytes: numberFlag('max-body-bytes', values['max-body-bytes']),
    log: (line) => process.stderr.write(`${line}\n`),
    logRequests: values.verbose ?? false,
  };
  if (values['tls-key'] !== undefined && values['tls-cert'] !== undefined) {
    options.tls = { key: readFileSync(values['tls-key']), cert: readFileSync(values['tls-cert']) };
  }
  return options;
}

