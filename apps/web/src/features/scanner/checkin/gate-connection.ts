import { type MutableRefObject, useCallback, useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { scanNetworkBudgetMs } from '../../../lib/client-config';
import { sendHeartbeat } from '../api/send-heartbeat';
import type { QueuedAdmission } from './offline-check';

// Whether the gate's phone can reach the server, and what it does about it: knock while cut off, hand over
// queued admissions once back, refresh the ticket list, and tell the organiser's live view it is alive.

// How long a scan waits for the server before deciding offline: the server's SCAN_NETWORK_BUDGET_MS (2.5 s by
// default; lib/client-config.ts scanNetworkBudgetMs). The api-client retries a failed request after 1 s, 2 s,
// 4 s; at a gate one retry is worth it, a queue of guests waiting 7 s is not. (The browser tests set it long:
// their server shares a busy machine, and a scan must get the server's answer there.)
/** While online, the ticket list is downloaded again this often, so offline decisions stay recent. */
export const SNAPSHOT_REFRESH_MS = 5 * 60_000;
/** While the server is unreachable (or admissions wait), this often we try again. */
export const RECONNECT_PROBE_MS = 15_000;
/** How often a phone tells the organiser's live view it is alive and how much it still has to sync. */
export const HEARTBEAT_MS = 30_000;

export function withBudget(ms: number): { signal: AbortSignal; expired: () => boolean; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return {
    signal: controller.signal,
    expired: () => controller.signal.aborted,
    clear: () => clearTimeout(timer),
  };
}

export function useGateConnection({
  online,
  ready,
  queued,
  queueRef,
  contextRef,
  setBrowserOnline,
  setServerReachable,
  syncNow,
  refreshSnapshot,
}: {
  online: boolean;
  ready: boolean;
  queued: number;
  queueRef: MutableRefObject<QueuedAdmission[]>;
  contextRef: MutableRefObject<{ deviceId: string; gate: string }>;
  setBrowserOnline: (online: boolean) => void;
  setServerReachable: (reachable: boolean) => void;
  syncNow: () => Promise<void>;
  refreshSnapshot: () => Promise<void>;
}): void {
  const probe = useCallback(async () => {
    const budget = withBudget(scanNetworkBudgetMs());
    try {
      await apiRequest('/health', { auth: false, signal: budget.signal });
      setServerReachable(true);
      return true;
    } catch {
      setServerReachable(false);
      return false;
    } finally {
      budget.clear();
    }
  }, [setServerReachable]);

  useEffect(() => {
    const goOnline = () => {
      setBrowserOnline(true);
      void probe().then((reachable) => {
        if (!reachable) return;
        void syncNow();
        void refreshSnapshot();
      });
    };
    const goOffline = () => setBrowserOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [probe, syncNow, refreshSnapshot, setBrowserOnline]);

  // Back online with admissions waiting: hand them over at once.
  useEffect(() => {
    if (online && ready && queued > 0) void syncNow();
  }, [online, ready, queued, syncNow]);

  // While cut off (or with admissions waiting), keep knocking; the browser's 'online' event is not enough:
  // venue Wi-Fi often stays "connected" with nothing behind it.
  useEffect(() => {
    if (online && queued === 0) return;
    const timer = setInterval(() => {
      if (!navigator.onLine) return;
      void probe().then((reachable) => {
        if (reachable && queueRef.current.length > 0) void syncNow();
      });
    }, RECONNECT_PROBE_MS);
    return () => clearInterval(timer);
  }, [online, queued, probe, syncNow, queueRef]);

  useEffect(() => {
    if (!online) return;
    const timer = setInterval(() => void refreshSnapshot(), SNAPSHOT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, refreshSnapshot]);

  // The organiser's live view lists this phone: its gate, last contact and the scans it still holds.
  useEffect(() => {
    if (!online || !ready) return;
    const beat = () => {
      const { deviceId, gate } = contextRef.current;
      sendHeartbeat({
        deviceId,
        ...(gate.trim() ? { gate: gate.trim() } : {}),
        queued: queueRef.current.length,
      }).catch(() => undefined);
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [online, ready, contextRef, queueRef]);
}
