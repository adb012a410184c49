/**
 * `--admin check`: what an administrator runs after provisioning a workstation. Loads every layer
 * of the configuration as the kiosk does (checkConfig), prints which files were read (the
 * system-wide path first), every problem key by key, whether the credential the configuration
 * needs is stored, and what the first start will do; against the configured service, what the
 * alarm rules match in its newest events and which categories no rule matches
 * (alarm-rule-report.ts). Exit code 0 when the kiosk would start with this configuration, 1
 * otherwise (a service that cannot be read is said in one line and does not stop the kiosk
 * starting). Never prints a secret.
 */
import type { KioskConfig } from '../config/config-schema';
import { checkConfig, type LoadConfigOptions } from '../config/load-config';
import { serviceLabelOf, siteNamesFor } from '../config/settings';
import { toKioskError } from '../ipc/failure';
import type { CredentialVault } from '../credentials/vault';
import { provisionedOrBuiltIn } from '../badges/built-in-templates';
import { englishBadgeProblem } from '../../contract/badge-problem-text';
import { loadBadgeFontMetrics } from '../badges/font-metrics';
import { resolveLocale } from '../config/locale';
import type { Secret } from '../credentials/secret';
import { credentialBindingProblem } from '../credentials/credential-binding';
import { createServiceClient, type ServiceClientOptions } from '../service/service-client';
import { createLogger, silentSink } from '../log/logger';
import { alarmRuleReport, alarmRuleReportLines, RECENT_EVENTS, type EventSource } from './alarm-rule-report';

export interface CheckCommandInput {
  load: LoadConfigOptions;
  stdout: NodeJS.WritableStream;
  /** The vault the kiosk would use with this configuration (its location depends on kiosk.dataDir). */
  vaultFor: (config: KioskConfig) => CredentialVault;
  /** Where the shipped badge fonts are (every language's words of a template are checked to fit with them). */
  badgeFontDir: string;
  /** Builds the client that reads the service's newest events for the alarm rules' report; default createServiceClient. */
  connect?: (options: ServiceClientOptions) => EventSource & { close(): void };
  /** How many of the service's newest events the alarm rules are checked against; default 5,000, 0: not at all. */
  recentEvents?: number;
}

const FILE_STATES = { found: 'read', absent: 'not present', unreadable: 'could not be used (see below)' } as const;

