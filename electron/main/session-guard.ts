/**
 * The kiosk session's permissions and outbound requests: the permission request and check
 * handlers grant only what media-permissions.ts decides (the camera, video only, own origin,
 * main frame of the kiosk window) and log every refusal with the permission and origin; device
 * permissions and HID/serial/USB selections are always refused; every request other than the app's
 * own scheme is cancelled by webRequest.onBeforeRequest and logged (navigation-policy.ts).
 */
import type { Session } from 'electron';
import { permissionGranted } from './media-permissions';
import { outboundRequestAllowed } from './navigation-policy';

export interface SessionGuardOptions {
  ownUrl: string;
  /** The kiosk window's web contents id (null before it exists). */
  kioskContentsId: () => number | null;
  development: boolean;
  log: (line: string) => void;
}

export function guardSession(ses: Session, options: SessionGuardOptions): void {
  ses.setPermissionRequestHandler((requester, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes as string[] | undefined) : undefined;
    const granted = permissionGranted(
      {
        permission,
        origin: details.requestingUrl,
        fromKioskWindow: requester.id === options.kioskContentsId(),
        mainFrame: details.isMainFrame,
        ...(mediaTypes !== undefined ? { mediaTypes } : {}),
      },
      options.ownUrl,
    );
    if (!granted) options.log(`refused the permission "${permission}"${mediaTypes ? ` (${mediaTypes.join(', ')})` : ''} to ${details.requestingUrl}`);
    callback(granted);
  });
  ses.setPermissionCheckHandler((requester, permission, requestingOrigin, details) => {
    const mediaType = details.mediaType;
    const granted = permissionGranted(
      {
        permission,
        origin: requestingOrigin,
        fromKioskWindow: requester !== null && requester.id === options.kioskContentsId(),
        mainFrame: details.isMainFrame,
        // An 'unknown' type is passed on as such, and refused (only 'video' is granted).
        ...(mediaType !== undefined ? { mediaTypes: [mediaType] } : {}),
      },
      options.ownUrl,
    );
    if (!granted) options.log(`refused the permission check "${permission}"${mediaType ? ` (${mediaType})` : ''} for ${requestingOrigin}`);
    return granted;
  });
  ses.setDevicePermissionHandler((details) => {
    options.log(`refused the device permission "${details.deviceType}" to ${details.origin}`);
    return false;
  });
  ses.on('select-hid-device', (event, _details, callback) => {
    event.preventDefault();
    callback('');
    options.log('refused a HID device selection');
  });
  ses.on('select-serial-port', (event, _ports, _contents, callback) => {
    event.preventDefault();
    callback('');
    options.log('refused a serial port selection');
  });
  ses.on('select-usb-device', (event, _details, callback) => {
    event.preventDefault();
    callback('');
    options.log('refused a USB device selection');
  });
  ses.webRequest.onBeforeRequest((details, callback) => {
    const allowed = outboundRequestAllowed(details.url, { ownUrl: options.ownUrl, development: options.development });
    if (!allowed) options.log(`cancelled a ${details.resourceType} request to ${details.url.slice(0, 200)}`);
    callback({ cancel: !allowed });
  });
}
