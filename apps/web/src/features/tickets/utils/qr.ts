// Ticket QR codes are drawn in the browser from the signed token (qrCode); the server sends no image.
// Error correction M and a 4-module quiet zone, dark on white: what phone cameras and gate scanners read
// best from a bright screen or paper. qrcode is imported on first use so it stays out of the list's chunk.

const QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 4,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

/** On screen: 288 px. Download and print: 640 px, sharp on any printer. */
export const QR_SCREEN_PX = 288;
export const QR_FILE_PX = 640;

export async function qrDataUrl(token: string, width: number): Promise<string> {
  // qrcode is CommonJS: depending on the bundler's interop its functions sit on the namespace or on default.
  const loaded = (await import('qrcode')) as typeof import('qrcode') & { default?: typeof import('qrcode') };
  const qrcode = loaded.default ?? loaded;
  return qrcode.toDataURL(token, { ...QR_OPTIONS, width, type: 'image/png' });
}

export function qrFileName(ticketId: string): string {
  return `utsav-ticket-${ticketId.replace(/[^A-Za-z0-9_-]/g, '')}.png`;
}

/** Saves the ticket's QR as a PNG named after the ticket id. */
export async function downloadQr(ticketId: string, token: string): Promise<void> {
  const url = await qrDataUrl(token, QR_FILE_PX);
  const link = document.createElement('a');
  link.href = url;
  link.download = qrFileName(ticketId);
  document.body.appendChild(link);
  link.click();
  link.remove();
}
