import { soldPercentage } from '@utsav/domain/analytics';
import { REFUSAL_REASONS, type RefusalReason, refusalReason } from '@utsav/domain/gate-pass';
import {
  type LiveDevice,
  type LiveGate,
  type LiveGates as LiveView,
  liveTypeRows,
  UNNAMED_GATE,
} from '@utsav/domain/gates-live';
import type { AppContext } from '../../platform/context';
import { findCurrentEvent } from '../../stores/events';
import {
  admissionsByGate,
  admissionsPerMinute,
  countResults,
  countSyncConflicts,
  type DeviceContact,
  entriesByType,
  heartbeatDevices,
  recentScanDevices,
  ticketFigures,
  ticketPasses,
} from './live-repo';

// GET /admin/checkin/live: the organiser's view of the gates. Everything is counted from rows in the
// database at read time, so any instance behind the load balancer answers the same; one instance computes
// it at most once per LIVE_CACHE_MS however many dashboards poll it, so 50 open dashboards cost one query
// set every two seconds, not fifty.

export const LIVE_CACHE_MS = 2000;
/** A phone silent longer than this is shown as offline (it heartbeats every 30 s while the page is open). */
export const DEVICE_OFFLINE_AFTER_MS = 90_000;
const HOUR_MS = 3_600_000;

const cache = new WeakMap<AppContext, { at: number; view: Promise<LiveView> }>();

export function liveView(ctx: AppContext): Promise<LiveView> {
  const now = Date.now();
  const cached = cache.get(ctx);
  if (cached && now - cached.at < LIVE_CACHE_MS) return cached.view;
  const view = computeLiveView(ctx);
  cache.set(ctx, { at: now, view });
  // A failed computation is not kept: the next poll tries again.
  view.catch(() => cache.delete(ctx));
  return view;
}

export async function computeLiveView(ctx: AppContext): Promise<LiveView> {
  const now = ctx.now();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  const minuteAgo = now.getTime() - 60_000;
  const event = await findCurrentEvent(ctx.db);
  const [figures, byType, byGate, perMinute, results, conflicts, beats, scanners] = await Promise.all([
    event ? ticketFigures(ctx.db, event.id) : Promise.resolve({ sold: 0, admitted: 0, inside: 0 }),
    event ? entriesByType(ctx.db, event.id) : Promise.resolve([]),
    admissionsByGate(ctx.db),
    admissionsPerMinute(ctx.db, hourAgo),
    countResults(ctx.db, ['already_used', 'cancelled', 'resold', 'transferred', 'invalid', 'not_found']),
    countSyncConflicts(ctx.db),
    heartbeatDevices(ctx.db),
    recentScanDevices(ctx.db, hourAgo),
  ]);

  const devices = mergeDevices(beats, scanners, now);
  const gates = new Map<string, LiveGate>();
  const gateOf = (name: string | null) => {
    const key = name ?? UNNAMED_GATE;
    let gate = gates.get(key);
    if (!gate) {
      gate = { gate: key, admitted: 0, lastMinute: 0, devices: 0, perMinute: [] };
      gates.set(key, gate);
    }
    return gate;
  };
  for (const row of byGate) gateOf(row.gate).admitted += row.count;
  for (const row of perMinute.sort((a, b) => a.minute.localeCompare(b.minute))) {
    const gate = gateOf(row.gate);
    gate.perMinute.push({ minute: row.minute, count: row.count });
    // Whole minutes overlapping the last 60 s: the current minute and the one before, partly.
    if (Date.parse(row.minute) + 60_000 > minuteAgo) gate.lastMinute += row.count;
  }
  for (const device of devices)
    if (device.online) gateOf(device.gate === UNNAMED_GATE ? null : device.gate).devices += 1;

  const refusals = Object.fromEntries(REFUSAL_REASONS.map((reason) => [reason, 0])) as Record<
    RefusalReason,
    number
  >;
  for (const [result, count] of results) {
    const reason = refusalReason(result);
    if (reason) refusals[reason] += count;
  }

  return {
    generatedAt: now.toISOString(),
    reentryAllowed: event?.reentry_allowed === 1,
    ...figures,
    arrivedPercentage: soldPercentage(figures.admitted, figures.sold),
    gates: [...gates.values()].sort((a, b) => a.gate.localeCompare(b.gate)),
    types: liveTypeRows(byType),
    refusals,
    devices,
    conflicts,
  };
}

/** One entry per phone: its heartbeat and its latest scan, whichever is newer, says where and when. */
function mergeDevices(
  beats: DeviceContact[],
  scanners: Omit<DeviceContact, 'queued'>[],
  now: Date,
): LiveDevice[] {
  const byId = new Map<string, DeviceContact>();
  for (const beat of beats) byId.set(beat.device_id, beat);
  for (const scan of scanners) {
    const known = byId.get(scan.device_id);
    if (!known) byId.set(scan.device_id, { ...scan, queued: 0 });
    else if (Date.parse(scan.last_seen_at) > Date.parse(known.last_seen_at)) {
      byId.set(scan.device_id, { ...scan, queued: known.queued });
    }
  }
  return [...byId.values()]
    .map((device) => ({
      deviceId: device.device_id,
      gate: device.gate ?? UNNAMED_GATE,
      checker: device.checker_name,
      lastSeenAt: new Date(device.last_seen_at).toISOString(),
      online: now.getTime() - Date.parse(device.last_seen_at) < DEVICE_OFFLINE_AFTER_MS,
      queued: device.queued,
    }))
    .sort((a, b) => a.gate.localeCompare(b.gate) || a.deviceId.localeCompare(b.deviceId));
}

export interface PassHistoryEntry {
  direction: 'in' | 'out';
  at: string;
  gate: string | null;
  deviceId: string | null;
  scannedBy: { name: string } | null;
  method: 'scan' | 'typed' | 'search';
  offline: boolean;
}

/** Admin ticket details: every entry and exit of the ticket, with gate, phone, volunteer and how it was found. */
export async function ticketHistory(ctx: AppContext, ticketId: string): Promise<PassHistoryEntry[]> {
  const rows = await ticketPasses(ctx.db, ticketId);
  return rows.map((row) => ({
    direction: row.direction === 'out' ? 'out' : 'in',
    at: new Date(row.scanned_at).toISOString(),
    gate: row.gate,
    deviceId: row.device_id,
    scannedBy: row.checker_name === null ? null : { name: row.checker_name },
    method: row.method === 'typed' || row.method === 'search' ? row.method : 'scan',
    offline: row.action === 'sync',
  }));
}
