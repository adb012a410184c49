/**
 * An alarm's site-wide identity: the same on every desk that read the same event from the service
 * (its id and a hash of its content: time, category, device, text — the content mark the alarm
 * store uses, but unkeyed, since every desk must compute the same). A service whose ids restarted
 * reuses an id for another event, and that is another key, so an acknowledgement shared through
 * the site's store is never carried to a different event. The hash is one-way; the store holds no
 * event text.
 */
import { createHash } from 'node:crypto';
import { fingerprint } from '../../contract/event-fingerprint';
import type { SystemEvent } from '../../contract/feed';

/** "<record id>:<24 hex digits of SHA-256 of the event's content>". */
export function siteAlarmKey(event: SystemEvent): string {
  return `${event.record_ID}:${createHash('sha256').update(fingerprint(event)).digest('hex').slice(0, 24)}`;
}
