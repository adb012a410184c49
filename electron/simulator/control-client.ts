// A small typed client for the simulator's /_sim/ test controls, over global fetch.
// For tests and tools; imports types only, so it never pulls the server into a bundle.

import type {
  ApiErrorBody,
  BulkEventsRequest,
  BulkEventsResult,
  EventStats,
  FaultRule,
  FaultSpec,
  GeneratorSettings,
  InjectableEvent,
  ListAnswer,
  ListEdit,
  MalformedEventRequest,
  MalformedEventResult,
  PhotoMeta,
  SystemEventRecord,
} from './records';

/** Every record type of the simulator's API and test controls (records.ts holds types only). */
export type * from './records';

/** Where a body fault applies: every API path (default) or those starting with pathPrefix. */
export interface FaultScope {
  pathPrefix?: string;
}

export class SimulatorControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ApiErrorBody> | undefined,
    what: string,
  ) {
    super(`${what} failed with status ${status}${body?.message === undefined ? '' : `: ${body.message}`}`);
    this.name = 'SimulatorControlError';
  }
}

export class SimulatorControls {
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async injectEvent(partial: Partial<InjectableEvent> = {}): Promise<SystemEventRecord> {
    return (await this.send('POST', '/_sim/events', partial, 'Injecting an event')) as SystemEventRecord;
  }

  /**
   * Appends a malformed ("poison") event at the next id, its JSON off the spec as `kind` says; the
   * other fields set its internal attributes as for injectEvent. Answers the id it occupies and the
   * length of its JSON.
   */
  async injectMalformedEvent(request: MalformedEventRequest): Promise<MalformedEventResult> {
    return (await this.send('POST', '/_sim/events/malformed', request, 'Injecting a malformed event')) as MalformedEventResult;
  }

  /** Appends `count` events at once (ordinary, or as the live generator makes them), the fields given laid over each. */
  async injectBulkEvents(request: BulkEventsRequest): Promise<BulkEventsResult> {
    return (await this.send('POST', '/_sim/events/bulk', request, 'Appending events in bulk')) as BulkEventsResult;
  }

  /** Counts of the retained events with fromId ≤ record_ID ≤ toId (each end optional). */
  async eventStats(range: { fromId?: number; toId?: number } = {}): Promise<EventStats> {
    const query = new URLSearchParams();
    if (range.fromId !== undefined) query.set('fromId', String(range.fromId));
    if (range.toId !== undefined) query.set('toId', String(range.toId));
    const suffix = query.size === 0 ? '' : `?${query.toString()}`;
    return (await this.send('GET', `/_sim/events/stats${suffix}`, undefined, 'Counting events')) as EventStats;
  }

  /** The live generator's rate and alarm share. */
  async generator(): Promise<GeneratorSettings> {
    return (await this.send('GET', '/_sim/generator', undefined, 'Reading the generator settings')) as GeneratorSettings;
  }

  /** Changes the live generator's rate (0 stops it) and, when given, its alarm share; answers the new settings. */
  async setGenerator(settings: { eventsPerSecond: number; alarmShare?: number }): Promise<GeneratorSettings> {
    return (await this.send('POST', '/_sim/generator', settings, 'Setting the generator')) as GeneratorSettings;
  }

  async setFaults(faults: FaultSpec): Promise<void> {
    await this.send('POST', '/_sim/faults', faults, 'Setting faults');
  }

  async clearFaults(): Promise<void> {
    await this.send('DELETE', '/_sim/faults', undefined, 'Clearing faults');
  }

  /** Faults currently set, with the counts left. */
  async faults(): Promise<FaultSpec> {
    return (await this.send('GET', '/_sim/faults', undefined, 'Reading faults')) as FaultSpec;
  }

  /**
   * Answers are cut off after `afterBytes` body bytes and the connection closed (the headers carry
   * the full Content-Length). Replaces the whole fault set, like setFaults.
   */
  async truncateBodies(rule: FaultRule & { afterBytes: number } & FaultScope): Promise<void> {
    const { pathPrefix, ...truncate } = rule;
    await this.setFaults({ ...(pathPrefix === undefined ? {} : { pathPrefix }), truncate });
  }

