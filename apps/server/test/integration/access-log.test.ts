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
