// Command line of the simulator (`npm run simulator -- --port 8080 …`): starts it, prints one
// "Simulator listening on <url>" line on stdout when ready (everything else on stderr), and on
// SIGINT/SIGTERM closes it cleanly, flushing the store.

import { USAGE, parseCommandLine } from './command-line';
import { startSimulator } from './index';

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCommandLine>;
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  const simulator = await startSimulator(options);
  process.stdout.write(`Simulator listening on ${simulator.url}\n`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${signal}: stopping the simulator…\n`);
    simulator.close().then(
      () => {
        process.stderr.write('Simulator stopped; data flushed.\n');
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`The simulator could not start: ${(error as Error).message}\n`);
  process.exit(1);
});
