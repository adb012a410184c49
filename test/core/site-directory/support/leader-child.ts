/**
 * The leader kill test's child process (leader-kill.crash.test.ts): one kiosk of the site (its
 * data directory, the simulator's URL, the store's URL, the site interval in ms) that prints
 * "LEAD" once it downloads for the site, "REV <n>" when its lookup holds a new revision of the
 * site copy, and "MID <bytes>" while a download from the service has been under way for over half a second.
 * The parent kills it with SIGKILL in the middle of a download.
 */
import { writeSync } from 'node:fs';
import { startSiteKiosk } from './site-kiosks';

const [dataDir = '', simulatorUrl = '', storeUrl = '', intervalText = '3000'] = process.argv.slice(2);
const say = (line: string): void => void writeSync(1, `${line}\n`);

async function main(): Promise<void> {
  const kiosk = await startSiteKiosk({ name: 'desk-child', simulatorUrl, storeUrl, intervalMs: Number(intervalText), dataDir });
  say('running');
  let led = false;
  let revision: number | null = null;
  setInterval(() => {
    if (!led && kiosk.lines.some((line) => line.includes('now downloads the directory for the site'))) {
      led = true;
      say('LEAD');
    }
    const state = kiosk.capability.sync.state();
    if (state.origin?.revision !== revision && state.origin?.revision !== null && state.origin?.revision !== undefined) {
      revision = state.origin.revision;
      say(`REV ${revision}`);
    }
    // Downloading for over half a second: the body stalled after its first bytes (progress is pushed at most every 100 ms, so its count may still say 0).
    if (state.syncing?.phase === 'downloading' && Date.now() - Date.parse(state.syncing.startedAt) > 500) say(`MID ${state.syncing.done}`);
  }, 20);
}

main().catch((thrown: unknown) => {
  say(`ERROR ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`);
  process.exit(1);
});
