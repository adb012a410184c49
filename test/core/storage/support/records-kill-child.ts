/**
 * The kill test's child process (records-kill.crash.test.ts): the kiosk's database in the folder
 * given, the alarm store and the enrolment log over it with the data key given; from number
 * `first` on, it raises an alarm, acknowledges it with the note "note <n>" and prints "ACK <n>"
 * once acknowledge() returned (the screen would say so then), adds an enrolment log entry for
 * cardholder n and prints "LOG <n>" once add() returned; and so on until the parent kills it.
 */
import { writeSync } from 'node:fs';
import { AlarmStore } from '../../../../electron/core/alarms/alarm-store';
import { EnrolmentLog } from '../../../../electron/core/cardholders/enrolment/enrolment-log';
import { serviceRecordId } from '../../../../electron/core/connection/service-identity';
import { createLogger } from '../../../../electron/core/log/logger';
import { KioskDatabase } from '../../../../electron/core/storage/kiosk-database';

const [dir = '', keyHex = '', firstText = '1'] = process.argv.slice(2);
const key = Buffer.from(keyHex, 'hex');
const say = (line: string): void => void writeSync(1, `${line}\n`);
const quiet = createLogger(() => undefined);

async function main(): Promise<void> {
  const { database } = KioskDatabase.open(dir, { info: () => undefined, error: (message) => say(`ERROR ${message}`) });
  const store = new AlarmStore({ database, serviceId: serviceRecordId(database, 'kill-test', Date.now()), key, bound: 1_000_000, shiftHours: 12, escalateAfterMinutes: 0, log: quiet, onChange: () => undefined });
  const log = new EnrolmentLog({ database, dataDir: dir, log: quiet, key });
  say('running');
  for (let n = Number(firstText); ; n++) {
    const [event] = store.observe(
      [{ record_ID: n, created: new Date().toISOString(), event_Category_Name: 'Door Alarm', device_Name: `Door of Marie Dupont ${n}`, custom_Text: 'Door forced open', origin_Name: null, additional_Info: null, cardnumber: null, facility_Code: null, alarm: { priority: 'high', rule: 'door' } }],
      'live',
      0,
    );
    store.acknowledge([event!.alarm!.id!], `note ${n}`);
    say(`ACK ${n}`);
    await log.add({ kind: 'created', cardholderId: n, name: `Dupont, Marie ${n}`, outcome: 'created' });
    say(`LOG ${n}`);
  }
}

void main();
