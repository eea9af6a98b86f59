import { existsSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * The built web app's HTML documents by the address each answers: index.html for '/' (and, in web.ts, any
 * other address the app routes), and an installed app's start page's own document, `<address>.html` (e.g.
 * dashboard/guest.html for /dashboard/guest, with that page's pre-rendered first screen;
 * apps/web/build/start-page-documents.ts). Read from the folder, so a new start page needs no change here.
 */
export function builtDocuments(distDir: string): Map<string, string> {
  const documents = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(distDir, folder), { withFileTypes: true })) {
      const file = posix.join(folder, entry.name);
      // Vite's fingerprinted files: never a document.
      if (entry.isDirectory() && file !== 'assets') walk(file);
      else if (entry.isFile() && file.endsWith('.html'))
        documents.set(file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`, file);
    }
  };
  if (existsSync(join(distDir, 'index.html'))) walk('');
  return documents;
}
