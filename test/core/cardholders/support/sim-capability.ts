/** The cardholders capability as the simulator tests of enrolment build it: no data key, no timed sync, the default photo rules, the engine in-process unless another is given. */
import { createCardholdersCapability, type CardholdersCapability } from '../../../../electron/core/cardholders-capability';
import { localEngine, type EngineFactory } from '../../../../electron/core/cardholders/directory/engine-handle';
import type { PushBus } from '../../../../electron/core/ipc/push-bus';
import { KioskDatabase } from '../../../../electron/core/storage/kiosk-database';
import type { Logger } from '../../../../electron/core/log/logger';
import type { ServiceClient } from '../../../../electron/core/service/service-client';

export function enrolmentCapability(service: ServiceClient, push: PushBus, log: Logger, dataDir: string, engines: EngineFactory = localEngine): CardholdersCapability {
  return createCardholdersCapability({
    service,
    push,
    log,
    dataDir,
    database: KioskDatabase.open(dataDir, { info: () => undefined, error: () => undefined }).database,
    dataKey: null,
    serviceLabel: 'sim',
    syncIntervalMs: 0,
    photo: { contentType: 'image/jpeg', width: 600, height: 800, maxBytes: 2 * 1024 * 1024 },
    engines,
  });
}
