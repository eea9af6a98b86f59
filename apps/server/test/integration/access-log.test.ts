import { expect, it } from 'vitest';
import { SLOW_MS } from '../../src/platform/access-log';
import type { LogDestination } from '../../src/platform/logger';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import { useServer } from '../../support/server';

/** Keeps every JSON line the app writes, parsed. */
function capturedLines(): LogDestination & { lines: Record<string, unknown>[]; raw: string[] } {
  const raw: string[] = [];
  const lines: Record<string, unknown>[] = [];
  return {
    raw,
    lines,
    stream: {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line));
      },
    },
    format: 'json',
    flush: async () => true,
    dropped: 0,
  };
}

describeEachDatabase('access log', (engine) => {
  const logs = capturedLines();
  const server = useServer(engine, { env: { LOG_LEVEL: 'info' }, logDestination: logs });

  const completed = (requestId: string | null) =>
    logs.lines.filter((line) => line.reqId === requestId && line.msg === 'request completed');

  it('one line per answered request, with its id, route, status and time, and never the bearer token', async () => {
    const person = await newUser(server);
    const response = await server.request('GET', '/api/auth/me', { token: person.token });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    // The line is written when the answer has gone out, which the client may hear of first.
    await expect.poll(() => completed(requestId)).toHaveLength(1);
    const lines = completed(requestId);
    expect(lines[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/auth/me' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(logs.raw.join('\n')).not.toContain(person.token);
    expect(logs.raw.join('\n')).not.toContain(person.token.split('.')[2]!);
  });

  it('refused requests are logged too (a bad token: 401), and health checks only when they fail', async () => {
    const refused = await server.request('GET', '/api/auth/me', { token: 'not-a-token' });
    expect(refused.status).toBe(401);
    const health = await server.request('GET', '/api/health');
    expect(health.status).toBe(200);
    await expect.poll(() => completed(refused.headers.get('x-request-id'))).toHaveLength(1);
    expect(completed(refused.headers.get('x-request-id'))).toMatchObject([{ res: { statusCode: 401 } }]);
    expect(logs.lines.filter((line) => line.reqId === health.headers.get('x-request-id'))).toEqual([]);
    expect(logs.raw.join('\n')).not.toContain('not-a-token');
  });
});

describeEachDatabase('access log under load', (engine) => {
  // The per-second budget counts seconds on the app's clock, which stands still until the test moves it: all 30
  // answers fall in one second however long the machine takes to send them.
  const clock = testClock();
  const logs = capturedLines();
  const server = useServer(engine, {
    env: { LOG_LEVEL: 'info', ACCESS_LOG_OK_LINES_PER_SECOND: '5' },
    logDestination: logs,
    now: clock.now,
  });

  it('successful answers beyond the per-second budget are counted, refusals always get their line', async () => {
    const person = await newUser(server);
    // A second of its own for the burst (signing in took a line of the one before).
    clock.advance(1000);
    logs.lines.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => server.request('GET', '/api/auth/me', { token: person.token })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const refusals = await Promise.all(
      Array.from({ length: 10 }, () => server.request('GET', '/api/auth/me', { token: 'not-a-token' })),
    );
    expect(refusals.every((answer) => answer.status === 401)).toBe(true);

    const requestLines = (status: number) =>
      logs.lines.filter(
        (line) =>
          line.msg === 'request completed' && (line.res as { statusCode: number }).statusCode === status,
      );
    const counted = () =>
      logs.lines
        .filter((line) => typeof line.okLinesNotWritten === 'number')
        .reduce((sum, line) => sum + (line.okLinesNotWritten as number), 0);
    // The count comes once the second is over: the clock moves past it, and the app's once-a-second report says
    // it. Every successful answer is either its own line or counted.
    clock.advance(1000);
    await expect.poll(() => requestLines(200).length + counted()).toBe(30);
    expect(requestLines(401)).toHaveLength(10);
    // An answer slower than SLOW_MS always gets its line (a busy machine may make some so); of the quick ones,
    // exactly the budget has lines.
    const quickLines = requestLines(200).filter((line) => (line.responseTime as number) < SLOW_MS);
    const slowAnswers = requestLines(200).length - quickLines.length;
    expect(quickLines).toHaveLength(Math.min(5, 30 - slowAnswers));
    expect(counted()).toBe(30 - slowAnswers - quickLines.length);
  });
});
