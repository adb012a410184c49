/**
 * An access policy that lets every call through, for tests about the gateway's plumbing (validation,
 * senders, errors) and capabilities' handlers, not about who may call what (that is
 * test/core/ipc/gateway-policy.test.ts). Production passes the admin lock and the operator session.
 */
import type { AccessPolicy } from '../../electron/core/ipc/gateway';

export const openAccess: AccessPolicy = { admin: { require: () => undefined }, shift: { require: () => undefined }, personal: { require: () => undefined } };
