import { MAX_SYNC_ADMISSIONS } from '@utsav/domain/checkin-schema';
import type { PassDirection } from '@utsav/domain/gate-pass';
import { normalizeScannedCode, parseTicketTokenUnverified } from '@utsav/domain/qr-token';
import { ticketWithTypedCode } from '@utsav/domain/ticket-code';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, isAbortError } from '../../../lib/api-client';
import { scanNetworkBudgetMs } from '../../../lib/client-config';
import { i18n } from '../../../lib/i18n/i18n';
import { getCheckinSnapshot } from '../api/get-checkin-snapshot';
import { markExit } from '../api/mark-exit';
import { markUsed } from '../api/mark-used';
import { syncCheckins } from '../api/sync-checkins';
import { verifyQr } from '../api/verify-qr';
import {
  type CheckinState,
  clearConflicts,
  enqueueAdmission,
  loadCheckinState,
  putTicket,
  type SyncConflict,
  saveSnapshot,
  settleAdmissions,
} from './checkin-db';
import { randomId } from './device-store';
import { useGateConnection, withBudget } from './gate-connection';
import { markGateDevice } from './gate-device';
import {
  checkOffline,
  type OfflineLookup,
  type QueuedAdmission,
  type SnapshotMeta,
  type SnapshotTicket,
} from './offline-check';
import {
  admittedOutcome,
  type CheckinTicket,
  emptyCodeOutcome,
  exitedOutcome,
  guestName,
  isNetworkFailure,
  outcomeForError,
  outcomeForVerifiedTicket,
  type ScanOutcome,
} from './scan-outcome';
import { settleResults, syncRequest } from './sync-batch';

// The gate's check-in logic: online through verify-qr + mark-used, offline from the stored ticket list,
// and the queue of offline admissions synced back. The camera knows nothing of this; it hands over codes.

/** An entry the volunteer already saw and confirmed (a typed code's second tap): no second look-up. */
export interface ConfirmedEntry {
  reentry: boolean;
}

export interface CheckinContext {
  deviceId: string;
  gate: string;
}

export interface OfflineCheckin {
  /** False when the browser says offline or the server did not answer the last call. */
  online: boolean;
  ready: boolean;
  meta: SnapshotMeta | null;
  queue: QueuedAdmission[];
  conflicts: SyncConflict[];
  syncing: boolean;
  lastSyncAt: string | null;
  snapshotError: string | null;
  /** Decides a scanned code, as an entry or (re-entry on) an exit: online when possible, else from the device's list. Never throws. */
  check(code: string, direction?: PassDirection, confirmed?: ConfirmedEntry): Promise<ScanOutcome>;
  findTicket(id: string): SnapshotTicket | undefined;
  /** The device's list and queue, as an offline decision reads them (a typed code's first tap). */
  lookup: OfflineLookup;
  /** What the server just said of a ticket (an admission from search): the offline list learns it. */
  learn(ticket: CheckinTicket | undefined): void;
  syncNow(): Promise<void>;
  refreshSnapshot(): Promise<void>;
  dismissConflicts(): Promise<void>;
}

function firstName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first || null;
}

