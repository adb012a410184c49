// The HTTP(S) server of the simulator: the request pipeline (test controls, faults, credentials,
// routing, errors, then the body sent normally or under a delivery fault) and connection
// bookkeeping so close() ends every socket. A handler failure becomes a JSON 500; nothing a
// client sends can take the process down.

import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { checkCredentials } from './auth';
import { BodyDelivery } from './body-delivery';
import { cardholderRoutes } from './cardholder-api';
import { eventRoutes } from './event-api';
import { malformResponse, type DeliveryPlan } from './faults';
import { ApiError, bodyLength, drainRequest, writeResponse, type SimResponse } from './http-exchange';
import { RouteTable } from './routing';
import type { Simulation } from './simulation';
import { testControlRoutes } from './test-control-api';

export const TEST_CONTROL_PREFIX = '/_sim/';

export interface ServerOptions {
  tls?: { key: string | Buffer; cert: string | Buffer };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** " (body throttled to 100 B/s, truncated after 10 bytes)" for the request log; "" when sent normally. */
function describeDelivery(plan: DeliveryPlan | undefined): string {
  if (plan === undefined) return '';
  const what: string[] = [];
  if (plan.bytesPerSecond !== undefined) what.push(`throttled to ${plan.bytesPerSecond} B/s`);
  if (plan.cut !== undefined) what.push(`${plan.cut.then === 'close' ? 'truncated' : 'stalled'} after ${plan.cut.afterBytes} bytes`);
  return ` (body ${what.join(', ')})`;
}

function isTestControlPath(path: string): boolean {
  return path === '/_sim' || path.startsWith(TEST_CONTROL_PREFIX);
}

export class SimulatorServer {
  readonly server: Server;
  private readonly apiRoutes: RouteTable;
  private readonly controlRoutes: RouteTable;
  private readonly sockets = new Set<Socket>();
  private readonly delivery = new BodyDelivery();

  constructor(
    private readonly sim: Simulation,
    options: ServerOptions,
  ) {
    this.apiRoutes = new RouteTable([...cardholderRoutes(sim), ...eventRoutes(sim)]);
    this.controlRoutes = new RouteTable(testControlRoutes(sim));
    // Replacing or clearing the faults (also by a reset) ends the answers left stalled.
    sim.faults.onReplaced = () => this.delivery.endStalled();
    const listener = (req: IncomingMessage, res: ServerResponse): void => {
      this.handle(req, res).catch((error: unknown) => {
        sim.settings.log(`Unexpected failure answering ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
        res.destroy();
      });
    };
    this.server = options.tls === undefined ? createHttpServer(listener) : createHttpsServer(options.tls, listener);
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    this.server.on('secureConnection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    this.server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
      if (socket.writable && error.code !== 'ECONNRESET') {
        const body = JSON.stringify({ error: 'bad_request', message: 'The request is not valid HTTP.' });
        socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      } else {
        socket.destroy();
      }
    });
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        const address = this.server.address();
        resolve(typeof address === 'object' && address !== null ? address.port : port);
      });
    });
  }

  /** Stops accepting, ends every connection (idle or not) and waits for the server to close. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.delivery.endAll();
      for (const socket of this.sockets) socket.destroy();
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const raw = req.url ?? '/';
    // Prefixing keeps "//host/path" a path instead of a protocol-relative address.
    const url = new URL(`http://simulator.invalid${raw.startsWith('/') ? raw : `/${raw}`}`);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    let response: SimResponse;
    const api = !isTestControlPath(path);
    if (!api) {
      response = this.sim.settings.testControls
        ? await this.route(this.controlRoutes, req, url)
        : new ApiError(404, `No such path: ${path}`).toResponse();
    } else {
      const fault = this.sim.faults.plan(path);
      if (fault.latencyMs > 0) await sleep(fault.latencyMs);
      if (fault.drop === 'before') {
        this.logRequest(`${method} ${url.pathname} dropped (fault)`);
        req.socket.destroy();
        return;
      }
      if (fault.errorStatus !== undefined) {
        response = new ApiError(fault.errorStatus, `Injected fault: status ${fault.errorStatus}.`).toResponse();
      } else {
        response = await this.authenticatedRoute(req, url);
      }
      if (fault.malformed) response = malformResponse(response);
      if (fault.drop === 'after') {
        this.logRequest(`${method} ${url.pathname} handled, then dropped (fault)`);
        req.socket.destroy();
        return;
      }
    }
    // Whatever the handler did not read is read and discarded, so the client can read the answer.
    const drained = await drainRequest(req);
    const sendsBody = method !== 'HEAD' && response.status !== 204 && response.status !== 304;
    const delivery = api ? this.sim.faults.planDelivery(path, sendsBody ? bodyLength(response.body) : 0) : undefined;
    if (delivery === undefined) {
      writeResponse(res, response, !drained);
    } else {
      this.delivery.send(res, response, delivery, !drained);
    }
    if (!drained) res.once('finish', () => req.socket.destroy());
    this.logRequest(`${method} ${url.pathname}${url.search} ${response.status} ${Date.now() - started} ms${describeDelivery(delivery)}`);
  }

  private logRequest(line: string): void {
    if (this.sim.settings.logRequests) this.sim.settings.log(line);
  }

  private async authenticatedRoute(req: IncomingMessage, url: URL): Promise<SimResponse> {
    try {
      checkCredentials(this.sim.settings.auth, req);
    } catch (error) {
      if (error instanceof ApiError) return error.toResponse();
      throw error;
    }
    return this.route(this.apiRoutes, req, url);
  }

  private async route(table: RouteTable, req: IncomingMessage, url: URL): Promise<SimResponse> {
    try {
      const { route, params } = table.resolve(req.method ?? 'GET', url.pathname);
      return await route.handle({ req, url, params });
    } catch (error) {
      if (error instanceof ApiError) return error.toResponse();
      this.sim.settings.log(`Internal error on ${req.method} ${url.pathname}: ${(error as Error).stack ?? String(error)}`);
      return new ApiError(500, 'The simulator failed to handle this request; see its log.').toResponse();
    }
  }
}
