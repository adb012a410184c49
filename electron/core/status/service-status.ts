/**
 * The service status operation: is the access-control service reachable, and what is its highest
 * event id (GET /api/SystemEvents/maxid). It never throws: a failure becomes reachable=false with
 * the typed KioskError. It names the service by its label only (host:port), never by credentials.
 */
import type { ServiceStatus } from '../../contract/ipc';
import { toKioskError } from '../ipc/failure';
import type { AccessService } from '../service/access-service';

export interface StatusHandlerOptions {
  service: Pick<AccessService, 'getMaxEventId'>;
  mode: ServiceStatus['mode'];
  serviceLabel: string;
  now?: () => Date;
}

export function createStatusHandler(options: StatusHandlerOptions): () => Promise<ServiceStatus> {
  const { service, mode, serviceLabel } = options;
  const now = options.now ?? (() => new Date());
  return async () => {
    try {
      const maxEventId = await service.getMaxEventId();
      return { mode, serviceLabel, reachable: true, maxEventId, checkedAt: now().toISOString(), error: null };
    } catch (thrown) {
      return { mode, serviceLabel, reachable: false, maxEventId: null, checkedAt: now().toISOString(), error: toKioskError(thrown) };
    }
  };
}
