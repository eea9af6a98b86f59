import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from '../src/auth-schemas';
import { manualIssuanceSchema, ticketNameSchema } from '../src/manual-issuance-schema';
import { hasVisibleCharacter, NAME_MESSAGES } from '../src/names';
import { ticketHolderSchema } from '../src/ticket-holder-schema';
import { transferRequestSchema } from '../src/transfer';

const INVISIBLE = [
  '\u200b\u200c\u200d\ufeff', // zero-width space, non-joiner, joiner, byte-order mark
  '\u2060\u2061\u2062', // word joiner, invisible operators
  '\u200e\u200f\u202a\u202e', // bidirectional marks and embeddings
  '\u3164\u115f\u1160\uffa0', // Hangul fillers
  '\u2800', // blank Braille cell
  '\u00a0\u2007\u3000\t', // spaces of every width
  '\u0301\u0308', // combining marks with nothing to sit on
  '\u{e0041}\u{e007f}', // tag characters
  '\ufe0f', // variation selector
];

describe('a name someone can see', () => {
  it.each(INVISIBLE)('text of only characters that print nothing is no name (%j)', (text) => {
    expect(hasVisibleCharacter(text)).toBe(false);
  });

  it.each(['Asha', 'अनु', 'ક્ષમા', 'O’Brien', '李', '7', 'a\u200b', 'क्\u200dष'])(
    'any visible character makes a name, invisible ones beside it allowed (%j)',
    (text) => {
      expect(hasVisibleCharacter(text)).toBe(true);
    },
  );

  it('user names: a profile name of zero-width characters is refused as missing', () => {
    const result = profileUpdateSchema.safeParse({ name: '\u200b\u200b' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Name is required' });
    expect(profileUpdateSchema.safeParse({ displayName: '\u3164' }).success).toBe(false);
  });

  it('ticket holder names: blank still means the owner’s name, invisible text is refused', () => {
    expect(ticketHolderSchema.safeParse({ holderName: '' }).success).toBe(true);
    expect(ticketHolderSchema.safeParse({ holderName: '   ' }).success).toBe(true);
    const result = ticketNameSchema.safeParse('\u200d\u200d');
    expect(result.error?.issues[0]?.message).toBe(NAME_MESSAGES.invisible);
  });

  it('manual issuance: an invisible new-user name is no name; an invisible ticket name is refused', () => {
    const invisibleUser = manualIssuanceSchema.safeParse({ userName: '\u200b', userEmail: 'a@b.in' });
    expect(invisibleUser.error?.issues[0]).toMatchObject({
      path: ['userName'],
      message: 'Please enter both name and email for new user',
    });
    const invisibleTicket = manualIssuanceSchema.safeParse({
      userName: 'Asha',
      userEmail: 'a@b.in',
      quantity: 2,
      ticketNames: ['Bina', '\u200d'],
    });
    expect(invisibleTicket.error?.issues[0]).toMatchObject({
      path: ['ticketNames', 1],
      message: NAME_MESSAGES.invisible,
    });
  });

  it('a transfer recipient named with invisible characters only is refused as missing', () => {
    const result = transferRequestSchema.safeParse({ recipientEmail: 'b@c.in', recipientName: '\u2060' });
    expect(result.error?.issues[0]?.path).toEqual(['recipientName']);
  });
});
