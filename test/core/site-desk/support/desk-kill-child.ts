/**
 * The desk kill test's child process (desk-kill.crash.test.ts): a desk named "desk-k" with its
 * kiosk database in the folder given and the data key given, on the site store at the URL given.
 * From number `first` on it raises an alarm, acknowledges it (the acknowledgement is queued for
 * the site in the same database) and prints "ACK <n>" once acknowledge() returned; its desk sync
 * sends the queue meanwhile. The parent kills it at random moments: before, during or after a send.
 */
import { writeSync } from 'node:fs';
import { AlarmStore } from '../../../../electron/core/alarms/alarm-store';
import { serviceRecordId } from '../../../../electron/core/connection/service-identity';
import { createLogger } from '../../../../electron/core/log/logger';
import { KioskDatabase } from '../../../../electron/core/storage/kiosk-database';
import { DeskSync } from '../../../../electron/core/site-desk/desk-sync';
import { createSiteStore } from '../../../../electron/core/site-desk/site-store';

const [dir = '', keyHex = '', url = '', firstText = '1'] = process.argv.slice(2);
const key = Buffer.from(keyHex, 'hex');
const say = (line: string): void => void writeSync(1, `${line}\n`);
const quiet = createLogger(() => undefined);

async function main(): Promise<void> {
  const { database } = KioskDatabase.open(dir, { info: () => undefined, error: (message) => say(`ERROR ${message}`) });
  // eslint-disable-next-line prefer-const -- the alarm store's hooks call the sync made after it
  let sync: DeskSync;
  const store = new AlarmStore({
    database,
    serviceId: serviceRecordId(database, 'kill-test', Date.now()),
    key,
    bound: 1_000_000,
    shiftHours: 12,
    escalateAfterMinutes: 0,
    log: quiet,
    onChange: () => undefined,
    operator: () => 'Kim',
    desk: 'desk-k',
    settledElsewhere: (siteKey) => sync.settledElsewhere(siteKey),
    onAcknowledged: (acknowledged) => sync.acknowledged(acknowledged),
  });
  sync = new DeskSync({ store: createSiteStore({ url, password: null, log: quiet }), database, key, desk: 'desk-k', leaseSeconds: 300, alarms: () => store, operator: () => ({ name: 'Kim', since: new Date().toISOString() }), log: quiet, retryMs: 100 });
  sync.start();
  say('running');
  for (let n = Number(firstText); ; n++) {
    const [event] = store.observe(
      [{ record_ID: n, created: new Date().toISOString(), event_Category_Name: 'Door Alarm', device_Name: `Door ${n}`, custom_Text: 'Door forced open', origin_Name: null, additional_Info: null, cardnumber: null, facility_Code: null, alarm: { priority: 'high', rule: 'door' } }],
      'live',
      0,
    );
    store.acknowledge([event!.alarm!.id!], `note ${n}`);
    say(`ACK ${n}`);
    // Let the sync send some of them while the next are made.
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
}

void main();
