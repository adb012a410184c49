/**
 * When the site catalogue is checked against the events seen (catalogue-check.ts decides what is
 * wrong): once by itself, as soon as enough events were delivered to tell, for the log; and each
 * time Administration is opened, for the screen. A warning goes to the log once, and again only
 * when its words change. Owns that schedule and the memory of what was logged; no words, no I/O
 * but the log. Moved out of kiosk-core.ts, which only wires it.
 */
import type { ScreenText, SiteDevice } from '../../contract/ipc';
import type { Logger } from '../log/logger';
import { catalogueWarningText, EVENTS_BEFORE_CHECK } from './catalogue-check';

export interface CatalogueWatchOptions {
  /** The configured catalogue's devices (site.devices). */
  devices: ReadonlyArray<{ id: number; name: string; type?: number | null }>;
  /** The device names the kiosk has seen (the feed's events, the history's); read only when checking. */
  seenDeviceNames: () => Iterable<unknown>;
  /** How many events the feed has delivered (read at every change of the feed until the first check). */
  delivered: () => number;
  /** Called whenever the feed's state changes; returns the unsubscribe (the connection's onChange). */
  onFeedChange: (listener: () => void) => () => void;
  log: Logger;
}

export interface CatalogueWatch {
  /** The warning now (null: none, or too few events to tell); logged when it is new. */
  check(): ScreenText | null;
}

export function watchCatalogue(options: CatalogueWatchOptions): CatalogueWatch {
  const devices: SiteDevice[] = options.devices.map((d) => ({ id: d.id, name: d.name, type: d.type ?? null }));
  let logged: string | null = null;
  const check = (): ScreenText | null => {
    const warning = catalogueWarningText(devices, options.seenDeviceNames(), options.delivered());
    if (warning && warning.message !== logged) options.log.warn('core', warning.message);
    logged = warning?.message ?? null;
    return warning;
  };
  // Checked once by itself, as soon as enough events were seen to tell (the log).
  if (devices.length > 0) {
    const unsubscribe = options.onFeedChange(() => {
      if (options.delivered() < EVENTS_BEFORE_CHECK) return;
      unsubscribe();
      check();
    });
  }
  return { check };
}
