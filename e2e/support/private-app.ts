import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/platform/config';
import { freePort } from './server';

const webRoot = path.resolve(import.meta.dirname, '../../apps/web');

/**
 * The product in this test process, on its own production build of the web in `workDir`: a suite that
 * reads the database or lets a service worker cache assets cannot share apps/web/dist with other suites.
 */
export async function startPrivateApp(workDir: string): Promise<{ app: FastifyInstance; url: string }> {
  const webDist = path.join(workDir, 'web');
  // Vitest sets NODE_ENV=test, which Vite would keep, bundling React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir: webDist, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
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
  const app = await buildApp({ ...config, webDistDir: webDist });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, url };
}
