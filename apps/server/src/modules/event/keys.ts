import { generateEventKeyPair } from '@utsav/domain/qr-token';

/** A fresh Ed25519 pair for a new event's ticket QR tokens, as event columns. */
export function newQrKeyColumns(): { qr_public_key: string; qr_private_key: string } {
  const keys = generateEventKeyPair();
  return { qr_public_key: keys.publicKey, qr_private_key: keys.privateKey };
}
