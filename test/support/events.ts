/**
 * Events for tests of the core and the renderer: a whole event of the service (or of the feed,
 * with its alarm) from an id and the fields the test cares about. Each test gives the fields it
 * depends on; the rest are the plain defaults below.
 */
import type { FeedEvent, SystemEvent } from '../../electron/contract/ipc';

/** An access event as the service sends it: granted at the front door, no card details. */
export function systemEvent(id: number, fields: Partial<SystemEvent> = {}): SystemEvent {
  return {
    record_ID: id,
    created: '2026-01-05T08:00:00Z',
    event_Category_Name: 'Access',
    device_Name: 'Front door',
    custom_Text: 'Access granted',
    origin_Name: null,
    additional_Info: null,
    cardnumber: null,
    facility_Code: null,
    ...fields,
  };
}

/** The same event as the feed delivers it: classified, no alarm unless given. */
export function feedEvent(id: number, fields: Partial<FeedEvent> = {}): FeedEvent {
  return { ...systemEvent(id), alarm: null, ...fields };
}
