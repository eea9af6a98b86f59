import { generateEventKeyPair, signTicketToken, verifyTicketToken } from '@utsav/domain/qr-token';
import { describe, expect, it } from 'vitest';
import { eventSigner } from '../../src/modules/tickets/ticket-signing';

const eventId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const ticketIds = [
  '3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c4b12',
  '00000000-0000-4000-8000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
];

describe('the server signer of paid tickets (native Ed25519)', () => {
  it('makes exactly the token the domain signer makes, for several keys and tickets', () => {
    for (let round = 0; round < 5; round++) {
      const keys = generateEventKeyPair();
      const signer = eventSigner(eventId, keys.privateKey);
      for (const ticketId of ticketIds) {
        expect(signer.sign(ticketId)).toBe(signTicketToken({ ticketId, eventId }, keys.privateKey));
      }
    }
  });

  it('signs tokens that the gate accepts for this event only', () => {
    const keys = generateEventKeyPair();
    const token = eventSigner(eventId, keys.privateKey).sign(ticketIds[0]!);
    expect(verifyTicketToken(token, keys.publicKey, eventId)).toEqual({
      ok: true,
      ticketId: ticketIds[0],
      eventId,
    });
    expect(verifyTicketToken(token, generateEventKeyPair().publicKey, eventId)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a stored key that is not a 32-byte seed', () => {
    expect(() => eventSigner(eventId, 'c2hvcnQ')).toThrow(TypeError);
  });
});
