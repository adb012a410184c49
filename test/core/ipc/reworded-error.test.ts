// An error main words again (a sentence around the service's) must be shown with that sentence:
// the inner error's key would make the renderer show only the inner sentence.
import { describe, expect, it } from 'vitest';
import { KioskFailure, reworded } from '../../../electron/core/ipc/failure';

describe('reworded', () => {
  it('keeps code, detail and status, takes the new message and drops the inner key and params', () => {
    const inner = KioskFailure.keyed('unreachable', 'cutOff').error;
    const outer = reworded({ ...inner, detail: 'ECONNRESET', status: 502 }, `The cardholder directory could not be updated. ${inner.message}`);
    expect(outer).toEqual({ code: 'unreachable', detail: 'ECONNRESET', status: 502, message: `The cardholder directory could not be updated. ${inner.message}` });
    expect('key' in outer).toBe(false);
  });
});
