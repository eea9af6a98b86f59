import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config-error';

// What start-up checks before it builds anything, and how it says why it could not start: one line an
// operator can act on (which setting, what is wrong with it), never a stack trace for a wrong setting.

/** DATA_DIR exists (made if missing) and is a folder this process can write to; else a ConfigError. */
export function prepareDataDir(dir: string): void {
  let isFile = false;
  try {
    isFile = statSync(dir, { throwIfNoEntry: false })?.isDirectory() === false;
  } catch {
    // A file where a folder of the path should be (ENOTDIR): mkdir below names it.
  }
  if (isFile) throw new ConfigError(`DATA_DIR (${dir}) is a file, not a folder. Point DATA_DIR at a folder.`);
  try {
    mkdirSync(dir, { recursive: true });
    // Permission bits alone do not tell (root ignores them; a read-only mount does not show in them).
    const probe = join(dir, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(
      `DATA_DIR (${dir}) cannot be used as the data folder (${reason}). Point DATA_DIR at a folder this user can write to.`,
    );
  }
}

/** The one line start-up prints when it stops on `error`, with no secret from a connection string in it. */
export function startupFailureLine(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const reason = redactUrls(message.split('\n')[0] ?? message);
  if (code === 'EADDRINUSE')
    return `Could not start: the port is already in use (${reason}). Set PORT to a free port.`;
  if (code === 'EACCES' && /listen/.test(message))
    return `Could not start: not allowed to listen there (${reason}). Set PORT above 1024 or HOST.`;
  if (/^Database migration/.test(message))
    return `Could not start: the database (DATABASE_URL) could not be prepared: ${reason}`;
  return `Could not start: ${reason}`;
}

/** postgres://user:secret@host -> postgres://user:***@host */
function redactUrls(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+@/gi, '$1***@');
}
