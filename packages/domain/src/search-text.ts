// How a searched name meets a stored one, in any script (docs/decisions/0918-search-in-any-script.md). Staff search
// tickets by the holder's or the buyer's name or email; names are written in Latin, Devanagari, Gujarati and more.
//
// Both sides are folded the same way before a substring match:
//   - NFKC: one spelling per character, so a nukta letter typed precomposed (U+095B ज़) or as two code points
//     (ज + ़) is the same name, and full-width or compatibility forms read as their plain letters;
//   - the zero-width joiner and non-joiner (U+200D, U+200C) are dropped: they change how a conjunct is drawn in
//     Devanagari and Gujarati, not which name it is, and keyboards differ in whether they type them;
//   - lower case by Unicode's rules, not only ASCII's (É matches é), with no locale's special cases.
// The server spells the same fold in SQL for PostgreSQL and registers this very function on SQLite.

const JOINERS = /[\u200c\u200d]/g;

export function foldForSearch(text: string): string {
  return text.normalize('NFKC').replace(JOINERS, '').toLowerCase();
}
