// The simulated service's state and lifecycle: directory (with the list's test answer and
// validators), event log, photos, store, faults and the live event generator; opening (load, or seed on first start / fresh), reset to the seeded
// state, event injection, "database restore", and closing with a final flush. No HTTP here.

import { join } from 'node:path';
import type { SimulatorAuth } from './auth';
import { seedCardholderChunks } from './cardholder-seed';
import { CardholderDirectory } from './cardholders';
import { EventFactory, injectedEventAttributes } from './event-factory';
import { EventGenerator, historyEvents } from './event-generator';
import { EventLog, type StoredEvent } from './events';
import { FaultInjector } from './faults';
import { ListAnswerControl } from './list-answer';
import { ListValidators } from './list-validators';
import { PhotoArchive } from './photos';
import type { InjectableEvent } from './records';
import { SeededRandom } from './seeded-random';
import { SimulatorStore } from './store';

/** Every option with its default applied (see SimulatorOptions in index.ts). */
export interface SimulationSettings {
  dataDir: string;
  fresh: boolean;
  cardholders: number;
  eventRate: number;
  seed: number;
  auth: SimulatorAuth;
  testControls: boolean;
  /** ETag/Last-Modified/Cache-Control on GET /api/CardHolders and the 304 answers. */
  validators: boolean;
  maxPhotoBytes: number;
  maxBodyBytes: number;
  historyEvents: number;
  maxEvents: number;
  log: (line: string) => void;
  logRequests: boolean;
}

export class Simulation {
  readonly directory = new CardholderDirectory();
  readonly listAnswer = new ListAnswerControl(this.directory);
  readonly listValidators = new ListValidators(this.directory, this.listAnswer);
  readonly events: EventLog;
  readonly photos: PhotoArchive;
  readonly faults: FaultInjector;
  private readonly store: SimulatorStore;
  private readonly factory: EventFactory;
  private readonly generator: EventGenerator;

  constructor(readonly settings: SimulationSettings) {
    this.events = new EventLog(settings.maxEvents);
    this.photos = new PhotoArchive(join(settings.dataDir, 'photos'));
    this.faults = new FaultInjector(new SeededRandom(settings.seed + 3));
    this.store = new SimulatorStore(settings.dataDir, this.directory, this.events, settings.seed, settings.log);
    this.factory = new EventFactory(new SeededRandom(settings.seed + 2), (rng) => this.directory.randomName(rng));
    this.generator = new EventGenerator(this.events, this.factory);
  }

  /** Loads the stored state, or seeds it on first start (or when `fresh`); starts the generator. */
  async open(): Promise<void> {
    const started = Date.now();
    if (this.settings.fresh) {
      await this.store.clear();
      await this.photos.clear();
    }
    if (!this.settings.fresh && (await this.store.load())) {
      this.settings.log(
        `Loaded ${this.directory.size} cardholders and ${this.events.size} events from ${this.settings.dataDir} in ${Date.now() - started} ms`,
      );
    } else {
      this.seed();
      await this.store.flush();
      this.settings.log(
        `Seeded ${this.directory.size} cardholders and ${this.events.size} events in ${this.settings.dataDir} in ${Date.now() - started} ms`,
      );
    }
    this.generator.start(this.settings.eventRate);
  }

  /** Back to the seeded state: cardholders, event history, no photos, no faults, the normal list. */
  async reset(): Promise<void> {
    this.generator.stop();
    this.faults.clear();
    this.listAnswer.reset();
    await this.photos.clear();
    this.seed();
    await this.store.flush();
    this.generator.start(this.settings.eventRate);
  }

  injectEvent(partial: Partial<InjectableEvent> = {}): StoredEvent {
    return this.events.append(injectedEventAttributes(partial, Date.now()));
  }

  /** As after a database restore: events above maxId disappear and ids continue from maxId + 1. */
  restore(maxId: number): void {
    this.events.restore(maxId);
  }

  async flush(): Promise<void> {
    await this.store.flush();
  }

  async close(): Promise<void> {
    this.generator.stop();
    await this.store.close();
  }

  private seed(): void {
    const { cardholders, seed, historyEvents: historyCount } = this.settings;
    this.directory.replaceWithChunks(cardholders, seedCardholderChunks(cardholders, seed));
    this.events.replaceAll([], 1);
    const historyRng = new SeededRandom(seed + 1);
    const historyFactory = new EventFactory(historyRng, (rng) => this.directory.randomName(rng));
    for (const attributes of historyEvents(historyFactory, historyCount, Date.now(), historyRng)) {
      this.events.append(attributes);
    }
  }
}