  /** Bodies trickle at about `bytesPerSecond`. Replaces the whole fault set, like setFaults. */
  async throttleBodies(rule: FaultRule & { bytesPerSecond: number } & FaultScope): Promise<void> {
    const { pathPrefix, ...throttle } = rule;
    await this.setFaults({ ...(pathPrefix === undefined ? {} : { pathPrefix }), throttle });
  }

  /**
   * Status and headers at once, then the body one byte a second, until the client gives up (it
   * goes on after the faults are cleared). Replaces the whole fault set, like setFaults.
   */
  async dripBodies(rule: FaultRule & FaultScope = {}): Promise<void> {
    const { pathPrefix, ...drip } = rule;
    await this.setFaults({ ...(pathPrefix === undefined ? {} : { pathPrefix }), drip });
  }

  /**
   * Answers stop after `afterBytes` body bytes and the connection stays open and silent until the
   * client gives up (or the faults are cleared). Replaces the whole fault set, like setFaults.
   */
  async stallBodies(rule: FaultRule & { afterBytes: number } & FaultScope): Promise<void> {
    const { pathPrefix, ...stall } = rule;
    await this.setFaults({ ...(pathPrefix === undefined ? {} : { pathPrefix }), stall });
  }

  /** What GET /api/CardHolders answers from now on (the setting as stored, defaults applied). */
  async setListAnswer(answer: ListAnswer): Promise<ListAnswer> {
    return (await this.send('POST', '/_sim/cardholders/list-answer', answer, 'Setting the list answer')) as ListAnswer;
  }

  /** GET /api/CardHolders answers 200 []. */
  async answerEmptyList(): Promise<ListAnswer> {
    return this.setListAnswer({ mode: 'empty' });
  }

  /** GET /api/CardHolders answers exactly this text (status default 200, content type default JSON, "" for none). */
  async answerRawList(body: string, options: { status?: number; contentType?: string } = {}): Promise<ListAnswer> {
    return this.setListAnswer({ mode: 'raw', body, ...options });
  }

  /** GET /api/CardHolders answers the real list with these edits applied. */
  async answerMutatedList(edits: ListEdit[]): Promise<ListAnswer> {
    return this.setListAnswer({ mode: 'mutate', edits });
  }

  /** The current list answer. */
  async listAnswer(): Promise<ListAnswer> {
    return (await this.send('GET', '/_sim/cardholders/list-answer', undefined, 'Reading the list answer')) as ListAnswer;
  }

  /** GET /api/CardHolders answers the real list again. */
  async clearListAnswer(): Promise<void> {
    await this.send('DELETE', '/_sim/cardholders/list-answer', undefined, 'Clearing the list answer');
  }

  async restore(maxId: number): Promise<void> {
    await this.send('POST', '/_sim/restore', { maxId }, 'Restoring event ids');
  }

  /** Metadata of the stored photo, null when the cardholder has none. */
  async photo(id: number): Promise<PhotoMeta | null> {
    const response = await fetch(`${this.baseUrl}/_sim/photos/${id}`);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    return (await this.read(response, 'Reading photo metadata')) as PhotoMeta;
  }

  /** The stored photo bytes, null when the cardholder has none. */
  async photoContent(id: number): Promise<Uint8Array | null> {
    const response = await fetch(`${this.baseUrl}/_sim/photos/${id}/content`);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) await this.read(response, 'Reading a photo');
    return new Uint8Array(await response.arrayBuffer());
  }

  async reset(): Promise<void> {
    await this.send('POST', '/_sim/reset', undefined, 'Resetting the simulator');
  }

  private async send(method: string, path: string, body: unknown, what: string): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return this.read(response, what);
  }

  private async read(response: Response, what: string): Promise<unknown> {
    const text = await response.text();
    let value: unknown;
    try {
      value = text === '' ? undefined : JSON.parse(text);
    } catch {
      value = { message: text.slice(0, 200) };
    }
    if (!response.ok) throw new SimulatorControlError(response.status, value as Partial<ApiErrorBody> | undefined, what);
    return value;
  }
}
