import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { INITIAL_SNAPSHOT, type ScannerSnapshot, ScanSession } from './scan-session';

export interface UseQrScannerOptions {
  /** Receives each accepted, trimmed code; the scanner stays paused until the returned promise settles. */
  onScan(code: string, acceptedAt: number): Promise<void> | void;
  /** While false the camera is off and start() does nothing (e.g. before the checker's role is known). */
  enabled?: boolean;
  /** See SAME_CODE_HOLD_MS; read once, when the scanner is first started. */
  sameCodeHoldMs?: number;
}

export interface QrScanner extends ScannerSnapshot {
  videoRef: RefObject<HTMLVideoElement | null>;
  start(): void;
  stop(): void;
  /** "Try Again" and "Reconnect": releases whatever is left of the camera and starts afresh. */
  retry(): void;
}

const ACTIVE = new Set<ScannerSnapshot['state']>(['starting', 'on', 'paused']);

/** The scanner for a page: a ScanSession bound to a <video>, to the page's visibility and to its lifetime. */
export function useQrScanner({ onScan, enabled = true, sameCodeHoldMs }: UseQrScannerOptions): QrScanner {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const sessionRef = useRef<ScanSession | null>(null);
  const [snapshot, setSnapshot] = useState<ScannerSnapshot>(INITIAL_SNAPSHOT);
  const onScanRef = useRef(onScan);
  const enabledRef = useRef(enabled);
  const holdRef = useRef(sameCodeHoldMs);
  const resumeWhenVisible = useRef(false);

  // The session outlives renders; it must call the latest onScan, not the one of its first render.
  useLayoutEffect(() => {
    onScanRef.current = onScan;
    enabledRef.current = enabled;
    holdRef.current = sameCodeHoldMs;
  });

  const start = useCallback(() => {
    const video = videoRef.current;
    if (!enabledRef.current || !video) return;
    resumeWhenVisible.current = false;
    if (sessionRef.current?.video !== video) {
      sessionRef.current?.stop();
      sessionRef.current = new ScanSession(video, {
        onScan: (code, acceptedAt) => onScanRef.current(code, acceptedAt),
        onChange: setSnapshot,
        sameCodeHoldMs: holdRef.current,
      });
    }
    void sessionRef.current.start();
  }, []);

  const stop = useCallback(() => {
    resumeWhenVisible.current = false;
    sessionRef.current?.stop();
  }, []);

  const retry = useCallback(() => {
    sessionRef.current?.stop();
    start();
  }, [start]);

  useEffect(() => {
    if (!enabled) stop();
  }, [enabled, stop]);

  // A hidden tab keeps the camera light on and the battery draining for nothing, and mobile browsers
  // freeze its stream anyway; release it and come back by ourselves when the volunteer returns.
  useEffect(() => {
    const onVisibilityChange = () => {
      const session = sessionRef.current;
      if (document.hidden) {
        if (session && ACTIVE.has(session.snapshot.state)) {
          session.stop();
          resumeWhenVisible.current = true;
        }
      } else if (resumeWhenVisible.current) {
        start();
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [start]);

  useEffect(
    () => () => {
      sessionRef.current?.stop();
      sessionRef.current = null;
    },
    [],
  );

  return { ...snapshot, videoRef, start, stop, retry };
}
