/**
 * `--admin check` against the configured service (the simulator over real HTTP, events injected
 * with POST /_sim/events): how many of the newest events each alarm rule matched and in which
 * categories, the categories with events no rule matches (counts, an example text each, a
 * category only partly matched too); only the newest N are read, also where ids are sparse; an
 * unreachable service, a malformed answer, no service and no credential are one clear line each,
 * never a stack, and none of them stops the kiosk from starting.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator';
import { SimulatorControls } from '../../../electron/simulator/control-client';
import { runCheckCommand, type CheckCommandInput } from '../../../electron/core/provisioning/check-command';
import { alarmRuleReport, alarmRuleReportLines, type EventSource } from '../../../electron/core/provisioning/alarm-rule-report';
import { chooseVault } from '../../../electron/core/credentials/choose-vault';
import { createServiceClient } from '../../../electron/core/service/service-client';
import { DEFAULT_ALARM_RULES } from '../../../electron/core/alarms/alarm-rules';
import type { SystemEvent } from '../../../electron/contract/ipc';
import { systemEvent } from '../../support/events';
import { BADGE_FONTS } from '../../support/badge-fonts';

let sim: RunningSimulator;
let controls: SimulatorControls;
let home: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'kiosk-rule-check-'));
  sim = await startSimulator({ dataDir: join(home, 'sim'), cardholders: 2, historyEvents: 0, eventRate: 0, testControls: true });
  controls = new SimulatorControls(sim.url);
  const inject = async (times: number, event_Category_Name: string, custom_Text: string) => {
    for (let i = 0; i < times; i++) await controls.injectEvent({ event_Category_Name, custom_Text, device_Name: 'Main Entrance' });
  };
  await inject(3, 'Door Forced Open', 'Main Entrance'); // forced open named by its category only
  await inject(1, 'Door Forced Open', 'Door closed'); // the end of it: no alarm, listed below
  await inject(2, 'Door Alarm', 'FORCED OPEN'); // named by its text only
  await inject(1, 'Door Alarm', 'SECURE');
  await inject(2, 'Device Online/Offline', 'ONLINE');
  await inject(1, 'Device Online/Offline', 'OFFLINE');
  await inject(4, 'Intercom', 'Call button pressed');
  await inject(1, 'Intercom', 'Call answered');
  await inject(2, 'Access Denied', 'Denied: card expired');
});
afterAll(async () => {
  await sim.close();
  rmSync(home, { recursive: true, force: true });
});
afterEach(() => controls.clearFaults());

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-rule-check-vault-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function check(argv: string[], more: Partial<CheckCommandInput> = {}): Promise<{ code: number; text: string }> {
  const chunks: string[] = [];
  const stdout = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const code = await runCheckCommand({ load: { systemFile: null, userFile: null, env: {}, argv, platform: 'linux' }, stdout, vaultFor: () => chooseVault(null, { dir }), badgeFontDir: BADGE_FONTS, ...more });
  return { code, text: chunks.join('') };
}

/** The lines of the output from the "Alarm rules:" row up to the verdict. */
const ruleSection = (text: string): string[] => {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Alarm rules:'));
  const end = lines.findIndex((line, i) => i > start && /^(OK:|\d+ problems?:)/.test(line));
  return lines.slice(start, end).filter((line) => line.trim() !== '');
};

