/**
 * Alarm beep with WebAudio (no asset files): a short tone pattern whose urgency follows the
 * alarm priority. Owns the AudioContext and unlocking it on the first user gesture (browsers
 * keep audio suspended until then). Where WebAudio is missing (tests, odd platforms) it is a
 * silent no-op; it never throws into the feed.
 */
import type { AlarmPriority } from '../../../electron/contract/ipc';

/** What a beep means: an alarm's priority, or the service lost (its own, lower two-tone pattern). */
export type BeepKind = AlarmPriority | 'outage';

export interface AlarmBeeper {
  beep(kind: BeepKind): void;
  dispose(): void;
}

interface Tone {
  frequency: number;
  beeps: number;
}

const TONES: Record<BeepKind, Tone> = {
  outage: { frequency: 392, beeps: 4 },
  critical: { frequency: 1046, beeps: 3 },
  high: { frequency: 880, beeps: 2 },
  medium: { frequency: 740, beeps: 1 },
  low: { frequency: 587, beeps: 1 },
};
const BEEP_S = 0.16;
const GAP_S = 0.09;
const VOLUME = 0.25;
/** A beep that could not start within this is dropped (the alarm is on screen anyway). */
const MAX_LATE_MS = 1_500;

type AudioContextCtor = new () => AudioContext;

function audioContextCtor(): AudioContextCtor | null {
  const w = globalThis as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

export function createAlarmBeeper(target: EventTarget | null = typeof document === 'undefined' ? null : document): AlarmBeeper {
  const Ctor = audioContextCtor();
  let context: AudioContext | null = null;
  const gestures = ['pointerdown', 'keydown', 'touchstart'] as const;

  // One context for the page's life. A browser keeps it suspended until a user gesture
  // (Electron allows audio without one); the first gesture makes or resumes it.
  const ensure = (): AudioContext | null => {
    if (!Ctor) return null;
    try {
      context ??= new Ctor();
      return context;
    } catch {
      return null;
    }
  };
  const unlock = (): void => {
    const ctx = ensure();
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
  };
  if (Ctor && target) for (const g of gestures) target.addEventListener(g, unlock, { passive: true });

  const play = (ctx: AudioContext, priority: BeepKind): void => {
    try {
      const tone = TONES[priority];
      const start = ctx.currentTime + 0.02;
      for (let i = 0; i < tone.beeps; i++) {
        const at = start + i * (BEEP_S + GAP_S);
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = 'square';
        // The outage alternates two tones, so it is never mistaken for an alarm.
        osc.frequency.value = priority === 'outage' && i % 2 === 1 ? tone.frequency * 1.5 : tone.frequency;
        gain.gain.setValueAtTime(0, at);
        gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
        gain.gain.setValueAtTime(VOLUME, at + BEEP_S - 0.02);
        gain.gain.linearRampToValueAtTime(0, at + BEEP_S);
        osc.connect(gain).connect(ctx.destination);
        osc.start(at);
        osc.stop(at + BEEP_S + 0.01);
      }
    } catch {
      // A broken audio device must never disturb the feed.
    }
  };
  // The context is made at the first gesture or the first beep, not before: a browser refuses
  // (and warns about) one made before any gesture. Electron allows audio without a gesture.

  return {
    beep(priority) {
      const ctx = ensure();
      if (!ctx) return;
      if (ctx.state === 'running') {
        play(ctx, priority);
        return;
      }
      // Suspended (no gesture yet): play once it may, unless that is too late to mean this alarm.
      const askedAt = Date.now();
      void ctx
        .resume()
        .then(() => {
          if (Date.now() - askedAt < MAX_LATE_MS) play(ctx, priority);
        })
        .catch(() => undefined);
    },
    dispose() {
      if (target) for (const g of gestures) target.removeEventListener(g, unlock);
      void context?.close().catch(() => undefined);
      context = null;
    },
  };
}
