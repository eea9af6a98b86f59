import type { ScanTone } from './scan-outcome';

// A beep and a buzz per result, so a volunteer looking at the guest rather than the screen still knows.
// One rising tone = in; two low tones = stop. Browsers allow sound only after a tap: unlockAudio() runs
// from the Start Camera and Check buttons.

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

export function unlockAudio(): void {
  try {
    if (!context) {
      const Ctor =
        (globalThis as { AudioContext?: AudioContextClass }).AudioContext ??
        (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
      if (!Ctor) return;
      context = new Ctor();
    }
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

function tone(frequency: number, start: number, duration: number): void {
  if (!context) return;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = frequency;
  const at = context.currentTime + start;
  // A short ramp avoids the click of a square wave starting and stopping at full volume.
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + duration);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + duration + 0.02);
}

const PATTERNS: Record<ScanTone, { tones: Array<[number, number, number]>; vibration: number[] }> = {
  success: { tones: [[1320, 0, 0.12]], vibration: [80] },
  // A falling pair and three short buzzes: unmistakably not an admission.
  exit: {
    tones: [
      [880, 0, 0.08],
      [660, 0.12, 0.08],
    ],
    vibration: [50, 50, 50, 50, 50],
  },
  warning: {
    tones: [
      [440, 0, 0.14],
      [440, 0.2, 0.14],
    ],
    vibration: [120, 80, 120],
  },
  danger: {
    tones: [
      [220, 0, 0.18],
      [220, 0.25, 0.18],
    ],
    vibration: [250, 100, 250],
  },
  unknown: { tones: [[330, 0, 0.25]], vibration: [200] },
};

export function playFeedback(tone_: ScanTone): void {
  const pattern = PATTERNS[tone_];
  try {
    if (context && context.state === 'running') for (const [f, s, d] of pattern.tones) tone(f, s, d);
  } catch {
    // Sound is a courtesy; the screen is the answer.
  }
  try {
    navigator.vibrate?.(pattern.vibration);
  } catch {
    // Not supported (iOS Safari): fine.
  }
}
