import { useQuery } from '@tanstack/react-query';
import { SCANNER_RESULT_OVERLAY_MS } from '@utsav/domain/constants';
import type { PassDirection } from '@utsav/domain/gate-pass';
import type { FoundTicket } from '@utsav/domain/gate-search';
import { TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeBootTap } from '../../../lib/boot/boot-tap';
import { currentEventQueryOptions } from '../../../lib/current-event';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EventChangeNotice } from '../../../ui/event-change-notice';
import { admitFromSearch } from '../checkin/admit-from-search';
import {
  countScan,
  EMPTY_STATS,
  loadDeviceSettings,
  loadStats,
  type DeviceSettings as Settings,
  saveDeviceSettings,
  saveStats,
  uncountEntry,
} from '../checkin/device-store';
import { playFeedback, unlockAudio } from '../checkin/feedback';
import { installGateApp } from '../checkin/gate-app';
import { explainManualCode } from '../checkin/manual-code';
import { type CheckinTicket, formatScanTime, type ScanOutcome } from '../checkin/scan-outcome';
import { previewTypedCode, type TypedCandidate } from '../checkin/typed-preview';
import { useOfflineCheckin } from '../checkin/use-checkin';
import { useGateTools } from '../engine/use-gate-tools';
import { useQrScanner } from '../engine/use-qr-scanner';
import { AdmitConfirm } from './admit-confirm';
import { AdmitUndo, type UndoOffer } from './admit-undo';
import { CameraView } from './camera-view';
import { ConnectionStatus } from './connection-status';
import { DeviceSettings } from './device-settings';
import { GateBar } from './gate-bar';
import { GuestSearch } from './guest-search';
import { ManualEntry } from './manual-entry';
import { CONFLICTS_ID, OfflinePanel } from './offline-panel';
import { ScanResultOverlay } from './scan-result-overlay';
import { ScanStats } from './scan-stats';

interface ShownResult {
  outcome: ScanOutcome;
  at: Date;
  /** Changes on every scan, so the same answer twice still restarts the overlay's timer. */
  seq: number;
}

/** An admission the server made just now (not saved offline, not a re-entry) can be taken back. */
function undoable(outcome: ScanOutcome): boolean {
  return outcome.counter === 'validEntries' && !outcome.offline && !outcome.reentry;
}

