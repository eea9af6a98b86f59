import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../src/event-schema';
import {
  MANUAL_ISSUANCE_MESSAGES as M,
  manualIssuanceSchema,
  manualRecipient,
  ticketHolderNames,
} from '../src/manual-issuance-schema';

function errorsOf(input: unknown) {
  const result = manualIssuanceSchema.safeParse(input);
  return result.success ? [] : fieldErrors(result.error);
}

describe('manual issuance payload', () => {
  it('an existing user needs only the id; quantity defaults to 1, payment to not received', () => {
    const parsed = manualIssuanceSchema.parse({ userId: 'u1' });
    expect(parsed).toMatchObject({ userId: 'u1', quantity: 1, paymentDone: false, ticketNames: [] });
  });

  it('the type is optional (the default type), free defaults to false; a blank type id is refused', () => {
    expect(manualIssuanceSchema.parse({ userId: 'u1' })).toMatchObject({ free: false });
    expect(manualIssuanceSchema.parse({ userId: 'u1', ticketTypeId: 't1', free: true })).toMatchObject({
      ticketTypeId: 't1',
      free: true,
    });
    expect(errorsOf({ userId: 'u1', ticketTypeId: ' ' })).toEqual([
      { field: 'ticketTypeId', message: M.ticketType },
    ]);
  });

  it('no user and no new user is refused with the product message', () => {
    expect(errorsOf({ quantity: 2 })).toEqual([{ field: 'userId', message: M.noRecipient }]);
    expect(errorsOf({ userName: '  ', userEmail: '' })).toEqual([
      { field: 'userId', message: M.noRecipient },
    ]);
  });

  it('a new user with only a name or only an email is refused', () => {
    expect(errorsOf({ userName: 'Asha' })).toEqual([{ field: 'userEmail', message: M.incompleteNewUser }]);
    expect(errorsOf({ userEmail: 'a@b.in' })).toEqual([{ field: 'userName', message: M.incompleteNewUser }]);
  });

  it('a malformed email is refused', () => {
    expect(errorsOf({ userName: 'Asha', userEmail: 'asha@example' })).toEqual([
      { field: 'userEmail', message: 'Please enter a valid email address' },
    ]);
  });

  it.each([0, -1, 1.5, '2', null])('quantity %j is refused', (quantity) => {
    expect(errorsOf({ userId: 'u1', quantity })).toEqual([{ field: 'quantity', message: M.quantity }]);
  });

  it('has no maximum quantity', () => {
    expect(errorsOf({ userId: 'u1', quantity: 100_000 })).toEqual([]);
  });

  it('notes are limited to 500 characters', () => {
    expect(errorsOf({ userId: 'u1', notes: 'x'.repeat(500) })).toEqual([]);
    expect(errorsOf({ userId: 'u1', notes: 'x'.repeat(501) })).toEqual([
      { field: 'notes', message: M.notes },
    ]);
  });

  it('a new user is recognised, email lowercased and trimmed', () => {
    const parsed = manualIssuanceSchema.parse({ userName: ' Asha Patel ', userEmail: ' Asha@Example.IN ' });
    expect(manualRecipient(parsed)).toEqual({ kind: 'new', name: 'Asha Patel', email: 'asha@example.in' });
  });

  it('an existing user wins when both are sent', () => {
    const parsed = manualIssuanceSchema.parse({ userId: 'u1', userName: 'Asha', userEmail: 'a@b.in' });
    expect(manualRecipient(parsed)).toEqual({ kind: 'existing', userId: 'u1' });
  });
});

describe('ticketHolderNames', () => {
  it('blank and missing names fall back to the recipient; extra names are ignored', () => {
    expect(ticketHolderNames(['Riya', '  ', 'Dev', 'Extra'], 3, 'Asha')).toEqual(['Riya', 'Asha', 'Dev']);
    expect(ticketHolderNames([], 2, 'Asha')).toEqual(['Asha', 'Asha']);
    expect(ticketHolderNames([' Kiran '], 1, 'Asha')).toEqual(['Kiran']);
  });
});
