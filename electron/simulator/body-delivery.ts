// Sending an answer's body under the delivery faults: trickled at a rate (throttle), cut off after
// some bytes with the connection closed (truncate), or left silent after some bytes with the
// connection open (stall). The headers always carry the full Content-Length. Keeps the answers in
// progress so stalled and trickling ones end when the faults change or the server closes; holds
// no timer that keeps the process alive.

import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { DeliveryPlan } from './faults';
import { headersToSend, type SimResponse } from './http-exchange';

/** Slices per second when trickling (fewer for very low rates: at least one byte per slice). */
const SLICES_PER_SECOND = 20;

/** Reads a body given as parts, up to a limit, without copying it. */
class BodyCursor {
  private part = 0;
  private offset = 0;
  private sent = 0;

  constructor(
    private readonly parts: readonly Buffer[],
    private readonly limit: number,
  ) {}

  get done(): boolean {
    return this.sent >= this.limit;
  }

  /** Up to `bytes` more bytes (never past the limit), as views of the parts. */
  take(bytes: number): Buffer[] {
    const taken: Buffer[] = [];
    let wanted = Math.min(bytes, this.limit - this.sent);
    while (wanted > 0 && this.part < this.parts.length) {
      const part = this.parts[this.part] ?? Buffer.alloc(0);
      const slice = part.subarray(this.offset, this.offset + wanted);
      if (slice.length > 0) taken.push(slice);
      wanted -= slice.length;
      this.sent += slice.length;
      this.offset += slice.length;
      if (this.offset >= part.length) {
        this.part++;
        this.offset = 0;
      }
    }
    return taken;
  }
}

export class BodyDelivery {
  /** Answers in progress under a delivery fault, with the function that ends each one. */
  private readonly inProgress = new Map<ServerResponse, () => void>();
  /** Stalled answers: their sockets stay open and silent until ended. */
  private readonly stalled = new Set<Socket>();

  /** Sends `response` following `plan`; does nothing when the client has gone. */
  send(res: ServerResponse, response: SimResponse, plan: DeliveryPlan, closeConnection: boolean): void {
    const socket = res.socket;
    if (res.destroyed || res.headersSent || socket === null) return;
    const body = response.body;
    const parts: readonly Buffer[] = body === undefined ? [] : Buffer.isBuffer(body) ? [body] : (body as readonly Buffer[]);
    const headers = headersToSend(response, closeConnection);
    const total = Number(headers['content-length'] ?? 0);
    const cursor = new BodyCursor(parts, Math.min(plan.cut?.afterBytes ?? total, total));
    let timer: NodeJS.Timeout | undefined;
    const stop = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      this.inProgress.delete(res);
    };
    this.inProgress.set(res, () => {
      stop();
      socket.destroy();
    });
    res.once('close', stop);
    res.writeHead(response.status, headers);
    res.flushHeaders();

    const finish = (): void => {
      stop();
      if (plan.cut === undefined) {
        res.end();
      } else if (plan.cut.then === 'close') {
        // end() sends what was written, then the FIN; the connection is gone before the body is complete.
        socket.end(() => socket.destroy());
      } else {
        this.stalled.add(socket);
        socket.once('close', () => this.stalled.delete(socket));
      }
    };

    if (plan.bytesPerSecond === undefined) {
      for (const slice of cursor.take(Number.POSITIVE_INFINITY)) res.write(slice);
      finish();
      return;
    }
    const sliceBytes = Math.max(1, Math.floor(plan.bytesPerSecond / SLICES_PER_SECOND));
    const intervalMs = (sliceBytes * 1000) / plan.bytesPerSecond;
    const step = (): void => {
      timer = undefined;
      if (res.destroyed) return;
      let writable = true;
      for (const slice of cursor.take(sliceBytes)) writable = res.write(slice);
      if (cursor.done) {
        finish();
        return;
      }
      const next = (): void => {
        timer = setTimeout(step, intervalMs);
        timer.unref();
      };
      if (writable) next();
      else res.once('drain', next);
    };
    timer = setTimeout(step, intervalMs);
    timer.unref();
  }

  /** Ends every stalled answer (their connections are closed); trickling ones go on. */
  endStalled(): void {
    for (const socket of this.stalled) socket.destroy();
    this.stalled.clear();
  }

  /** Ends every answer in progress under a delivery fault. */
  endAll(): void {
    for (const end of [...this.inProgress.values()]) end();
    this.endStalled();
  }
}