export function useOfflineCheckin({ deviceId, gate }: CheckinContext): OfflineCheckin {
  const tickets = useRef(new Map<string, SnapshotTicket>());
  const queueRef = useRef<QueuedAdmission[]>([]);
  const [meta, setMeta] = useState<SnapshotMeta | null>(null);
  const metaRef = useRef<SnapshotMeta | null>(null);
  const [queue, setQueueState] = useState<QueuedAdmission[]>([]);
  const [conflicts, setConflicts] = useState<SyncConflict[]>([]);
  const [ready, setReady] = useState(false);
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine);
  const [serverReachable, setServerReachable] = useState(true);
  const [syncing, setSyncing] = useState(false);
  const [lastSyncAt, setLastSyncAt] = useState<string | null>(null);
  const [snapshotError, setSnapshotError] = useState<string | null>(null);
  const contextRef = useRef({ deviceId, gate });
  contextRef.current = { deviceId, gate };
  const syncInFlight = useRef<Promise<void> | null>(null);
  const snapshotInFlight = useRef<Promise<void> | null>(null);
  const online = browserOnline && serverReachable;
  const onlineRef = useRef(online);
  onlineRef.current = online;

  const setQueue = useCallback((next: QueuedAdmission[]) => {
    queueRef.current = next;
    setQueueState(next);
  }, []);

  const applyState = useCallback(
    (state: CheckinState) => {
      tickets.current = new Map(state.tickets.map((ticket) => [ticket.id, ticket]));
      metaRef.current = state.meta;
      setMeta(state.meta);
      setQueue(state.queue);
      setConflicts(state.conflicts);
    },
    [setQueue],
  );

  /** Keeps the local list in step with what the server just said, so an offline decision a minute later agrees. */
  const rememberTicket = useCallback((ticket: CheckinTicket | undefined, fallbackUsedAt?: string) => {
    if (!ticket?.id) return;
    const status = ticket.status === 'used' || ticket.status === 'cancelled' ? ticket.status : 'active';
    const known = tickets.current.get(ticket.id);
    const next: SnapshotTicket = {
      ...known,
      id: ticket.id,
      status,
      holderFirstName: known?.holderFirstName ?? firstName(ticket.holderName ?? ticket.user?.name),
      usedAt: ticket.usedAt ?? (status === 'used' ? (fallbackUsedAt ?? new Date().toISOString()) : null),
      exitedAt: ticket.exitedAt ?? null,
      ...(status === 'cancelled' && ticket.resoldAt ? { resold: true } : {}),
    };
    tickets.current.set(ticket.id, next);
    putTicket(next).catch(() => undefined);
  }, []);

  /** The server refused a code as used or cancelled (it checked the signature): the local list learns it. */
  const rememberRefusal = useCallback(
    (code: string, error: unknown) => {
      if (
        !(error instanceof ApiError) ||
        (error.code !== 'ALREADY_USED' && error.code !== 'TICKET_CANCELLED' && error.code !== 'TICKET_RESOLD')
      )
        return;
      const parsed = parseTicketTokenUnverified(code);
      if (!parsed.ok) return;
      const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as {
        usedAt?: unknown;
      };
      // TICKET_RESOLD's refused ticket carries the time its sale cancelled it; an older server's, none.
      const refused = (body as { ticket?: { cancelledAt?: unknown } }).ticket?.cancelledAt;
      const resoldAt = typeof refused === 'string' ? refused : new Date().toISOString();
      rememberTicket({
        ...(error.code === 'TICKET_RESOLD' ? { resoldAt } : {}),
        id: parsed.ticketId,
        status: error.code === 'ALREADY_USED' ? 'used' : 'cancelled',
        usedAt: typeof body.usedAt === 'string' ? body.usedAt : null,
      });
    },
    [rememberTicket],
  );

  const refreshSnapshot = useCallback(() => {
    if (snapshotInFlight.current) return snapshotInFlight.current;
    const run = (async () => {
      try {
        const snapshot = await getCheckinSnapshot();
        const nextMeta: SnapshotMeta = {
          eventId: snapshot.eventId,
          eventName: snapshot.eventName,
          publicKey: snapshot.publicKey,
          generatedAt: snapshot.generatedAt,
          downloadedAt: new Date().toISOString(),
          ticketCount: snapshot.tickets.length,
          reentryAllowed: snapshot.reentryAllowed === true,
          ...(snapshot.codeKey ? { codeKey: snapshot.codeKey } : {}),
          ...(snapshot.ticketTypes ? { ticketTypes: snapshot.ticketTypes } : {}),
        };
        tickets.current = new Map(snapshot.tickets.map((ticket) => [ticket.id, ticket]));
        metaRef.current = nextMeta;
        // What the screen says of the list is a transition, rendered in slices: the admission decisions read
        // the refs above, which are already up to date.
        startTransition(() => {
          setMeta(nextMeta);
          setSnapshotError(null);
          setServerReachable(true);
        });
        await saveSnapshot(nextMeta, snapshot.tickets);
        markGateDevice(nextMeta.eventId);
      } catch (error) {
        if (isNetworkFailure(error)) setServerReachable(false);
        setSnapshotError(
          error instanceof Error && !isNetworkFailure(error)
            ? i18n.t('scanner.offline.downloadFailedBecause', { message: error.message })
            : i18n.t('scanner.offline.downloadFailed'),
        );
      } finally {
        snapshotInFlight.current = null;
      }
    })();
    snapshotInFlight.current = run;
    return run;
  }, []);

  const syncNow = useCallback(() => {
    if (syncInFlight.current) return syncInFlight.current;
    const run = (async () => {
      setSyncing(true);
      try {
        while (queueRef.current.length > 0) {
          const batch = queueRef.current.slice(0, MAX_SYNC_ADMISSIONS);
          const response = await syncCheckins(syncRequest(batch, contextRef.current));
          const { settled, found } = settleResults(batch, response.results ?? [], new Date().toISOString());
          // Whatever the server did not answer for stays queued for the next try.
          if (settled.length === 0) break;
          await settleAdmissions(settled, found).catch(() => undefined);
          const settledSet = new Set(settled);
          setQueue(queueRef.current.filter((admission) => !settledSet.has(admission.localId)));
          if (found.length > 0) setConflicts((current) => [...found, ...current]);
        }
        setServerReachable(true);
        setLastSyncAt(new Date().toISOString());
      } catch (error) {
        if (isNetworkFailure(error)) setServerReachable(false);
      } finally {
        setSyncing(false);
        syncInFlight.current = null;
      }
    })();
    syncInFlight.current = run;
    return run;
  }, [setQueue]);

  const lookup = useMemo<OfflineLookup>(
    () => ({
      get meta() {
        return metaRef.current;
      },
      ticket: (id) => tickets.current.get(id),
      // The latest pass this phone queued for the ticket.
      queued: (ticketId) => queueRef.current.findLast((admission) => admission.ticketId === ticketId),
      withTypedCode: (typed) =>
        metaRef.current?.codeKey
          ? ticketWithTypedCode(metaRef.current.codeKey, typed, tickets.current.values())
          : undefined,
    }),
    [],
  );

  const decideOffline = useCallback(
    async (code: string, direction: PassDirection): Promise<ScanOutcome> => {
      const decision = checkOffline(code, lookup, undefined, direction);
      if (!decision.admit) return decision.outcome;
      const admission: QueuedAdmission = {
        localId: randomId(),
        ticketId: decision.ticketId,
        qrCode: code,
        scannedAt: new Date().toISOString(),
        snapshotAt: metaRef.current?.generatedAt,
        holderFirstName: decision.holderFirstName,
        ...(direction === 'out' ? { direction } : {}),
      };
      setQueue([...queueRef.current, admission]);
      // The list learns it too: once the queue has synced, a second scan here must still say 'Already Used'.
      const known = tickets.current.get(decision.ticketId);
      const admitted: SnapshotTicket = {
        ...known,
        id: decision.ticketId,
        status: 'used',
        holderFirstName: decision.holderFirstName,
        usedAt: known?.usedAt ?? admission.scannedAt,
        exitedAt: direction === 'out' ? admission.scannedAt : null,
      };
      tickets.current.set(admitted.id, admitted);
      putTicket(admitted).catch(() => undefined);
      // If storage fails the admission still syncs from memory while this page stays open.
      await enqueueAdmission(admission).catch((error: unknown) =>
        console.error('[checkin] queue write failed', error),
      );
      return decision.outcome;
    },
    [lookup, setQueue],
  );

  const check = useCallback(
    async (
      raw: string,
      direction: PassDirection = 'in',
      confirmed?: ConfirmedEntry,
    ): Promise<ScanOutcome> => {
      const normalized = normalizeScannedCode(raw);
      if (!normalized.ok) return emptyCodeOutcome();
      const { code } = normalized;
      if (!navigator.onLine || !onlineRef.current) return decideOffline(code, direction);

      const { deviceId: device, gate: gateName } = contextRef.current;
      const body = { qrCode: code, deviceId: device, ...(gateName.trim() ? { gate: gateName.trim() } : {}) };
      const budget = withBudget(scanNetworkBudgetMs());
      try {
        if (direction === 'out') {
          const exited = await markExit(body, budget.signal);
          rememberTicket(exited.ticket ? { ...exited.ticket, status: 'used' } : undefined);
          return exitedOutcome(exited.ticket ? guestName(exited.ticket) : '');
        }
        // A confirmed entry was looked up on its first tap: the second admits (mark-used still refuses a ticket
        // that moved meanwhile).
        const verified = confirmed ? null : await verifyQr(body, budget.signal);
        const settled = verified ? outcomeForVerifiedTicket(verified.ticket) : null;
        if (settled) {
          rememberTicket(verified?.ticket);
          return settled;
        }
        const marked = await markUsed(body, budget.signal);
        const ticket = marked.ticket ?? verified?.ticket;
        rememberTicket(ticket ? { ...ticket, status: 'used' } : undefined);
        // verify-qr said the holder was out on a pass: this admission is a re-entry.
        const reentry = confirmed ? confirmed.reentry : verified?.ticket?.status === 'used';
        return admittedOutcome(ticket ? guestName(ticket) : '', false, reentry, ticket?.ticketType);
      } catch (error) {
        if (isNetworkFailure(error) || (isAbortError(error) && budget.expired())) {
          setServerReachable(false);
          return decideOffline(code, direction);
        }
        rememberRefusal(code, error);
        return outcomeForError(error);
      } finally {
        budget.clear();
      }
    },
    [decideOffline, rememberTicket, rememberRefusal],
  );

  // Load what the device already has, then fetch a fresh list.
  useEffect(() => {
    let cancelled = false;
    // The stored list arrives while the gate's page is still starting: its render is a transition, in slices.
    loadCheckinState()
      .then((state) => {
        if (!cancelled) startTransition(() => applyState(state));
      })
      .catch((error: unknown) => console.error('[checkin] could not read the offline store', error))
      .finally(() => {
        if (cancelled) return;
        startTransition(() => setReady(true));
        if (navigator.onLine) void refreshSnapshot();
      });
    return () => {
      cancelled = true;
    };
  }, [applyState, refreshSnapshot]);

  useGateConnection({
    online,
    ready,
    queued: queue.length,
    queueRef,
    contextRef,
    setBrowserOnline,
    setServerReachable,
    syncNow,
    refreshSnapshot,
  });

  const findTicket = useCallback((id: string) => tickets.current.get(id), []);
  const dismissConflicts = useCallback(async () => {
    setConflicts([]);
    await clearConflicts().catch(() => undefined);
  }, []);

  return useMemo(
    () => ({
      online,
      ready,
      meta,
      queue,
      conflicts,
      syncing,
      lastSyncAt,
      snapshotError,
      check,
      findTicket,
      lookup,
      learn: rememberTicket,
      syncNow,
      refreshSnapshot,
      dismissConflicts,
    }),
    [
      online,
      ready,
      meta,
      queue,
      conflicts,
      syncing,
      lastSyncAt,
      snapshotError,
      check,
      findTicket,
      lookup,
      rememberTicket,
      syncNow,
      refreshSnapshot,
      dismissConflicts,
    ],
  );
}
