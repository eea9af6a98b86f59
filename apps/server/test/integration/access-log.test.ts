import { expect, it } from 'vitest';
import type { LogDestination } from '../../src/platform/logger';
import { describeEachDatabase } from '../support/databases';
import { newUser } from '../support/factories';
import { useServer } from '../support/server';

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
    await new Promise((resolve) => setImmediate(resolve));
    const lines = completed(requestId);
    expect(lines).toHaveLength(1);
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
    await new Promise((resolve) => setImmediate(resolve));
    expect(completed(refused.headers.get('x-request-id'))).toMatchObject([{ res: { statusCode: 401 } }]);
    expect(logs.lines.filter((line) => line.reqId === health.headers.get('x-request-id'))).toEqual([]);
    expect(logs.raw.join('\n')).not.toContain('not-a-token');
  });
});

describeEachDatabase('access log under load', (engine) => {
  const logs = capturedLines();
  const server = useServer(engine, {
    env: { LOG_LEVEL: 'info', ACCESS_LOG_OK_LINES_PER_SECOND: '5' },
    logDestination: logs,
  });

  it('successful answers beyond the per-second budget are counted, refusals always get their line', async () => {
    const person = await newUser(server);
    logs.lines.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => server.request('GET', '/api/auth/me', { token: person.token })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const refusals = await Promise.all(
      Array.from({ length: 10 }, () => server.request('GET', '/api/auth/me', { token: 'not-a-token' })),
    );
    expect(refusals.every((answer) => answer.status === 401)).toBe(true);
    // The count comes once the second is over.
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const okLines = logs.lines.filter(
      (line) => line.msg === 'request completed' && (line.res as { statusCode: number }).statusCode === 200,
    );
    const refusedLines = logs.lines.filter(
      (line) => line.msg === 'request completed' && (line.res as { statusCode: number }).statusCode === 401,
    );
    const counted = logs.lines
      .filter((line) => typeof line.okLinesNotWritten === 'number')
      .reduce((sum, line) => sum + (line.okLinesNotWritten as number), 0);
    expect(refusedLines).toHaveLength(10);
    expect(okLines.length).toBeGreaterThanOrEqual(1);
    expect(okLines.length).toBeLessThan(30);
    // Every successful answer is either its own line or counted.
    expect(okLines.length + counted).toBe(30);
  });
});
