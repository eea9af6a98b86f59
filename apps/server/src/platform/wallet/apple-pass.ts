import { createHash } from 'node:crypto';
import { INTL_LOCALES } from '@utsav/domain/languages';
import { formatClockTime, formatEventDate } from '@utsav/domain/time';
import { zipSync } from 'fflate';
import type Forge from 'node-forge';
import { ticketTypeLabel } from '../documents/ticket-type-label';
import { type Translate, translator } from '../i18n/messages';
import { lazyModule } from '../lazy-module';
import { passImages } from './pass-images';
import type { WalletTicket } from './types';

// An Apple Wallet pass (.pkpass): a zip of pass.json, its images, manifest.json (SHA-1 of every other
// file, as Apple's format requires) and `signature`, a detached PKCS#7 signature of manifest.json by the
// organiser's Pass Type ID certificate with Apple's WWDR intermediate included. Wallet refuses a pass
// whose manifest or signature does not match byte for byte, so both are computed from the exact bytes zipped.

const nodeForge = lazyModule<typeof Forge>('node-forge');

export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

export interface ApplePassSigner {
  passTypeId: string;
  teamId: string;
  /** PEM texts. */
  certificate: string;
  privateKey: string;
  passphrase?: string | undefined;
  wwdrCertificate: string;
}

/** The pass.json object: an event ticket whose barcode is the ticket's signed QR token. */
export function passJson(ticket: WalletTicket, signer: Pick<ApplePassSigner, 'passTypeId' | 'teamId'>) {
  const { event } = ticket;
  const language = ticket.language ?? 'en';
  const t = translator(language);
  const locale = INTL_LOCALES[language];
  const label = (word: string) => t(word).toLocaleUpperCase(locale);
  const hours = t('{{start}} - {{end}}', {
    start: formatClockTime(event.startTime, locale),
    end: formatClockTime(event.endTime, locale),
  });
  // Wallet shows a field's changeMessage when an installed pass is replaced by one whose value differs (the
  // moved mail's link opens the pass again under the same serial number); %@ is the new value.
  const changed = event.moved ? { changeMessage: t('Now: %@') } : {};
  return {
    formatVersion: 1,
    passTypeIdentifier: signer.passTypeId,
    teamIdentifier: signer.teamId,
    serialNumber: ticket.id,
    organizationName: ticket.issuer,
    description: t('Ticket for {{event}}', { event: event.name }),
    logoText: ticket.issuer,
    foregroundColor: 'rgb(255, 244, 224)',
    backgroundColor: 'rgb(92, 15, 31)',
    labelColor: 'rgb(242, 192, 77)',
    // Shown on the lock screen around this moment (the event's start, IST).
    relevantDate: `${event.date}T${event.startTime}:00+05:30`,
    expirationDate: `${event.date}T${event.endTime}:00+05:30`,
    voided: ticket.status !== 'active',
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: ticket.qrToken,
        messageEncoding: 'iso-8859-1',
        altText: ticket.code,
      },
    ],
    eventTicket: {
      primaryFields: [{ key: 'event', label: label('Event'), value: event.name }],
      secondaryFields: [
        { key: 'date', label: label('Date'), value: formatEventDate(event.date, locale), ...changed },
        { key: 'time', label: label('Time'), value: hours, ...changed },
      ],
      auxiliaryFields: [
        { key: 'venue', label: label('Venue'), value: event.venue, ...changed },
        { key: 'holder', label: label('Name'), value: ticket.holderName },
        ...(ticket.ticketType
          ? [{ key: 'type', label: label('Type'), value: ticketTypeLabel(ticket.ticketType, language) }]
          : []),
      ],
      backFields: [
        ...(event.moved
          ? [
              {
                key: 'moved',
                label: t('Moved'),
                value: t('This night has moved. The date, time and venue on this pass are the new ones.'),
              },
            ]
          : []),
        { key: 'ticket', label: t('Ticket'), value: ticket.code },
        {
          key: 'entry',
          label: t('Entry'),
          value: entryNote(ticket, t),
        },
        { key: 'tickets', label: t('My Tickets'), value: ticket.ticketsUrl },
        ...(ticket.supportEmail
          ? [{ key: 'support', label: t('Questions?'), value: `${ticket.issuer}: ${ticket.supportEmail}` }]
          : []),
      ],
    },
  };
}

/** A couple or family pass lets in more than one person with its one scan. */
function entryNote(ticket: WalletTicket, t: Translate): string {
  const admits = ticket.ticketType?.admits ?? 1;
  if (admits > 1)
    return t('Show this QR code at the gate. It admits {{count}} people, once.', { count: admits });
  return t('Show this QR code at the gate. Each ticket admits one person, once.');
}

function sha1(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** The DER bytes of a detached PKCS#7 (CMS SignedData) signature of `content`. */
export function signDetached(content: Uint8Array, signer: ApplePassSigner, signingTime: Date): Buffer {
  const forge = nodeForge();
  const certificate = forge.pki.certificateFromPem(signer.certificate);
  const wwdr = forge.pki.certificateFromPem(signer.wwdrCertificate);
  const key = signer.passphrase
    ? forge.pki.decryptRsaPrivateKey(signer.privateKey, signer.passphrase)
    : forge.pki.privateKeyFromPem(signer.privateKey);
  if (!key) throw new Error('the Apple pass key could not be decrypted with APPLE_PASS_KEY_PASSPHRASE');
  const signed = forge.pkcs7.createSignedData();
  signed.content = forge.util.createBuffer(Buffer.from(content).toString('binary'));
  signed.addCertificate(certificate);
  signed.addCertificate(wwdr);
  signed.addSigner({
    key,
    certificate,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
      { type: forge.pki.oids.messageDigest! },
      // node-forge's types say string; its encoder wants the Date.
      { type: forge.pki.oids.signingTime!, value: signingTime as unknown as string },
    ],
  });
  signed.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(signed.toAsn1()).getBytes(), 'binary');
}

/** The .pkpass bytes. */
export function buildPkpass(ticket: WalletTicket, signer: ApplePassSigner, now: Date): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'pass.json': Buffer.from(JSON.stringify(passJson(ticket, signer), null, 2)),
    ...passImages(),
  };
  const manifest = Buffer.from(
    JSON.stringify(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, sha1(bytes)]))),
  );
  return zipSync({
    ...Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { level: 0 }]])),
    'manifest.json': manifest,
    signature: signDetached(manifest, signer, now),
  });
}
