// A small typed client for the simulator's /_sim/ test controls, over global fetch.
// For tests and tools; imports types only, so it never pulls the server into a bundle.

import type { ApiErrorBody, FaultSpec, InjectableEvent, PhotoMeta, SystemEventRecord } from './records';

export type { CardHolderRecord, FaultSpec, InjectableEvent, PhotoMeta, SystemEventRecord } from './records';

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
