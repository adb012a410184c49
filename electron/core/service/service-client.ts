/**
 * The service client: the one place that talks HTTP to the access-control service. It
 * implements AccessService for all ten endpoints of ../shared/spec/service-api.md by assembling
 * one module per resource — cardholder-endpoints.ts and system-event-endpoints.ts — on the shared
 * HTTP machinery of service-http.ts (axios, the credential's header, TLS, retries of reads only,
 * typed and scrubbed failures). Every answer is validated (service-schemas.ts) and every failure
 * is a typed ServiceFailure (service-errors.ts). Callers see only createServiceClient and the
 * ServiceClient it returns.
 */
import type { AccessService } from './access-service';
import { CARDHOLDER_ENDPOINTS, cardholderEndpoints } from './cardholder-endpoints';
import { SYSTEM_EVENT_ENDPOINTS, systemEventEndpoints } from './system-event-endpoints';
import { ServiceHttp, type ServiceClientOptions } from './service-http';

export type { ServiceClientOptions, Sleep } from './service-http';

/** Every endpoint, by operation name, as the spec names it (method and path template). */
export const ENDPOINTS = { ...CARDHOLDER_ENDPOINTS, ...SYSTEM_EVENT_ENDPOINTS } as const;

export interface ServiceClient extends AccessService {
  readonly baseUrl: string;
  /** host:port, for status and settings. */
  readonly serviceLabel: string;
  /** Closes idle keep-alive connections. */
  close(): void;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const http = new ServiceHttp(options);
  return {
    baseUrl: http.baseUrl,
    serviceLabel: http.serviceLabel,
    close: () => http.close(),
    ...cardholderEndpoints(http),
    ...systemEventEndpoints(http),
  };
}
