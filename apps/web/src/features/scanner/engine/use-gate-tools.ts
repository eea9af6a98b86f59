import { type RefObject, useCallback, useEffect, useState } from 'react';

// Two things a phone at a dark gate needs: the screen kept awake while scanning (Wake Lock) and the torch
// (a camera track's `torch` constraint, where the phone has one). Both are optional APIs: without them the
// scanner works as before and the torch button is simply not shown.

interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

function videoTrack(video: HTMLVideoElement | null): MediaStreamTrack | undefined {
  const stream = video?.srcObject;
  return stream instanceof MediaStream ? stream.getVideoTracks()[0] : undefined;
}

export function useGateTools(videoRef: RefObject<HTMLVideoElement | null>, scanning: boolean) {
  const [torchAvailable, setTorchAvailable] = useState(false);
  const [torchOn, setTorchOn] = useState(false);

  // Keep the screen on while the camera runs; the browser drops the lock when the page is hidden, so it is
  // asked for again on every start.
  useEffect(() => {
    if (!scanning || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let cancelled = false;
    navigator.wakeLock
      .request('screen')
      .then((sentinel) => {
        if (cancelled) void sentinel.release();
        else lock = sentinel;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      void lock?.release().catch(() => undefined);
    };
  }, [scanning]);

  useEffect(() => {
    if (!scanning) {
      setTorchAvailable(false);
      setTorchOn(false);
      return;
    }
    // The track exists once the camera has started; its capabilities say whether it has a torch.
    const timer = setTimeout(() => {
      const track = videoTrack(videoRef.current);
      const capabilities = track?.getCapabilities?.() as TorchCapabilities | undefined;
      setTorchAvailable(capabilities?.torch === true);
    }, 300);
    return () => clearTimeout(timer);
  }, [scanning, videoRef]);

  const toggleTorch = useCallback(async () => {
    const track = videoTrack(videoRef.current);
    if (!track) return;
    const next = !torchOn;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setTorchOn(next);
    } catch {
      setTorchAvailable(false);
    }
  }, [torchOn, videoRef]);

  return { torchAvailable, torchOn, toggleTorch };
}