const NO_STACK = /\n\s+at |Error:|TypeError|ECONNREFUSED \{/;

describe('--admin check: what the alarm rules match at this site', () => {
  it('counts the events each rule matched (category-only and text-only alarms) and lists the categories no rule matches, with an example text', async () => {
    const { code, text } = await check([`--service-url=${sim.url}`, '--retries=0']);
    expect(code).toBe(0);
    expect(text).toContain('OK: the kiosk will start with this configuration.');
    const section = ruleSection(text);
    expect(section[0]).toMatch(/^Alarm rules: {6}6 rules, checked against the newest 17 events of the service \(ids 1 to 17, \d{4}-\d\d-\d\d \d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    expect(section.slice(1, 8)).toEqual([
      '  door-forced     critical  5 events  in "Door Forced Open" (3), "Door Alarm" (2)',
      "  duress          critical  0 events  none in these events (if the site has such events, compare the rule's words with the categories and texts below)",
      "  tamper          high      0 events  none in these events (if the site has such events, compare the rule's words with the categories and texts below)",
      "  door-held-open  high      0 events  none in these events (if the site has such events, compare the rule's words with the categories and texts below)",
      '  device-offline  medium    1 event   in "Device Online/Offline"',
      '  access-denied   low       2 events  in "Access Denied"',
      '  no rule                   9 events  not alarms',
    ]);
    expect(section.slice(8)).toEqual([
      'Events no rule matches, by category (the kiosk shows them as ordinary rows: check that none should be an alarm):',
      '  "Intercom"               all 5 events   e.g. "Call button pressed" (2 different texts)',
      '  "Device Online/Offline"  2 of 3 events  e.g. "ONLINE"',
      '  "Door Alarm"             1 of 3 events  e.g. "SECURE"',
      '  "Door Forced Open"       1 of 4 events  e.g. "Door closed"',
    ]);
    expect(text).not.toMatch(NO_STACK);
  });

  it('reads only the newest events asked for', async () => {
    const { text } = await check([`--service-url=${sim.url}`], { recentEvents: 3 });
    const section = ruleSection(text);
    expect(section[0]).toMatch(/^Alarm rules: {6}6 rules, checked against the newest 3 events of the service \(ids 15 to 17, /);
    expect(section).toContain('  access-denied   low       2 events  in "Access Denied"');
    expect(section).toContain('  "Intercom"  1 event  e.g. "Call answered"');
  });

  it('checks the rules the configuration gives, not the built-in ones', async () => {
    const rules = [
      { id: 'intercom', priority: 'medium', categories: ['Intercom'], textIncludes: ['call button'] },
      { id: 'forced-category', priority: 'critical', categories: ['Door Forced Open'] },
    ];
    const { code, text } = await check([`--service-url=${sim.url}`, `--alarm-rules=${JSON.stringify(rules)}`]);
    expect(code).toBe(0);
    const section = ruleSection(text);
    expect(section[0]).toMatch(/^Alarm rules: {6}2 rules, checked against the newest 17 events/);
    expect(section).toContain('  forced-category  critical  4 events  in "Door Forced Open"');
    expect(section).toContain('  intercom         medium    4 events  in "Intercom"');
    expect(section).toContain('  "Intercom"               1 of 5 events  e.g. "Call answered"');
    // What these rules miss is there to see: a forced door named in the text only.
    expect(section).toContain('  "Door Alarm"             all 3 events   e.g. "FORCED OPEN" (2 different texts)');
  });

  it('an unreachable service is one line, and the kiosk still starts', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { code, text } = await check([`--service-url=http://127.0.0.1:${port}`, '--retries=0']);
    expect(code).toBe(0);
    const section = ruleSection(text);
    expect(section).toHaveLength(1);
    expect(section[0]).toMatch(/^Alarm rules: {6}6 rules; not checked against events: the service's events could not be read \(unreachable\): \S.+$/);
    expect(text).not.toMatch(NO_STACK);
  });

  it('a malformed answer to the highest id is one line', async () => {
    await controls.setFaults({ malformedJson: { rate: 1 }, pathPrefix: '/api/SystemEvents' });
    const { code, text } = await check([`--service-url=${sim.url}`, '--retries=0']);
    expect(code).toBe(0);
    const section = ruleSection(text);
    expect(section).toHaveLength(1);
    expect(section[0]).toMatch(/^Alarm rules: {6}6 rules; not checked against events: the service's events could not be read \(malformed_answer\): \S.+$/);
    expect(text).not.toMatch(NO_STACK);
  });

  it('a malformed answer to a range of events is one line', async () => {
    // The highest id answers; then every range read answers text that is not JSON.
    const connect: CheckCommandInput['connect'] = (options) => {
      const client = createServiceClient(options);
      return {
        close: () => client.close(),
        listEvents: (from, max, call) => client.listEvents(from, max, call),
        getMaxEventId: async (call) => {
          const max = await client.getMaxEventId(call);
          await controls.setFaults({ malformedJson: { rate: 1 }, pathPrefix: '/api/SystemEvents' });
          return max;
        },
      };
    };
    const { code, text } = await check([`--service-url=${sim.url}`, '--retries=0'], { connect });
    expect(code).toBe(0);
    expect(ruleSection(text)).toEqual([expect.stringMatching(/^Alarm rules: {6}6 rules; not checked against events: the service's events could not be read \(malformed_answer\): \S.+$/)]);
    expect(text).not.toMatch(NO_STACK);
  });

  it('with no service configured, or no credential stored, says why it did not read events', async () => {
    const demo = await check([]);
    expect(ruleSection(demo.text)).toEqual(["Alarm rules:      6 rules; not checked against events (no service configured: the demo's simulator makes its own)"]);
    const noSecret = await check([`--service-url=${sim.url}`, '--auth-scheme=bearer']);
    expect(noSecret.code).toBe(1);
    expect(ruleSection(noSecret.text)).toEqual(["Alarm rules:      6 rules; not checked against events: the service's credential is not stored or cannot be used (see below)"]);
    expect(noSecret.text).toContain('no credential is stored');
  });
});

describe('alarmRuleReport', () => {
  const event = (id: number, category: string, text: string): SystemEvent => systemEvent(id, { created: new Date(Date.UTC(2026, 10, 21, 10, 0, id)).toISOString(), event_Category_Name: category, custom_Text: text });

  it('reads further down where ids are sparse, until it has the newest N, and never more than a bounded span', async () => {
    const asked: Array<[number, number]> = [];
    /** Only every `step`th id of 1..1,000 exists. */
    const sparse = (step: number): EventSource => ({
      getMaxEventId: async () => 1_000,
      listEvents: async (from, max) => {
        asked.push([from, max]);
        const events: SystemEvent[] = [];
        for (let id = Math.max(1, from); id <= Math.min(max, 1_000); id++) if (id % step === 0) events.push(event(id, 'Access Granted', 'Granted'));
        return { maxID: 1_000, events };
      },
    });
    // Every other id: the first range (995, 1000] holds 3, further ranges below bring the other 2.
    const enough = await alarmRuleReport(sparse(2), DEFAULT_ALARM_RULES, { wanted: 5, chunkSize: 500 });
    expect(enough.ok && enough.report).toMatchObject({ events: 5, firstId: 992, lastId: 1_000, unmatched: 5 });
    // Every tenth id: 30 wanted, but no more than 4 × 30 ids below the highest are read.
    const bounded = await alarmRuleReport(sparse(10), DEFAULT_ALARM_RULES, { wanted: 30, chunkSize: 500 });
    expect(bounded.ok && bounded.report).toMatchObject({ events: 12, firstId: 890, lastId: 1_000 });
    expect(asked.every(([from, max]) => from >= 880 && max <= 1_001)).toBe(true);
  });

  it('says when the service has no events yet', async () => {
    const found = await alarmRuleReport({ getMaxEventId: async () => 0, listEvents: async () => ({ maxID: 0, events: [] }) }, DEFAULT_ALARM_RULES, { chunkSize: 500 });
    expect(found.ok && alarmRuleReportLines(found.report)).toEqual({ headline: 'not checked against events: the service has none yet (highest event id 0)', lines: [] });
  });

  it('quotes a text on one line, cut when long, and names an event with no category', async () => {
    const long = `Line one\nline two ${'x'.repeat(100)}`;
    const source: EventSource = { getMaxEventId: async () => 1, listEvents: async () => ({ maxID: 1, events: [event(1, '', long)] }) };
    const found = await alarmRuleReport(source, DEFAULT_ALARM_RULES, { chunkSize: 500 });
    const lines = found.ok ? alarmRuleReportLines(found.report).lines : [];
    expect(lines.at(-1)).toMatch(/^ {2}\(no category\) {2}1 event {2}e\.g\. "Line one line two x+…"$/);
    expect(lines.at(-1)!.length).toBeLessThan(120);
  });
});
