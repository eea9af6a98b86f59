// Ticket QR codes are drawn in the browser from the signed token (qrCode), at the size each use needs; the
// server's qrCodeImage is for clients that cannot draw one.
// Error correction M and a 4-module quiet zone, dark on white: what phone cameras and gate scanners read
// best from a bright screen or paper. qrcode is imported on first use so it stays out of the list's chunk.

import type { Ticket } from '@utsav/domain/api/tickets';
import { formatEventDate, formatTimeRange } from '@utsav/domain/time';

const QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 4,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

/** On screen: 288 px. Download and print: 640 px, sharp on any printer. */
export const QR_SCREEN_PX = 288;
export const QR_FILE_PX = 640;

let qrModule: Promise<typeof import('qrcode')> | null = null;

/**
 * Starts fetching the QR drawing code, once. My Tickets calls it as soon as it shows an active ticket, so
 * a guest who loaded the list and then lost the signal at the venue can still open every QR.
 */
export function preloadQrDrawing(): void {
  if (!qrModule) {
    qrModule = import('qrcode');
    // A failed fetch (already offline) may be tried again on the next call.
    qrModule.catch(() => {
      qrModule = null;
    });
  }
}

export async function qrDataUrl(token: string, width: number): Promise<string> {
  preloadQrDrawing();
  // qrcode is CommonJS: depending on the bundler's interop its functions sit on the namespace or on default.
  const loaded = (await (qrModule as Promise<typeof import('qrcode')>)) as typeof import('qrcode') & {
    default?: typeof import('qrcode');
  };
  const qrcode = loaded.default ?? loaded;
  return qrcode.toDataURL(token, { ...QR_OPTIONS, width, type: 'image/png' });
}

export function qrFileName(ticketId: string): string {
  return `utsav-ticket-${ticketId.replace(/[^A-Za-z0-9_-]/g, '')}.png`;
}

/** The lines printed under the QR of a downloaded ticket image: who it is for, the event, when, the code. */
export function ticketImageLines(
  ticket: Pick<Ticket, 'holderName' | 'eventName' | 'ticketId' | 'event'>,
): string[] {
  const { date, startTime, endTime } = ticket.event;
  const when = [
    date ? formatEventDate(date) : null,
    startTime && endTime ? formatTimeRange(startTime, endTime) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return [
    ticket.holderName ? `For ${ticket.holderName}` : '',
    ticket.eventName,
    when,
    `Ticket ${ticket.ticketId}`,
  ].filter((line) => line !== '');
}

const LINE_PX = 34;
const PADDING_PX = 32;

/**
 * The QR with the ticket's words under it, as one PNG: a screenshot or a forwarded image still says whose
 * ticket it is, for which night, and its code (for the gate's typed entry when a camera fails).
 */
async function ticketImageDataUrl(lines: string[], token: string): Promise<string> {
  const qr = new Image();
  qr.src = await qrDataUrl(token, QR_FILE_PX);
  await qr.decode();
  const canvas = document.createElement('canvas');
  canvas.width = QR_FILE_PX;
  canvas.height = QR_FILE_PX + PADDING_PX + lines.length * LINE_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(qr, 0, 0, QR_FILE_PX, QR_FILE_PX);
  context.fillStyle = '#000000';
  context.textAlign = 'center';
  context.textBaseline = 'top';
  lines.forEach((line, index) => {
    context.font = index === 0 ? 'bold 26px sans-serif' : '22px sans-serif';
    context.fillText(line, QR_FILE_PX / 2, QR_FILE_PX + index * LINE_PX, QR_FILE_PX - PADDING_PX);
  });
  return canvas.toDataURL('image/png');
}

/** Saves the ticket's QR, with who it is for, the event, the date and the ticket code, as a PNG. */
export async function downloadQr(
  ticket: Parameters<typeof ticketImageLines>[0] & { qrCode: string },
): Promise<void> {
  const url = await ticketImageDataUrl(ticketImageLines(ticket), ticket.qrCode);
  const link = document.createElement('a');
  link.href = url;
  link.download = qrFileName(ticket.ticketId);
  document.body.appendChild(link);
  link.click();
  link.remove();
}
