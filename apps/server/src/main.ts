import { buildApp } from './app';
import { type Config, loadConfig } from './platform/config';
import { createLogDestination } from './platform/logger';
import { standInBanner } from './platform/stand-ins';
import { prepareDataDir, startupFailureLine } from './platform/startup-checks';

const SHUTDOWN_LIMIT_MS = 10_000;
// Log lines still buffered at exit get this long to reach stdout; a stalled reader loses them.
const LOG_FLUSH_LIMIT_MS = 2_000;

/** One line on stderr and exit 1: a wrong setting is named, never shown as a stack trace. */
function stop(error: unknown): never {
  console.error(startupFailureLine(error));
  if (process.env.LOG_LEVEL?.trim().toLowerCase() === 'debug' && error instanceof Error)
    console.error(error.stack);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig(process.env);
  prepareDataDir(config.dataDir);
} catch (error) {
  stop(error);
}

const logs = createLogDestination();
const app = await buildApp(config, { logDestination: logs }).catch(async (error: unknown) => {
  await logs.flush(LOG_FLUSH_LIMIT_MS);
  return stop(error);
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  // A second signal while closing: the operator wants out now.
  if (closing) process.exit(1);
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stops accepting connections, lets in-flight requests finish, then runs onClose hooks (database, jobs).
  // Nothing below blocks the main thread (see platform/logger.ts), so this timer always gets to fire.
  const timer = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS);
  timer.unref();
  await app.close();
  await logs.flush(LOG_FLUSH_LIMIT_MS);
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
  await app.close();
  await logs.flush(LOG_FLUSH_LIMIT_MS);
  stop(error);
}
