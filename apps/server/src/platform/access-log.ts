import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';

// The access log: one line per request at completion (Fastify's default is two: received and completed), with
// the request id, method, url, status and time. Under a sales rush the lines themselves were the largest
// platform cost of a JSON request (~15% of an authenticated read's CPU: building, serialising and writing each
// line; bench/history/platform.md), so quick successful answers are capped per second:
// - every failed request (an error, a 4xx or 5xx answer) and every slow one (over SLOW_MS) gets its line;
// - successful answers (status below 400, quicker than SLOW_MS) get one line each, up to
//   ACCESS_LOG_OK_LINES_PER_SECOND in each second on this instance; beyond that they are counted, and one line
//   a second says how many were not written one by one (the metrics count every request regardless).
// A route's own logLevel still applies (health and metrics log only warnings).

export const SLOW_MS = 1000;
const WINDOW_MS = 1000;
// The levels at which an info line is written (a route's logLevel: 'warn' writes none, so none is missed).
const INFO_ENABLED = new Set(['trace', 'debug', 'info']);

export class AccessLog extends LogController {
  private windowStart = 0;
  private okLinesInWindow = 0;
  private skipped = 0;
  private logger: FastifyBaseLogger | undefined;

  /** `now`: the app's clock (a test's clock moves the seconds when the test says). */
  constructor(
    private readonly okLinesPerSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  /** Reports the count of unwritten lines once a second while there are any; stopped when the app closes. */
  attach(app: FastifyInstance): void {
    this.logger = app.log;
    const timer = setInterval(() => this.reportSkipped(this.now()), WINDOW_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      this.reportSkipped(Number.POSITIVE_INFINITY);
    });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime, err: error }, 'request errored');
      return;
    }
    if (reply.statusCode < 400 && responseTime < SLOW_MS && !this.takeOkLine()) {
      if (INFO_ENABLED.has(reply.log.level)) this.skipped += 1;
      return;
    }
    reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }

  /** Whether this second still has room for a successful answer's line. */
  private takeOkLine(): boolean {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.reportSkipped(now);
      this.windowStart = now;
      this.okLinesInWindow = 0;
    }
    if (this.okLinesInWindow >= this.okLinesPerSecond) return false;
    this.okLinesInWindow += 1;
    return true;
  }

  private reportSkipped(now: number): void {
    if (this.skipped === 0 || now - this.windowStart < WINDOW_MS) return;
    const count = this.skipped;
    this.skipped = 0;
    this.logger?.info(
      { okLinesNotWritten: count, okLinesPerSecond: this.okLinesPerSecond },
      `${count} successful requests answered in under ${SLOW_MS} ms were not logged one by one (ACCESS_LOG_OK_LINES_PER_SECOND)`,
    );
  }
}