/** /dashboard/qrchecker: the gate scanner (docs/product.md#gate-scanner) with offline check-in. */
export default function ScannerDashboard() {
  const { t } = useTranslation();
  useDocumentTitle(t('scanner.title'));
  const [settings, setSettings] = useState<Settings>(loadDeviceSettings);
  const [stats, setStats] = useState(loadStats);
  const [result, setResult] = useState<ShownResult | null>(null);
  const [overlay, setOverlay] = useState(false);
  const [manualBusy, setManualBusy] = useState(false);
  // A typed code's first tap found this ticket; the second tap admits it.
  const [typed, setTyped] = useState<TypedCandidate | null>(null);
  const [typedBusy, setTypedBusy] = useState(false);
  const manualInput = useRef<HTMLInputElement>(null);
  // An admission from a typed code or a search, which its volunteer may still take back for a few seconds.
  const [undoOffer, setUndoOffer] = useState<(UndoOffer & { from: 'typed' | 'search' }) | null>(null);
  const endUndo = useCallback(() => setUndoOffer(null), []);
  const [mode, setMode] = useState<PassDirection>('in');
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const seq = useRef(0);
  // Camera and manual entry share one line: two codes are never checked at once.
  const line = useRef<Promise<unknown>>(Promise.resolve());

  const checkin = useOfflineCheckin({ deviceId: settings.deviceId, gate: settings.gate });
  const { check } = checkin;

  useEffect(() => {
    // The gate app's service worker precaches every file, the decoder's chunk and wasm included, while the
    // network is surely there: a volunteer who first taps Start Camera after the venue Wi-Fi dropped still
    // gets a working scanner. The decoder itself is set up when the camera starts (ScanSession.start), in
    // parallel with the camera's permission and warm-up: compiling and instantiating the zxing wasm is
    // ~150-210 ms of main thread on a 4x-slowed phone, which the first screen need not pay (decision 1117).
    installGateApp();
  }, []);

  /** Counts, shows and sounds one answer of the gate, however the ticket was found. */
  const show = useCallback((outcome: ScanOutcome) => {
    setStats((current) => {
      const next = countScan(current, outcome);
      saveStats(next);
      return next;
    });
    seq.current += 1;
    setResult({ outcome, at: new Date(), seq: seq.current });
    setOverlay(true);
    if (settingsRef.current.feedback) playFeedback(outcome.tone);
  }, []);

  const handleCode = useCallback(
    async (code: string) => {
      const direction = modeRef.current;
      const turn = line.current.then(() => check(code, direction));
      line.current = turn.catch(() => undefined);
      show(await turn);
    },
    [check, show],
  );

  const { learn } = checkin;
  const admitFound = useCallback(
    async (ticket: FoundTicket) => {
      unlockAudio();
      const reentry = ticket.status === 'used' && ticket.exitedAt !== null;
      const turn = line.current.then(() => admitFromSearch(ticket.id, settingsRef.current, learn, reentry));
      line.current = turn.catch(() => undefined);
      const outcome = await turn;
      show(outcome);
      setUndoOffer(
        undoable(outcome) ? { ticketId: ticket.id, holder: ticket.holderName, from: 'search' } : null,
      );
      return outcome;
    },
    [learn, show],
  );

  const scanner = useQrScanner({ onScan: handleCode });
  const { start } = scanner;
  const startWithSound = useCallback(() => {
    unlockAudio();
    start();
  }, [start]);
  // Start Camera tapped on the pre-rendered first screen, before this page replaced it (boot-tap.ts).
  const replayBootTap = useEffectEvent(() => {
    if (takeBootTap() === 'start-camera') startWithSound();
  });
  useEffect(() => replayBootTap(), []);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setOverlay(false), SCANNER_RESULT_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const changeSettings = useCallback((next: Settings) => {
    setSettings(next);
    saveDeviceSettings(next);
  }, []);

  const resetStats = useCallback(() => {
    setStats(EMPTY_STATS);
    saveStats(EMPTY_STATS);
  }, []);

  const onlineRef = useRef(checkin.online);
  onlineRef.current = checkin.online;
  const { lookup } = checkin;
  const submitManual = useCallback(
    async (code: string) => {
      unlockAudio();
      setManualBusy(true);
      setTyped(null);
      setUndoOffer(null);
      try {
        // An exit lets nobody in: it is recorded at once. An entry is looked up first and admitted on a second tap.
        if (modeRef.current === 'out') {
          await handleCode(code);
          return;
        }
        const preview = await previewTypedCode(code, {
          online: onlineRef.current,
          ...settingsRef.current,
          lookup,
        });
        if (preview.kind === 'answer') show(preview.outcome);
        else setTyped(preview.candidate);
      } finally {
        setManualBusy(false);
      }
    },
    [handleCode, lookup, show],
  );

  const admitTyped = useCallback(async () => {
    if (!typed) return;
    setTypedBusy(true);
    try {
      const turn = line.current.then(() => check(typed.code, 'in', { reentry: typed.reentry }));
      line.current = turn.catch(() => undefined);
      const outcome = await turn;
      show(outcome);
      setUndoOffer(
        undoable(outcome) ? { ticketId: typed.ticketId, holder: typed.holder, from: 'typed' } : null,
      );
    } finally {
      setTypedBusy(false);
      setTyped(null);
      // The Admit button is gone: back to the code field for the next guest (never onto Undo, where a second
      // Enter would take the entry back).
      manualInput.current?.focus();
    }
  }, [check, show, typed]);

  const reentryAllowed = checkin.meta?.reentryAllowed === true;
  // A called-off (or moved) night is said above the scanner; offline, the last answer seen is kept.
  const event = useQuery({ ...currentEventQueryOptions(), select: (body) => body.data }).data;
  // Exit mode only while the event allows re-entry: an organiser switching it off puts phones back to Entry.
  useEffect(() => {
    if (!reentryAllowed) setMode('in');
  }, [reentryAllowed]);
  const tools = useGateTools(scanner.videoRef, scanner.state === 'on' || scanner.state === 'paused');

  const undone = useCallback(
    (ticket: CheckinTicket | undefined) => {
      learn(ticket ? { ...ticket, status: 'active' } : undefined);
      setStats((current) => {
        const next = uncountEntry(current);
        saveStats(next);
        return next;
      });
    },
    [learn],
  );
  const undoFor = (from: 'typed' | 'search', ticketId?: string) =>
    undoOffer && undoOffer.from === from && (ticketId === undefined || undoOffer.ticketId === ticketId) ? (
      <AdmitUndo
        key={undoOffer.ticketId}
        offer={undoOffer}
        context={settings}
        onUndone={undone}
        onExpire={endUndo}
      />
    ) : null;

  const { findTicket } = checkin;
  const explain = useCallback((text: string) => explainManualCode(text, findTicket), [findTicket]);

  return (
    <div className="mx-auto max-w-5xl px-4 pt-below-header pb-16 sm:px-5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="font-display text-3xl text-gold-200 sm:text-4xl">{t('scanner.title')}</h1>
        <ConnectionStatus online={checkin.online} queued={checkin.queue.length} syncing={checkin.syncing} />
      </div>
      {event?.status === 'called-off' || event?.status === 'postponed' ? (
        <div className="mt-3">
          <EventChangeNotice event={event} audience="gate" />
        </div>
      ) : null}
      <GateBar
        gate={settings.gate}
        admitted={stats.validEntries}
        mode={mode}
        reentryAllowed={reentryAllowed}
        onModeChange={setMode}
        torchAvailable={tools.torchAvailable}
        torchOn={tools.torchOn}
        onTorch={() => void tools.toggleTorch()}
      />
      {checkin.conflicts.length > 0 && (
        <button
          type="button"
          onClick={() =>
            document.getElementById(CONFLICTS_ID)?.scrollIntoView({ behavior: 'smooth', block: 'center' })
          }
          className="mt-2 inline-flex items-center gap-2 rounded-full bg-amber-300 px-3 py-1.5 text-sm font-semibold text-ink"
        >
          <TriangleAlert aria-hidden="true" className="size-4" />
          {t('scanner.conflictsButton', { count: checkin.conflicts.length })}
        </button>
      )}

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="space-y-4">
          <CameraView {...scanner} start={startWithSound}>
            {overlay && result && (
              <ScanResultOverlay
                key={result.seq}
                outcome={result.outcome}
                onDismiss={() => setOverlay(false)}
              />
            )}
          </CameraView>
          <p role="status" aria-live="assertive" className="sr-only">
            {result ? [result.outcome.title, result.outcome.detail].filter(Boolean).join('. ') : ''}
          </p>
          {result && !overlay && (
            <p data-testid="last-result" className="px-1 text-sm text-maroon-100">
              {t('scanner.lastScan', { time: formatScanTime(result.at.toISOString()) })}{' '}
              <span className="font-semibold text-cream">{result.outcome.title}</span>
              {result.outcome.offline ? ` ${t('scanner.lastScanOffline')}` : ''}
            </p>
          )}
          <ManualEntry onSubmit={submitManual} explain={explain} busy={manualBusy} inputRef={manualInput}>
            {typed ? (
              <AdmitConfirm
                candidate={{
                  holder: typed.holder,
                  code: typed.ticketCode,
                  status: typed.status,
                  ticketType: typed.ticketType,
                }}
                busy={typedBusy}
                onConfirm={() => void admitTyped()}
                onCancel={() => setTyped(null)}
              />
            ) : (
              undoFor('typed')
            )}
          </ManualEntry>
          <GuestSearch
            online={checkin.online}
            onAdmit={admitFound}
            afterAdmission={(ticketId) => undoFor('search', ticketId)}
          />
        </div>
        <div className="space-y-4">
          <ScanStats stats={stats} onReset={resetStats} reentryAllowed={reentryAllowed} />
          <OfflinePanel
            online={checkin.online}
            meta={checkin.meta}
            queued={checkin.queue.length}
            syncing={checkin.syncing}
            lastSyncAt={checkin.lastSyncAt}
            snapshotError={checkin.snapshotError}
            conflicts={checkin.conflicts}
            onSync={() => void checkin.syncNow()}
            onRefreshList={() => void checkin.refreshSnapshot()}
            onDismissConflicts={() => void checkin.dismissConflicts()}
          />
          <DeviceSettings settings={settings} onChange={changeSettings} />
        </div>
      </div>
    </div>
  );
}
