import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * CSP sources ('sha256-…') for the inline scripts of the built index.html (its boot script), read from the
 * file itself so a rebuilt page is allowed without anyone copying a hash by hand. The browser hashes the
 * exact text between the tags, so that is what is hashed here.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/** The hashes for a built web app's index.html; none when the app is not built. */
export function builtIndexScriptHashes(distDir: string): string[] {
  const index = join(distDir, 'index.html');
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}
