// The simulated service's state and lifecycle: directory (with the list's test answer and
// validators), event log, photos, store, faults and the live event generator (its rate changeable
// at run time); opening (load, or seed on first start / fresh), reset to the seeded state, event
// injection (ordinary, malformed, in bulk), "database restore", and closing with a final flush.
// No HTTP here.

import { join } from 'node:path';
import type { SimulatorAuth } from './auth';
import { seedCardholderChunks } from './cardholder-seed';
import { CardholderDirectory } from './cardholders';
import { DEFAULT_ALARM_SHARE, EventFactory, injectedEventAttributes, overlayInjectedFields } from './event-factory';
import { EventGenerator, historyEvents } from './event-generator';
import { DEFAULT_OVERSIZE_BYTES } from './event-json';
import { EventLog, parseIsoTimestamp, type StoredEvent } from './events';
import { FaultInjector } from './faults';
import { ListAnswerControl } from './list-answer';
import { ListValidators } from './list-validators';
import { PhotoArchive } from './photos';
import type { BulkEventsRequest, BulkEventsResult, GeneratorSettings, InjectableEvent, MalformedEventRequest } from './records';
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
    this.generator.start(this.configuredGenerator());
  }

  /** Back to the seeded state: cardholders, event history, no photos, no faults, the normal list, the configured generator. */
  async reset(): Promise<void> {
    this.generator.stop();
    this.faults.clear();
    this.listAnswer.reset();
    await this.photos.clear();
    this.seed();
    await this.store.flush();
    this.generator.start(this.configuredGenerator());
  }

  injectEvent(partial: Partial<InjectableEvent> = {}): StoredEvent {
    return this.events.append(injectedEventAttributes(partial, Date.now()));
  }

  /** A malformed event at the next id; a RangeError (and no event) when an oversize one cannot be `bytes` long. */
  injectMalformedEvent(request: MalformedEventRequest): StoredEvent {
    const { kind, bytes, ...partial } = request;
    const attributes = injectedEventAttributes(partial, Date.now());
    // The length is kept with the event (not left to the default), so a reload makes it the same.
    return this.events.append({ ...attributes, malformed: kind === 'oversize' ? { kind, bytes: bytes ?? DEFAULT_OVERSIZE_BYTES } : { kind } });
  }

  /** `count` events at once, made now: ordinary (no alarms) or as the live generator makes them; the fields given laid over each. */
  appendBulk(request: BulkEventsRequest): BulkEventsResult {
    const { count, kind, created, ...partial } = request;
    const nowMs = Date.now();
    const createdMs = created === undefined ? undefined : parseIsoTimestamp(created);
    if (created !== undefined && createdMs === undefined) throw new RangeError(`created is not an ISO 8601 timestamp: ${created}`);
    const { alarmShare } = this.generator.settings;
    const make = kind === 'ordinary' ? () => this.factory.ordinary(nowMs) : () => this.factory.generated(nowMs, alarmShare);
    return this.events.appendMany(count, () => overlayInjectedFields(make(), partial, createdMs));
  }

  /** The live generator's rate and alarm share. */
  get generatorSettings(): GeneratorSettings {
    return this.generator.settings;
  }

  /** Changes the live generator's rate (0 stops it) and, when given, its alarm share, without a restart. */
  setGenerator(change: { eventsPerSecond: number; alarmShare?: number }): GeneratorSettings {
    this.generator.start({ eventsPerSecond: change.eventsPerSecond, alarmShare: change.alarmShare ?? this.generator.settings.alarmShare });
    return this.generator.settings;
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

  private configuredGenerator(): GeneratorSettings {
    return { eventsPerSecond: this.settings.eventRate, alarmShare: DEFAULT_ALARM_SHARE };
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
