/** The WebAudio alarm beeper. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAlarmBeeper } from '../../../renderer/src/guard/alarm-sound';

class FakeParam {
  setValueAtTime = vi.fn();
  linearRampToValueAtTime = vi.fn();
  value = 0;
}
class FakeNode {
  connect = vi.fn((next: unknown) => next);
}
class FakeOscillator extends FakeNode {
  type = '';
  frequency = new FakeParam();
  start = vi.fn();
  stop = vi.fn();
}
class FakeGain extends FakeNode {
  gain = new FakeParam();
}
class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  static startState: 'suspended' | 'running' = 'running';
  state: 'suspended' | 'running' = FakeAudioContext.startState;
  currentTime = 1;
  destination = {};
  oscillators: FakeOscillator[] = [];
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  createOscillator(): FakeOscillator {
    const osc = new FakeOscillator();
    this.oscillators.push(osc);
    return osc;
  }
  createGain(): FakeGain {
    return new FakeGain();
  }
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  close = vi.fn(async () => undefined);
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeAudioContext.instances = [];
  FakeAudioContext.startState = 'running';
});

describe('alarm beeper (WebAudio, no asset files)', () => {
  it('beeps more urgently for higher priorities', () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const beeper = createAlarmBeeper(null);
    expect(FakeAudioContext.instances).toHaveLength(0); // none before it is needed: browsers warn about one made too early
    beeper.beep('critical');
    const ctx = FakeAudioContext.instances[0]!;
    expect(ctx.oscillators).toHaveLength(3);
    beeper.beep('low');
    expect(ctx.oscillators).toHaveLength(4);
    expect(ctx.oscillators[0]!.frequency.value).toBeGreaterThan(ctx.oscillators[3]!.frequency.value);
    beeper.dispose();
    expect(ctx.close).toHaveBeenCalled();
  });

  it('waits for the context to be allowed to run (first user gesture), then plays', async () => {
    FakeAudioContext.startState = 'suspended';
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const target = new EventTarget();
    const beeper = createAlarmBeeper(target);
    beeper.beep('high');
    const ctx = FakeAudioContext.instances[0]!;
    expect(ctx.oscillators).toHaveLength(0);
    await vi.waitFor(() => expect(ctx.oscillators).toHaveLength(2));
    ctx.state = 'suspended';
    target.dispatchEvent(new Event('pointerdown'));
    expect(ctx.resume).toHaveBeenCalledTimes(2);
  });

  it('is a silent no-op without WebAudio', () => {
    vi.stubGlobal('AudioContext', undefined);
    const beeper = createAlarmBeeper(null);
    expect(() => beeper.beep('critical')).not.toThrow();
    beeper.dispose();
  });
});