export async function runCheckCommand(input: CheckCommandInput): Promise<number> {
  const print = (text = '') => input.stdout.write(`${text}\n`);
  const row = (name: string, value: string) => print(`${`${name}:`.padEnd(18)}${value}`);
  const result = checkConfig(input.load);
  const problems = [...result.problems];

  for (const file of result.files) row(file.layer === 'system' ? 'System-wide file' : 'User file', `${file.path} (${FILE_STATES[file.state]})`);

  const config = result.config;
  if (config) {
    row('Service', config.service.url ? `${config.service.url} (${serviceLabelOf(config.service.url)})` : 'none configured: the kiosk runs the demo on its embedded simulator');
    row('Home screen', config.kiosk.homeView);
    row('Language', config.kiosk.locale === 'auto' ? `auto: ${resolveLocale('auto')} (the operating system's)` : config.kiosk.locale);
    row('Start at login', config.kiosk.startAtLogin ? 'yes' : 'no');
    let secret: Secret | null = null;
    let credentialMissing = false;
    if (config.service.url && config.service.auth.scheme !== 'none') {
      const vault = input.vaultFor(config);
      credentialMissing = true;
      try {
        secret = await vault.read();
        credentialMissing = secret === null;
        if (secret) row('Credential', `stored in ${vault.describe().location}`);
        else {
          row('Credential', 'not set');
          problems.push({
            key: 'credential',
            text: `service.auth.scheme is "${config.service.auth.scheme}" but no credential is stored: run "--admin set-secret" as the kiosk's user (it reads the secret from standard input)`,
          });
        }
      } catch (thrown) {
        row('Credential', 'cannot be used');
        problems.push({ key: 'credential', text: toKioskError(thrown).message });
      }
    } else {
      row('Credential', 'not needed (no authentication or no service)');
    }
    // Badge templates: every file and element that would stop a badge from printing.
    // None provisioned (no folder, or a folder without a template): the built-in ones print.
    const found = await provisionedOrBuiltIn(config.badges.templatesDir, siteNamesFor(config.site, null), await loadBadgeFontMetrics(input.badgeFontDir));
    const usable = found.templates.filter((t) => t.problems.length === 0).length;
    if (found.builtIn) row('Badge templates', `built in: an employee card and a visitor card (${config.badges.templatesDir ? `${config.badges.templatesDir} holds none` : 'badges.templatesDir is not set'}); provisioned templates replace them`);
    else row('Badge templates', `${config.badges.templatesDir} (${found.templates.length} found, ${usable} usable)`);
    if (found.problem) problems.push({ key: 'badges.templatesDir', text: found.problem });
    for (const t of found.templates) for (const p of t.problems) problems.push({ key: `badge template ${t.file}`, text: englishBadgeProblem(p) });
    row('Badge printer', config.badges.printer ?? 'none (Save as PDF only)');
    await reportAlarmRules(input, config, secret, credentialMissing, row, print);
  }

  print();
  if (problems.length === 0) {
    print('OK: the kiosk will start with this configuration.');
    return 0;
  }
  print(`${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
  for (const problem of problems) print(`  ${problem.key || '(file)'}: ${problem.text}`);
  // Badge templates do not stop the kiosk from starting: a template with a problem is not printed.
  const onlyBadges = problems.every((p) => p.key.startsWith('badge template ') || p.key === 'badges.templatesDir');
  print(onlyBadges ? 'The kiosk starts, but no badge is printed with these templates until they are fixed.' : 'The kiosk will not start until these are fixed.');
  return 1;
}

/** The alarm rules against the configured service's newest events: a row, then what each rule matched and what none did. */
async function reportAlarmRules(
  input: CheckCommandInput,
  config: KioskConfig,
  secret: Secret | null,
  credentialMissing: boolean,
  row: (name: string, value: string) => void,
  print: (text?: string) => void,
): Promise<void> {
  const rules = config.alarms.rules;
  const count = `${rules.length} rule${rules.length === 1 ? '' : 's'}`;
  const url = config.service.url;
  const wanted = input.recentEvents ?? RECENT_EVENTS;
  if (!url) return row('Alarm rules', `${count}; not checked against events (no service configured: the demo's simulator makes its own)`);
  if (wanted <= 0) return row('Alarm rules', `${count}; not checked against events`);
  if (credentialMissing) return row('Alarm rules', `${count}; not checked against events: the service's credential is not stored or cannot be used (see below)`);
  let client: (EventSource & { close(): void }) | null = null;
  try {
    const credentialProblem = secret && config.service.auth.scheme !== 'none' ? credentialBindingProblem(secret, url) : null;
    const connect = input.connect ?? ((options: ServiceClientOptions) => createServiceClient(options));
    client = connect({ config, baseUrl: url, secret, credentialProblem, log: createLogger(silentSink) });
    const result = await alarmRuleReport(client, rules, { wanted, chunkSize: config.feed.chunkSize });
    if (!result.ok) {
      row('Alarm rules', `${count}; not checked against events: the service's events could not be read (${result.error.code}): ${result.error.message}`);
      return;
    }
    const { headline, lines } = alarmRuleReportLines(result.report);
    row('Alarm rules', result.report.events === 0 ? `${count}; ${headline}` : `${count}, checked against ${headline}`);
    for (const line of lines) print(line);
  } catch (thrown) {
    const error = toKioskError(thrown);
    row('Alarm rules', `${count}; not checked against events (${error.code}): ${error.message}`);
  } finally {
    client?.close();
  }
}
