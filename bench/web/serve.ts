// The real server (buildApp, as `npm start` runs it) on a given web build, in its own process so that the
// Lighthouse runner's work never shares an event loop with the server it measures.
//
//   node --import tsx bench/web/serve.ts <webDistDir> <port> <dataDir>

import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/platform/config';

const [webDistDir, port, dataDir] = process.argv.slice(2);
if (!webDistDir || !port || !dataDir) throw new Error('usage: serve.ts <webDistDir> <port> <dataDir>');

const url = `http://127.0.0.1:${port}`;
const config = loadConfig({
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: url,
  AUTH_MODE: 'dev',
  DEMO_SEED: 'true',
  LOG_LEVEL: 'warn',
});
const app = await buildApp({ ...config, webDistDir });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`listening ${url}`);
