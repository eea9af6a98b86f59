import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@utsav/domain/languages';
import { describe, expect, it } from 'vitest';

// The catalogs are the contract between the code and the translators: every key in every language,
// every placeholder kept, and no key that the code no longer uses.
const WEB = path.join(import.meta.dirname, '../..');
const LOCALES = path.join(WEB, 'src/locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, out: Map<string, string>): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else flatten(value, full, out);
  }
  return out;
}

function catalog(language: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, language)).filter((name) => name.endsWith('.json'))) {
    const tree = JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8')) as Tree;
    flatten(tree, file.slice(0, -'.json'.length), out);
  }
  return out;
}

function sourceText(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'locales' ? '' : sourceText(full);
      return /\.(ts|tsx)$/.test(entry.name) ? readFileSync(full, 'utf8') : '';
    })
    .join('\n');
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  const english = catalog('en');

  it('has English texts', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language} has every English key, no other key, and the same placeholders`, () => {
      const other = catalog(language);
      expect([...english.keys()].filter((key) => !other.has(key))).toEqual([]);
      expect([...other.keys()].filter((key) => !english.has(key))).toEqual([]);
      for (const [key, text] of english) {
        expect({ key, placeholders: placeholders(other.get(key) ?? '') }).toEqual({
          key,
          placeholders: placeholders(text),
        });
        expect({ key, empty: (other.get(key) ?? '').trim() === '' }).toEqual({ key, empty: false });
      }
    });
  }

  it('has no key the code does not use (keys are written out whole, never built from pieces)', () => {
    const source = sourceText(path.join(WEB, 'src'));
    const unused = [...new Set([...english.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')))].filter(
      (key) => !source.includes(`'${key}'`) && !source.includes(`"${key}"`) && !source.includes(`\`${key}\``),
    );
    expect(unused).toEqual([]);
  });
});
