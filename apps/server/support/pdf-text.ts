import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PDF's text as a reader's copy-and-paste finds it: poppler's pdftotext, its layout kept unless `layout: false` (provisioned by
 * `npm test`, scripts/provision.sh). What a person or an accountant's tool reads, not what the drawing code meant.
 */
export function pdfText(bytes: Uint8Array, options: { layout?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'utsav-pdf-text-'));
  try {
    writeFileSync(join(dir, 'document.pdf'), bytes);
    const layout = options.layout === false ? [] : ['-layout'];
    return execFileSync('pdftotext', [...layout, '-enc', 'UTF-8', join(dir, 'document.pdf'), '-'], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
