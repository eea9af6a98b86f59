import type { QueueStatus } from '@utsav/domain/api/waiting-room';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { getQueueStatus } from '../api/get-queue-status';
import { joinQueue } from '../api/join-queue';

const RETRY_AFTER_ERROR_MS = 5000;

export interface WaitingRoom {
  status: QueueStatus | null;
  /** A refusal to show (the line is not open yet), or a connection problem while the place is kept. */
  problem: string | null;
}

/**
 * Takes a place in the waiting line while mounted, then asks where it stands as often as the server says
 * (with jitter, so a line of thousands never asks in the same second). Calls onAdmitted once when the turn
 * comes, and if the tab is in the background says so in its title, with a vibration and a short tone.
 */
export function useWaitingRoom(onAdmitted: (pass: string) => void): WaitingRoom {
  const [status, setStatus] = useState<QueueStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const admittedRef = useRef(onAdmitted);
  admittedRef.current = onAdmitted;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setStatus(null);
    setProblem(null);

    const later = (ms: number, step: () => Promise<void>) => {
      if (!stopped) timer = setTimeout(() => void step(), ms);
    };

    const ask = async (join: boolean): Promise<void> => {
      let next: QueueStatus;
      try {
        next = join ? await joinQueue() : await getQueueStatus();
      } catch (error) {
        if (stopped) return;
        // The turn ran out while the page slept: a fresh place at the back.
        if (error instanceof ApiError && error.code === 'NOT_IN_QUEUE') return later(0, () => ask(true));
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          setProblem(error.message);
          return;
        }
        setProblem(
          error instanceof ApiError && error.status === 503
            ? i18n.t('queue.problem.busy')
            : i18n.t('queue.problem.dropped'),
        );
        return later(RETRY_AFTER_ERROR_MS, () => ask(join));
      }
      if (stopped) return;
      setProblem(null);
      setStatus(next);
      if (next.status === 'waiting') {
        const jitter = 0.8 + Math.random() * 0.4;
        return later(next.retryAfterSeconds * 1000 * jitter, () => ask(false));
      }
      if (next.status === 'admitted') {
        announceTurn();
        admittedRef.current(next.pass);
      }
    };

    void ask(true);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, []);

  return { status, problem };
}

/** A background tab learns its turn came: title, vibration, a short tone. */
function announceTurn(): void {
  if (typeof document === 'undefined' || !document.hidden) return;
  const previous = document.title;
  document.title = i18n.t('queue.turnPageTitle');
  const restore = () => {
    if (!document.hidden) {
      document.title = previous;
      document.removeEventListener('visibilitychange', restore);
    }
  };
  document.addEventListener('visibilitychange', restore);
  navigator.vibrate?.([200, 100, 200]);
  playTone();
}

function playTone(): void {
  try {
    const AudioContextClass = window.AudioContext;
    if (!AudioContextClass) return;
    const audio = new AudioContextClass();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.6);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.6);
    oscillator.onended = () => void audio.close();
  } catch {
    // No sound is allowed before the person interacted with the page: the title and vibration remain.
  }
}
