/**
 * The credential follows no address: a stored credential is bound to the service origin
 * (scheme://host:port) it was set for, and the kiosk sends it to that origin only. A different
 * origin (another --service-url or KIOSK_SERVICE_URL) needs the credential set again with the
 * admin tool. Also the plain-http rule: plain http:// is refused for anything but this computer
 * (loopback) unless the configuration says so explicitly (service.allowPlainHttp).
 */
import type { KioskError } from '../../contract/ipc';
import type { Secret } from './secret';

/** "scheme://host:port" of an address (the default port left out, as URL.origin does), or null when it is not an address. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Why the stored `secret` may not be sent to `baseUrl`, or null when it may. */
export function credentialBindingProblem(secret: Secret, baseUrl: string): KioskError | null {
  const target = originOf(baseUrl);
  if (secret.origin === null) {
    return {
      code: 'config',
      message: `The stored service credential is not bound to a service address (it was stored by an older version of the kiosk), so it is not sent. Set it again for ${target ?? 'the configured service'} with the admin tool (set-secret).`,
      detail: 'credential has no bound origin: not sent',
    };
  }
  if (secret.origin !== target) {
    return {
      code: 'config',
      message: `The stored service credential was set for ${secret.origin}, but the kiosk is configured for ${target ?? 'another address'}. It is not sent to another address: set the credential again for this one with the admin tool (set-secret).`,
      detail: `credential bound to ${secret.origin}, service is ${target ?? baseUrl}: not sent`,
    };
  }
  return null;
}

/** True for an address on this computer: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why `url` is refused for carrying the credential and personal data, or null: plain http:// to another computer without service.allowPlainHttp. */
export function plainHttpProblem(url: string, allowPlainHttp: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname) || allowPlainHttp) return null;
  return `the service address ${parsed.origin} uses plain http://, which would send the credential and personal data unencrypted over the network. Use https://, or, if this network is trusted, say so explicitly with service.allowPlainHttp: true`;
}

/** The warning the Administration view shows when plain http:// to another computer was allowed explicitly, else null. */
export function plainHttpWarning(url: string | null, allowPlainHttp: boolean): string | null {
  if (url === null || !allowPlainHttp) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname)) return null;
  return `The service is reached over plain http:// (${parsed.origin}), allowed by service.allowPlainHttp: the credential and personal data cross the network unencrypted. Switch the service to https:// as soon as possible.`;
}
