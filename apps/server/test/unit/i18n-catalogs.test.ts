import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_MESSAGES } from '@utsav/domain/event-schema';
import { GATE_SEARCH_MESSAGES } from '@utsav/domain/gate-search';
import { MANUAL_ISSUANCE_MESSAGES } from '@utsav/domain/manual-issuance-schema';
import { CANCEL_MESSAGES } from '@utsav/domain/refunds';
import { describe, expect, it } from 'vitest';

// The server's catalogs are keyed by the English sentence (gettext style). Hindi and Gujarati must cover the
// same sentences with the same placeholders, and every sentence must still be one the code says.
const ROOT = path.join(import.meta.dirname, '../../../..');
const CATALOGS = [
  { name: 'server', dir: path.join(ROOT, 'apps/server/src/platform/i18n/catalogs') },
  { name: 'domain', dir: path.join(ROOT, 'packages/domain/src/messages') },
];
const PLURAL = /_(zero|one|two|few|many|other)$/;

const read = (dir: string, language: string): Record<string, string> => {
  try {
    return JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8'));
  } catch {
    return {};
  }
};

function sources(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return entry.name.endsWith('.ts') ? readFileSync(full, 'utf8') : '';
    })
    .join('\n');
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const code = sources(path.join(ROOT, 'apps/server/src')) + sources(path.join(ROOT, 'packages/domain/src'));
const sharedSentences = new Set<string>(
  [EVENT_MESSAGES, CANCEL_MESSAGES, MANUAL_ISSUANCE_MESSAGES, GATE_SEARCH_MESSAGES].flatMap((set) =>
    Object.values(set),
  ),
);

describe.each(CATALOGS)('$name message catalogs', ({ dir }) => {
  const hi = read(dir, 'hi');
  const gu = read(dir, 'gu');

  it('Hindi and Gujarati translate the same sentences, none empty, placeholders kept', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(gu).sort());
    for (const [key, text] of Object.entries(hi)) {
      const template = key.replace(PLURAL, '');
      // A plural form may write its number out ("1 टिकट") instead of {{count}}; nothing else may go missing.
      const expected = (translation: string) =>
        PLURAL.test(key)
          ? placeholders(template).filter((name) => name !== 'count' || translation.includes('{{count}}'))
          : placeholders(template);
      expect({ key, hi: placeholders(text) }).toEqual({ key, hi: expected(text) });
      expect({ key, gu: placeholders(gu[key] ?? '') }).toEqual({ key, gu: expected(gu[key] ?? '') });
      expect(text.trim() && (gu[key] ?? '').trim()).toBeTruthy();
    }
  });

  it('has no sentence that the code no longer says', () => {
    const unused = Object.keys(hi)
      .map((key) => key.replace(PLURAL, ''))
      .filter((sentence) => !sharedSentences.has(sentence))
      .filter((sentence) => !["'", '"', '`'].some((quote) => code.includes(`${quote}${sentence}${quote}`)));
    expect(unused).toEqual([]);
  });

  it('English has entries only for plural forms of sentences that are translated', () => {
    const en = read(dir, 'en');
    for (const key of Object.keys(en)) {
      expect(key).toMatch(PLURAL);
      expect(Object.keys(hi).some((other) => other.replace(PLURAL, '') === key.replace(PLURAL, ''))).toBe(
        true,
      );
    }
  });
});
