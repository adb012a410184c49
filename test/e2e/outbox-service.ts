/**
 * An access-control service that end-to-end tests can really stop and start again: the simulator
 * on a fixed loopback port with its own data directory (what it holds survives the restart), and
 * a kiosk preview configured to use it — so "the service is down" is a refused connection, as on
 * a building network, not a fault answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type RunningSimulator } from '../../electron/simulator';
import { SimulatorControls } from '../../electron/simulator/control-client';

const SITE = [
  '--site-tenants=[{"id":0,"name":"Building (shared)"},{"id":2,"name":"Contoso Labs"}]',
  '--site-cardholder-types=[{"id":1,"name":"Employee"},{"id":3,"name":"Visitor"}]',
];

export class StoppableService {
  private running: RunningSimulator | null = null;
  private port = 0;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-service-'));

  async start(): Promise<void> {
    if (this.running) return;
    this.running = await startSimulator({ port: this.port, dataDir: this.dataDir, cardholders: 60, eventRate: 0, historyEvents: 50, testControls: true });
    this.port = this.running.port;
  }

  /** Stops listening: connections are refused until start() (the records are kept). */
  async stop(): Promise<void> {
    const running = this.running;
    this.running = null;
    await running?.close();
  }

  get url(): string {
    if (this.port === 0) throw new Error('the service was never started');
    return `http://127.0.0.1:${this.port}`;
  }

  get controls(): SimulatorControls {
    return new SimulatorControls(this.url);
  }

  /** The kiosk's command line for this service (no credential; site names for the form). */
  kioskArgs(): string[] {
    return [`--service-url=${this.url}`, '--retries=0', ...SITE];
  }

  async list(): Promise<Array<Record<string, unknown>>> {
    return (await (await fetch(`${this.url}/api/CardHolders`)).json()) as Array<Record<string, unknown>>;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
