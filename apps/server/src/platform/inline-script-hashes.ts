import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtDocuments } from './web-documents';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * CSP sources ('sha256-…') for the inline scripts of a built document (its boot script), read from the
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

/**
 * The hashes for a built web app's documents (index.html and the start pages' own, web-documents.ts), each
 * once: the build gives them all the same boot script, but a document with another is allowed too. None when
 * the app is not built.
 */
export function builtDocumentScriptHashes(distDir: string): string[] {
  const hashes = [...builtDocuments(distDir).values()].flatMap((file) =>
    inlineScriptHashes(readFileSync(join(distDir, file), 'utf8')),
  );
  return [...new Set(hashes)];
}
