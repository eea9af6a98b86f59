import { buildApp } from './app';
import { type Config, loadConfig } from './platform/config';
import { standInBanner } from './platform/stand-ins';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = await buildApp(config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stops accepting connections, lets in-flight requests finish, then runs onClose hooks (database, jobs).
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Utsav is running at ${config.publicUrl} (listening on ${config.host}:${config.port})`);
  const banner = standInBanner(config);
  for (const line of banner.lines) app.log[banner.level](line);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
