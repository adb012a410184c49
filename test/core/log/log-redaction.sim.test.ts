// The main-process log of a whole front-desk flow carries no personal value it touched: the kiosk
// core against the simulator, which logs every request into the same log (as the embedded one does
// in the app), behind a loopback relay that refuses the first create with a 422 whose body echoes
// what it received (as many services do; the kiosk logs the service's answer), a lookup of a seeded cardholder by name, e-mail and phone, their record, a history
// search by name, an enrolment with every personal field, its photo, an update and a duplicate
// check; then every seeded value, the photo's bytes (base64 and hex) are searched in the log,
// ignoring case. Debug lines are kept so the request lines (with their query strings) are in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CardholderRecord, CardholderView, EnrolmentWrite, Result } from '../../../electron/contract/ipc';
import { loadConfig } from '../../../electron/core/config/load-config';
import { chooseVault, credentialDir } from '../../../electron/core/credentials/choose-vault';
import { startKioskCore, type KioskCore } from '../../../electron/core/kiosk-core';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { BADGE_FONTS } from '../../support/badge-fonts';

let dir: string;
let core: KioskCore | null = null;
let relay: Server | null = null;
let simulator: RunningSimulator | null = null;

/** Forwards to `target`, except the first create: 422 with the request echoed in the message. */
async function startRelay(target: string): Promise<string> {
  let refused = false;
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST' && req.url?.endsWith('/api/CardHolders/create') && !refused) {
        refused = true;
        const sent = JSON.parse(body.toString('utf8')) as Record<string, string>;
        res.writeHead(422, { 'content-type': 'application/json' }).end(
          JSON.stringify({ message: `Cannot create ${sent.first_Name} ${sent.last_Name} <${sent.email}>, phone ${sent.phone}, ${sent.address1}: employee ID ${sent.employee_ID} is reserved`, received: sent }),
        );
        return;
      }
      const forward = httpRequest(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.writeHead(502).end());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => relay!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
}
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiosk-log-redaction-'));
});
afterEach(async () => {
  await core?.stop();
  await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

const trusted = { trusted: true, description: 'test' };

function photo(): Uint8Array {
  const width = 600;
  const height = 800;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i / 4) % 251, 90, 160, 255], i);
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
}

it('greps the log of a full enrolment and lookup flow for every personal value it touched', async () => {
  const { sink, lines } = memorySink();
  const log = createLogger(sink);
  simulator = await startSimulator({ dataDir: path.join(dir, 'simulator'), cardholders: 50, eventRate: 0, historyEvents: 50, logRequests: true, log: (line) => log.info('simulator', line) });
  const url = await startRelay(simulator.url);
  const config = loadConfig({ systemFile: null, userFile: null, env: {}, argv: [`--service-url=${url}`, '--retries=0', '--directory-sync-minutes=0'], platform: 'linux' });
  core = await startKioskCore({
    config,
    badgeFontDir: BADGE_FONTS,
    vault: chooseVault(null, { dir: credentialDir(dir) }),
    dataDir: dir,
    log,
    pickSaveFile: async () => null,
    startDemoService: () => Promise.reject(new Error('a service is configured')),
    dataKey: null,
  });
  // What is recorded carries an operator's name: a shift is under way.
  await core.operators.session.signIn(null, '');
  const call = async <T>(name: string, payload?: unknown): Promise<T> => {
    const answer = (await core!.gateway.handle(name, payload, trusted)) as Result<T>;
    if (!answer.ok) throw new Error(`${name}: ${answer.error.code} ${answer.error.message}`);
    return answer.value;
  };

  // A seeded cardholder with an e-mail and a phone, looked up by each.
  const seeded = (await Promise.all(Array.from({ length: 20 }, (_, i) => call<CardholderView>('getCardholder', { id: i + 1 })))).map((v) => v.record).find((r) => r.email !== '' && r.phone !== '');
  expect(seeded, 'the simulator seeds a cardholder with an e-mail and a phone').toBeDefined();
  const person = seeded as CardholderRecord;
  for (const query of [person.last_Name, `${person.first_Name} ${person.last_Name}`, person.email, person.phone, person.employee_ID]) {
    await call('searchCardholders', { query, offset: 0, limit: 20 });
  }
  const day = 24 * 3600 * 1000;
  await call('searchEvents', { from: new Date(Date.now() - 7 * day).toISOString(), to: new Date(Date.now() + day).toISOString(), searchstring: person.last_Name });

  // A new person enrolled with every personal field, their photo, an update, a duplicate check.
  const fresh = {
    first_Name: 'Gwendolyn',
    last_Name: 'Quartermaine',
    middle_Name: 'Ottoline',
    employee_ID: '88442211',
    email: 'gwendolyn.quartermaine@example.org',
    sex: 'f' as const,
    phone: '+44 20 7946 0958',
    address1: '221B Baker Street',
    address2: 'Flat Wyvern',
    city: 'Marylebone',
    state: '',
    zip: 'NW1 6XE',
    tenant: [0],
    card_Holder_Type_ID: 1,
  };
  const refused = (await core.gateway.handle('createCardholder', fresh, trusted)) as Result<EnrolmentWrite>;
  expect(refused).toMatchObject({ ok: false, error: { code: 'rejected' } });
  const created = await call<EnrolmentWrite>('createCardholder', fresh);
  const bytes = photo();
  await call('uploadCardholderPhoto', { id: created.record.id, photo: bytes, contentType: 'image/jpeg', overriddenHints: ['no-face'] });
  const after = await call<CardholderView>('getCardholder', { id: created.record.id });
  await call('updateCardholder', { id: created.record.id, changes: { city: 'Fitzrovia', phone: '+44 20 7946 0111' }, expectedUpdated: after.record.updated });
  await call('findDuplicateCardholders', { first_Name: fresh.first_Name, last_Name: fresh.last_Name, email: fresh.email, employee_ID: fresh.employee_ID });
  await call('acknowledgeAlarms', { alarmIds: [1], note: `Visitor Quartermaine escorted` });

  const text = lines.join('\n').toLowerCase();
  expect(lines.length).toBeGreaterThan(10);
  expect(text).toMatch(/simulator.*get \/api\/cardholders/);
  expect(text).toMatch(/"createcardholder" failed: rejected .*422/);
  const touched = [
    person.first_Name,
    person.last_Name,
    person.email,
    person.phone,
    person.phone.replace(/\D/g, ''),
    person.employee_ID,
    ...Object.entries(fresh)
      .filter(([key, value]) => typeof value === 'string' && value.length >= 3 && key !== 'sex')
      .map(([, value]) => value as string),
    'Fitzrovia',
    '+44 20 7946 0111',
    '4420 7946 0111',
    encodeURIComponent(person.email),
    encodeURIComponent(person.last_Name),
    Buffer.from(bytes).toString('base64').slice(0, 200),
    Buffer.from(bytes).toString('hex').slice(0, 200),
  ].filter((value) => value.length >= 3);
  const leaked = touched.filter((value) => text.includes(value.toLowerCase()));
  expect(leaked, `personal values found in the log:\n${lines.filter((l) => leaked.some((v) => l.toLowerCase().includes(v.toLowerCase()))).join('\n')}`).toEqual([]);
}, 60_000);
