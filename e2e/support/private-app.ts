import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/platform/config';
import { freePort } from './server';

/**
 * The product in this test process, with its database in `workDir`, on the run's own production build of
 * the web (built once by private-web-build.ts, the e2e project's global setup): a suite that reads the
 * database or lets a service worker cache assets cannot share apps/web/dist, which anyone may rebuild.
 */
export async function startPrivateApp(workDir: string): Promise<{ app: FastifyInstance; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, 'data'),
    PUBLIC_URL: url,
    AUTH_MODE: 'dev',
    DEMO_SEED: 'true',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ ...config, webDistDir: inject('privateWebDist') });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url };
}
