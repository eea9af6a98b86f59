import { createRequire } from 'node:module';

// A package loaded the first time it is used, not when the server starts. For the few large ones only some
// instances ever need: the PostgreSQL driver on a server running on SQLite, the certificate library on one that
// never builds a wallet pass. Together with pdf-lib (see documents/render.ts) they were a fifth of
// the CPU a server spends starting.

const require = createRequire(import.meta.url);

/** `load()` requires `name` on its first call and returns the same module after. */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
