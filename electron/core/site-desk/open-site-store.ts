/**
 * Opens the site store the configuration names (siteStore.url) with its password from the
 * credential vault (admin tool: set-site-store-password; a URL with no password stored works for a
 * trusted local server): the desk's store, and the connections of the site's directory copy
 * (site-directory/). A password that cannot be read is logged and the store is opened
 * without one: it then refuses the kiosk in words the guard and the administrator read, and the
 * kiosk works alone meanwhile. The password never reaches a log line.
 */
import type { Logger } from '../log/logger';
import { createSiteStore } from './site-store';
import type { SiteStore } from './site-store-port';
import type { SiteDirectoryStore } from '../site-directory/site-directory-port';
import { createSiteDirectoryStore } from '../site-directory/site-directory-store';

export interface OpenSiteStoreOptions {
  url: string;
  log: Logger;
  /** Reads the store's password from the credential vault; null when none is stored. */
  readPassword?: () => Promise<string | null>;
}

async function storePassword(options: OpenSiteStoreOptions): Promise<string | null> {
  let password: string | null = null;
  try {
    password = (await options.readPassword?.()) ?? null;
  } catch (thrown) {
    options.log.error('desk', `the site store's password cannot be read: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
  }
  if (password) options.log.redact(password);
  return password;
}

export async function openSiteStore(options: OpenSiteStoreOptions): Promise<SiteStore> {
  return createSiteStore({ url: options.url, password: await storePassword(options), log: options.log });
}

/** The site's directory copy in the same store (nothing connects until its coordinator starts). */
export async function openSiteDirectoryStore(options: OpenSiteStoreOptions): Promise<SiteDirectoryStore> {
  return createSiteDirectoryStore({ url: options.url, password: await storePassword(options), log: options.log });
}
