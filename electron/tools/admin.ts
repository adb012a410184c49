/**
 * Node entry of the administrator's commands (see core/credentials/admin-command.ts):
 *
 *   npx tsx electron/tools/admin.ts set-secret [--test]   < secret.txt   (or type it when asked)
 *   npx tsx electron/tools/admin.ts test-connection
 *   npx tsx electron/tools/admin.ts show
 *   npx tsx electron/tools/admin.ts check                  (validates the whole configuration)
 *   npx tsx electron/tools/admin.ts migrate-site-store postgres://ADMINISTRATOR@host:port/db
 *   npx tsx electron/tools/admin.ts set-site-store-password < password.txt
 *
 * Configuration is loaded as the kiosk loads it (system file, ~/.config/access-kiosk/config.json,
 * KIOSK_* variables, flags). Without Electron there is no system keyring here, so the credential
 * goes to the owner-only file vault in <kiosk.dataDir or ~/.config/access-kiosk>/credentials; the
 * packaged app runs the same command with its keyring-backed vault.
 */
import { join } from 'node:path';
import { nodeUserDir, loadConfig } from '../core/config/load-config';
import { ADMIN_FLAGS, parseAdminArgs } from '../core/credentials/admin-args';
import { runAdminCommand } from '../core/credentials/admin-command';
import { chooseSiteStoreVault, chooseVault, credentialDir } from '../core/credentials/choose-vault';
import { toKioskError } from '../core/ipc/failure';
import { createLogger, stderrSink } from '../core/log/logger';
import { runCheckCommand } from '../core/provisioning/check-command';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const parsed = parseAdminArgs(args);
  // A command line that cannot be read is refused before any configuration is (exit code 2).
  if ('problem' in parsed) {
    process.stdout.write(`${parsed.problem.join('\n')}\n`);
    return 2;
  }
  if (parsed.command === 'check') {
    const load = { env: process.env, argv: args, platform: process.platform, ignoreFlags: ADMIN_FLAGS };
    const vaultFor = (config: { kiosk: { dataDir: string | null } }) => chooseVault(null, { dir: credentialDir(config.kiosk.dataDir ?? nodeUserDir(process.platform, process.env)) });
    // The badge fonts as the source tree has them (every language's words of a template are checked to fit with them).
    return runCheckCommand({ load, stdout: process.stdout, vaultFor, badgeFontDir: join(__dirname, '..', '..', 'resources', 'badge-fonts') });
  }
  let config;
  try {
    config = loadConfig({ env: process.env, argv: args, platform: process.platform, ignoreFlags: ADMIN_FLAGS });
  } catch (thrown) {
    process.stderr.write(`Configuration problem: ${toKioskError(thrown).message}\n`);
    return 2;
  }
  const dataDir = config.kiosk.dataDir ?? nodeUserDir(process.platform, process.env);
  const vault = chooseVault(null, { dir: credentialDir(dataDir) });
  const siteStoreVault = chooseSiteStoreVault(null, { dir: credentialDir(dataDir) });
  return runAdminCommand({ args, stdin: process.stdin, stdout: process.stdout, vault, siteStoreVault, config, log: createLogger(stderrSink) });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (thrown: unknown) => {
    process.stderr.write(`${toKioskError(thrown).message}\n`);
    process.exitCode = 1;
  },
);
