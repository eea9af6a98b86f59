import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EventName, EventPayload } from './entities';
import { newId } from './input';

/** `drop` and `duplicate` let tests prove the app copes with lost and repeated deliveries. */
export type WebhookMode = 'normal' | 'drop' | 'duplicate';

export interface WebhookEnvelope {
  entity: 'event';
  account_id: string;
  event: EventName;
  contains: string[];
  payload: { payment?: { entity: unknown }; order?: { entity: unknown }; refund?: { entity: unknown } };
  created_at: number;
}

export interface DeliveryRecord {
  eventId: string;
  event: EventName;
  copy: number;
  status: 'pending' | 'delivered' | 'failed' | 'dropped';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
}

interface SenderOptions {
  /** Asked per event: the receiver's address may only be known once the server listens. */
  resolveUrl: () => string | undefined;
  secret: string;
  accountId: string;
  /** Wait before each retry; attempts = retryDelaysMs.length + 1. */
  retryDelaysMs: number[];
  /** Razorpay counts a delivery slower than 5 s as failed. */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

const KEEP_RECORDS = 200;

/**
 * Signs and POSTs events like Razorpay does: the signature covers the exact bytes sent, retries back off,
 * and nothing here ever blocks or fails the API call that caused the event. First attempts go out in the
 * order the events happened; retries run on their own, so (as with Razorpay) order is not guaranteed.
 */
export class WebhookSender {
  mode: WebhookMode = 'normal';
  readonly deliveries: DeliveryRecord[] = [];
  private queue: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiters = new Set<(goOn: boolean) => void>();
  private readonly controller = new AbortController();

  constructor(private readonly options: SenderOptions) {}

  send(event: EventName, payload: EventPayload): void {
    const envelope: WebhookEnvelope = {
      entity: 'event',
      account_id: this.options.accountId,
      event,
      contains: Object.keys(payload),
      payload: Object.fromEntries(Object.entries(payload).map(([name, entity]) => [name, { entity }])),
      created_at: Math.floor(Date.now() / 1000),
    };
    const eventId = newId('evt');
    const url = this.options.resolveUrl();
    if (!url) {
      this.options.log.debug({ event, eventId }, 'razorpay-emulator: no webhookUrl, event not sent');
      return;
    }
    if (this.mode === 'drop') {
      this.record({
        eventId,
        event,
        copy: 1,
        status: 'dropped',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
      });
      return;
    }
    // Serialised once: the signature must cover exactly the bytes the receiver gets.
    const body = JSON.stringify(envelope);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Razorpay-Webhook/v1',
      'x-razorpay-event-id': eventId,
      'x-razorpay-signature': createHmac('sha256', this.options.secret).update(body).digest('hex'),
    };
    const copies = this.mode === 'duplicate' ? 2 : 1;
    for (let copy = 1; copy <= copies; copy++) {
      const record = this.record({
        eventId,
        event,
        copy,
        status: 'pending',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
      });
      this.track(this.deliver(url, body, headers, record));
    }
  }

  get pending(): number {
    return this.inFlight.size;
  }

  /** Resolves once every delivery under way has succeeded or given up (for tests and debugging). */
  async idle(timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight.size > 0) {
      if (Date.now() > deadline) return false;
      await Promise.race([Promise.allSettled([...this.inFlight]), sleepUnref(50)]);
    }
    return true;
  }

  close(): void {
    this.controller.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const resolve of this.waiters) resolve(false);
    this.waiters.clear();
  }

  private async deliver(
    url: string,
    body: string,
    headers: Record<string, string>,
    record: DeliveryRecord,
  ): Promise<void> {
    const first = this.queue.then(() => this.attempt(url, body, headers, record));
    this.queue = first.then(
      () => undefined,
      () => undefined,
    );
    if (await first) return;
    for (const delay of this.options.retryDelaysMs) {
      if (!(await this.wait(delay))) return;
      if (await this.attempt(url, body, headers, record)) return;
    }
    record.status = 'failed';
    this.options.log.warn(
      { event: record.event, eventId: record.eventId, attempts: record.attempts, error: record.lastError },
      'razorpay-emulator: webhook delivery failed, giving up',
    );
  }

  private async attempt(
    url: string,
    body: string,
    headers: Record<string, string>,
    record: DeliveryRecord,
  ): Promise<boolean> {
    if (this.controller.signal.aborted) return false;
    record.attempts++;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.any([this.controller.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      record.lastStatusCode = response.status;
      if (response.ok) {
        record.status = 'delivered';
        record.lastError = null;
        return true;
      }
      record.lastError = `HTTP ${response.status}`;
    } catch (error) {
      record.lastError = error instanceof Error ? error.message : String(error);
    }
    this.options.log.info(
      { event: record.event, eventId: record.eventId, attempt: record.attempts, error: record.lastError },
      'razorpay-emulator: webhook delivery attempt failed',
    );
    return false;
  }

  /** Resolves false when the sender was closed while waiting. */
  private wait(ms: number): Promise<boolean> {
    if (this.controller.signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.waiters.delete(resolve);
        resolve(true);
      }, ms);
      timer.unref();
      this.timers.add(timer);
      this.waiters.add(resolve);
    });
  }

  private track(delivery: Promise<void>): void {
    const tracked = delivery.catch((error: unknown) => {
      this.options.log.error({ err: error }, 'razorpay-emulator: webhook delivery crashed');
    });
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private record(record: DeliveryRecord): DeliveryRecord {
    this.deliveries.push(record);
    if (this.deliveries.length > KEEP_RECORDS) this.deliveries.shift();
    return record;
  }
}

function sleepUnref(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
