// The site catalogue's devices against the device names events carry.
import { describe, expect, it } from 'vitest';
import { catalogueWarning, devicesNeverSeen, EVENTS_BEFORE_CHECK } from '../../../electron/core/history/catalogue-check';

const devices = [
  { id: 201, name: 'Main Entrance', type: 3 },
  { id: 207, name: 'Server room', type: 3 },
];

describe('catalogue check', () => {
  it('names the devices no event carries, case aside', () => {
    expect(devicesNeverSeen(devices, ['main entrance', 'Level 2 Server Room', null])).toEqual([devices[1]]);
  });

  it('warns only once enough events were seen, and not when every device was seen or none is configured', () => {
    const seen = ['Main Entrance', 'Level 2 Server Room'];
    expect(catalogueWarning(devices, seen, EVENTS_BEFORE_CHECK - 1)).toBeNull();
    expect(catalogueWarning(devices, seen, 20_000)).toMatch(/^1 of the 2 devices of the site catalogue \(site\.devices\) never appeared in the 20,000 events seen: "Server room" \(#207\)\./);
    expect(catalogueWarning(devices, [...seen, 'server room'], 20_000)).toBeNull();
    expect(catalogueWarning([], seen, 20_000)).toBeNull();
  });
});
