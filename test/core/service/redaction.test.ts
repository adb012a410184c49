// A known secret, every client method (succeeding and failing), and then a search for the secret
// in every form it takes on the wire — in every log line and every error message, detail and field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { SimulatorControls } from '../../../electron/simulator/control-client';
import { createServiceClient, type ServiceClient } from '../../../electron/core/service/service-client';
import { Secret } from '../../../electron/core/credentials/secret';
import { toKioskError } from '../../../electron/core/ipc/failure';
import { createLogger, memorySink } from '../../../electron/core/log/logger';
import type { KioskError } from '../../../electron/contract/ipc';
import { configWith, jpegBytes, recordingSleep, startStub } from './support';

const USER = 'frontdesk';
const PASSWORD = 'S3cr3t-Pa55word-Z9';
const TOKEN = 'tok_9f8e7d6c5b4a39281706';

const forms = (secret: string, user = USER) => {
  const basic = Buffer.from(`${user}:${secret}`).toString('base64');
  return [secret, encodeURIComponent(secret), basic, `Basic ${basic}`, `Bearer ${secret}`];
};

let sim: RunningSimulator;
let controls: SimulatorControls;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, cardholders: 3, eventRate: 0, historyEvents: 20, testControls: true, auth: { scheme: 'basic', username: USER, password: PASSWORD } });
  controls = new SimulatorControls(sim.url);
});
afterAll(() => sim.close());

/** Every client method, once; returns what each one threw. */
async function exerciseAll(service: ServiceClient): Promise<KioskError[]> {
  const errors: KioskError[] = [];
  const attempt = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (thrown) {
      errors.push(toKioskError(thrown));
      const asText = `${String(thrown)} ${(thrown as Error).stack ?? ''}`;
      errors.push({ code: 'internal', message: asText });
    }
  };
  const range = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() };
  await attempt(() => service.listCardHolders());
  await attempt(() => service.getCardHolder(1));
  await attempt(() => service.getCardHolder(999_999));
  await attempt(() => service.createCardHolder({ first_Name: 'Red', last_Name: 'Acted', employee_ID: '9', email: '', sex: 'm', city: '' }));
  await attempt(() => service.createCardHolder({ first_Name: 'Bad', last_Name: 'Sex', employee_ID: '9', email: '', sex: 'Q', city: '' }));
  await attempt(() => service.updateCardHolder({ id: 1, phone: '1' }));
  await attempt(() => service.uploadPhoto(1, { bytes: jpegBytes(), contentType: 'image/jpeg' }));
  await attempt(() => service.listEvents(1, 10));
  await attempt(() => service.getEvent(1));
  await attempt(() => service.getMaxEventId());
  await attempt(() => service.searchEvents(range));
  await attempt(() => service.searchEventsByCodes({ ...range, tenants: [0] }));
  return errors;
}

function expectNoSecret(texts: string[], secretForms: string[]): void {
  const all = texts.join('\n');
  for (const form of secretForms) expect(all).not.toContain(form);
}

const errorTexts = (errors: KioskError[]) => errors.map((e) => JSON.stringify(e));

describe('the credential appears in no log line and no error', () => {
  it('basic: with the right password, a wrong one, and under faults', async () => {
    const { sink, lines } = memorySink();
    const log = createLogger(sink);
    const errors: KioskError[] = [];
    for (const [password, faults] of [
      [PASSWORD, null],
      ['wrong-Pa55word-Q1', null],
      [PASSWORD, { error: { status: 503 } }],
      [PASSWORD, { malformedJson: {} }],
      [PASSWORD, { drop: {} }],
      [PASSWORD, { error: { status: 400 } }],
    ] as const) {
      if (faults) await controls.setFaults(faults);
      const service = createServiceClient({ config: configWith('--auth-scheme=basic', `--auth-username=${USER}`, '--retries=1'), baseUrl: sim.url, secret: new Secret(password), log, sleep: recordingSleep().sleep });
      errors.push(...(await exerciseAll(service)));
      service.close();
      await controls.clearFaults();
    }
    expect(lines.length).toBeGreaterThan(20);
    expect(errors.length).toBeGreaterThan(20);
    expect(errors.map((e) => e.code)).toEqual(expect.arrayContaining(['unauthorized', 'server_error', 'malformed_answer', 'unreachable', 'not_found', 'rejected']));
    expectNoSecret([...lines, ...errorTexts(errors)], [...forms(PASSWORD), ...forms('wrong-Pa55word-Q1')]);
  });

  it('a server that echoes the credential back in its error is redacted (bearer and apiKey)', async () => {
    const stub = await startStub((r) => ({ status: 400, body: { message: `Rejected ${String(r.headers.authorization ?? r.headers['x-api-key'])}`, field: String(r.headers['x-api-key'] ?? 'x') } }));
    const { sink, lines } = memorySink();
    const log = createLogger(sink);
    const errors: KioskError[] = [];
    for (const flags of [['--auth-scheme=bearer'], ['--auth-scheme=apiKey', '--auth-header=X-Api-Key']]) {
      const service = createServiceClient({ config: configWith(...flags), baseUrl: stub.url, secret: new Secret(TOKEN), log, sleep: recordingSleep().sleep });
      errors.push(...(await exerciseAll(service)));
      service.close();
    }
    await stub.close();
    expect(errors.some((e) => e.code === 'rejected' && e.message.includes('[redacted]'))).toBe(true);
    expectNoSecret([...lines, ...errorTexts(errors)], forms(TOKEN));
  });

  it('a Secret never shows its value when printed or serialised', () => {
    const secret = new Secret(TOKEN);
    expect(`${secret}`).toBe('[secret]');
    expect(JSON.stringify({ secret })).toBe('{"secret":"[secret]"}');
    expect(JSON.stringify(secret)).not.toContain(TOKEN);
    expect(secret.reveal()).toBe(TOKEN);
  });
});
