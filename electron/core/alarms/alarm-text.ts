/**
 * How much of an event's text the kiosk keeps where it shows or stores it: the live feed's pushes
 * and ring, the alarms it records, each acknowledgement's log entry and the handover report. A
 * service may send megabytes of text in one event (an audit sent 7 MB); the first
 * ALARM_TEXT_SHOWN characters are kept with "… (N characters more)", and the whole text stays in
 * the service, read on demand (the event's own record, opened from the feed or found in History).
 * An alarm's identity — the mark of its content and its site-wide key — is computed from the whole
 * text before anything is cut (alarm-store.ts), so bounding never makes two alarms one.
 * Pure.
 */
import type { FeedEvent } from '../../contract/ipc';

/** Characters of an event's text kept where it is shown or stored. */
export const ALARM_TEXT_SHOWN = 2000;
/** A text this little over the bound is kept whole: a text cut once is not cut again. */
const SLACK = 64;

/** The text as kept: whole when short, else its first ALARM_TEXT_SHOWN characters and how many more there were. */
export function boundText(text: string, max = ALARM_TEXT_SHOWN): string {
  if (text.length <= max + SLACK) return text;
  // Never split a surrogate pair (an emoji cut in half would show as a broken character).
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}… (${(text.length - end).toLocaleString('en-US')} characters more)`;
}

/** The event as shown and stored: its text bounded; every other field as it came. */
export function shownEvent<T extends FeedEvent>(event: T): T {
  const text = event.custom_Text;
  if (typeof text !== 'string' || text.length <= ALARM_TEXT_SHOWN + SLACK) return event;
  return { ...event, custom_Text: boundText(text) };
}
