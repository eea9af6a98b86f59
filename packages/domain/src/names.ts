// A name someone typed must show on a ticket, a screen or a mail. Text made only of characters that print
// nothing (spaces, zero-width spaces and joiners, the byte-order mark, bidirectional and other format marks,
// Hangul fillers, the blank Braille cell, combining marks with nothing to sit on) would leave a ticket that
// names nobody and a staff list row no one can read or search. Such characters stay allowed inside a name
// (Indic scripts need the zero-width joiners); a name needs at least one character that is seen.

const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{M}\u2800]/u;

export const NAME_MESSAGES = {
  invisible: 'A name must have at least one visible character',
} as const;

/** True when `text` has at least one character that prints something. */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}
