import { describe, expect, it } from 'vitest';
import { CAMERA_MESSAGES, cameraProblemFrom } from '../../../renderer/src/photo/camera-problems';

describe('camera problems from getUserMedia errors', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'no-camera'],
    ['OverconstrainedError', 'no-camera'],
    ['NotReadableError', 'busy'],
    ['AbortError', 'busy'],
    ['TypeError', 'unsupported'],
    ['SomethingNew', 'failed'],
  ])('%s → %s', (name, code) => {
    const error = Object.assign(new Error('raw browser text'), { name });
    const problem = cameraProblemFrom(error);
    expect(problem.code).toBe(code);
    expect(problem.message).not.toContain('raw browser text');
  });

  it('anything thrown that is not an error object is a plain failure', () => {
    expect(cameraProblemFrom('boom').code).toBe('failed');
    expect(cameraProblemFrom(null).code).toBe('failed');
  });

  it('the messages say what to do', () => {
    expect(CAMERA_MESSAGES.denied).toMatch(/Allow camera access/);
    expect(CAMERA_MESSAGES['no-camera']).toBe('No camera found. Connect a camera, then try again.');
    expect(CAMERA_MESSAGES.busy).toMatch(/in use by another program/);
    expect(CAMERA_MESSAGES.unplugged).toMatch(/disconnected/);
  });
});
