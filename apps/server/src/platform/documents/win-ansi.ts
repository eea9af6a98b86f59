// The 14 standard PDF fonts (Helvetica, Courier, ...) need no embedding, which keeps a ticket PDF
// around 20 KB, but they only carry the WinAnsi (Windows-1252) character set: pdf-lib throws on any
// other character. Guests' names arrive in Devanagari, Gujarati, with emoji or with typographic
// punctuation, and a name must never stop a ticket from being issued, so every text we draw goes
// through toWinAnsi first.

/** Windows-1252 characters in 0x80-0x9F that are not Latin-1 (the rest of WinAnsi is 0x20-0x7E and 0xA0-0xFF). */
const CP1252_EXTRAS = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e,
  0x0178,
]);

export function isWinAnsiCodePoint(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    CP1252_EXTRAS.has(codePoint)
  );
}

/** Look-alikes worth keeping rather than turning into the replacement. */
const SUBSTITUTES: Record<string, string> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2015': '-', // horizontal bar
  '\u2212': '-', // minus sign
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2007': ' ', // figure space
  '\u2009': ' ', // thin space
  '\u202f': ' ', // narrow no-break space (ICU puts it before AM/PM)
  '\u20b9': 'Rs.', // rupee sign
  // Letters with a stroke have no decomposition to strip.
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
};

/** Zero-width joiners, variation selectors, tag characters and skin-tone modifiers: no form of their own. */
const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x200b, 0x200f],
  [0x2060, 0x2060],
  [0xfeff, 0xfeff],
  [0xfe00, 0xfe0f],
  [0xe0020, 0xe007f],
  [0x1f3fb, 0x1f3ff],
];
const COMBINING_MARK = /\p{M}/gu;
const SINGLE_MARK = /^\p{M}$/u;

/**
 * Text that a WinAnsi standard font can draw. Characters outside WinAnsi are, in order of preference:
 * kept by composing (e + U+0301 -> é), stripped of accents (ā -> a, ő -> o), replaced by a look-alike
 * (U+2011 -> -, ₹ -> Rs.), or replaced by `replacement`; a run of unencodable characters (a whole
 * Devanagari word, an emoji family joined with ZWJs) becomes one replacement, not one per code point.
 * Line breaks and other control characters become spaces.
 */
export function toWinAnsi(text: string, replacement = '?'): string {
  let out = '';
  let inUnencodableRun = false;
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (isWinAnsiCodePoint(codePoint)) {
      out += char;
      inUnencodableRun = false;
      continue;
    }
    if (isControl(codePoint)) {
      out += ' ';
      inUnencodableRun = false;
      continue;
    }
    // Marks left over after NFC (a vowel sign inside a Devanagari word, a stray accent) belong to the
    // character before them: dropping them neither breaks a run nor adds a replacement.
    if (isInvisible(codePoint) || SINGLE_MARK.test(char)) continue;
    const substitute = SUBSTITUTES[char] ?? stripAccents(char);
    if (substitute !== undefined) {
      out += substitute;
      inUnencodableRun = false;
      continue;
    }
    if (!inUnencodableRun) out += replacement;
    inUnencodableRun = true;
  }
  return out;
}

function isInvisible(codePoint: number): boolean {
  return INVISIBLE_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);
}

function isControl(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0x2028 ||
    codePoint === 0x2029
  );
}

function stripAccents(char: string): string | undefined {
  const base = char.normalize('NFD').replace(COMBINING_MARK, '');
  if (base.length === 0 || base === char) return undefined;
  for (const c of base) {
    if (!isWinAnsiCodePoint(c.codePointAt(0) ?? 0)) return undefined;
  }
  return base;
}

/** True when the text has at least one letter or digit left after sanitising, i.e. is worth printing. */
export function hasReadableText(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
