import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The unit project loads modules once per worker (vitest.config.ts): a vi.mock there would leak into the files
// that run after it, or miss a module an earlier file already loaded. Every unit file that mocks a module must
// be listed to run in the isolated project instead.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const UNIT_ROOTS = ['packages', 'apps'];
// Loaded by URL: the configuration belongs to the tools' TypeScript project, not to the server's.
const { MODULE_MOCKING_UNIT_FILES } = (await import(
  pathToFileURL(path.join(ROOT, 'vitest.config.ts')).href
)) as {
  MODULE_MOCKING_UNIT_FILES: string[];
};

function unitTestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return unitTestFiles(full);
    const relative = path.relative(ROOT, full);
    const isUnit = /^packages\/[^/]+\/test\//.test(relative) || /^apps\/[^/]+\/test\/unit\//.test(relative);
    return isUnit && relative.endsWith('.test.ts') ? [relative] : [];
  });
}

describe('unit files that mock a module', () => {
  it('are exactly the files the isolated unit project runs', () => {
    const mocking = UNIT_ROOTS.flatMap((root) => unitTestFiles(path.join(ROOT, root)))
      .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(ROOT, file), 'utf8')))
      .sort();
    expect(mocking).toEqual([...MODULE_MOCKING_UNIT_FILES].sort());
  });
});
