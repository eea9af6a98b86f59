import { INTL_LOCALES, type Language } from '@utsav/domain/languages';
import { formatEventDate } from '@utsav/domain/time';
import { degrees, drawImage, PDFDocument, type PDFRef, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import { type Translate, translator } from '../i18n/messages';
import { type DocumentFonts, embedDocumentFonts } from './pdf-fonts';
import { qrImage } from './qr-image';
import { ticketTypeLabel } from './ticket-type-label';
import type { EventDetails, OrganiserContact, TicketDocument } from './types';

export interface TicketsPdfInput {
  event: Pick<EventDetails, 'name' | 'date' | 'startTime' | 'endTime' | 'venue'>;
  /** The buyer or recipient; printed on every ticket that has no name of its own. */
  holderName: string;
  tickets: TicketDocument[];
  orderRef?: string | undefined;
  /** The recipient's language for the labels and the date (names and venue print as written). */
  language?: Language | undefined;
  /** Who issues the tickets: their name heads each page, their contacts close it. */
  organiser: OrganiserContact;
}

import { drawTicket, ENTRY_NOTE, labels, PAGE_HEIGHT, PAGE_WIDTH, pdfPrice, QR_PIXELS } from './ticket-page';

export { ENTRY_NOTE, pdfPrice };

type Fonts = DocumentFonts;

/**
 * One A5 page per ticket: event, date and time (IST), venue, holder, price, ticket id and a large QR
 * of the ticket's signed token. Text is set in Noto (Latin with ₹, Devanagari, Gujarati; embedded as subsets,
 * shaped, see pdf-fonts.ts), so names print as written; ids are ASCII in a standard monospace font.
 * What the document worker runs (the server asks through render.ts's renderTicketsPdf).
 */
export async function renderTicketsPdfHere(input: TicketsPdfInput): Promise<Uint8Array> {
  // A PDF without pages is a broken file in most viewers; an empty order is a caller's bug.
  if (input.tickets.length === 0) throw new Error('renderTicketsPdf needs at least one ticket');
  const pdf = await PDFDocument.create();
  const eventName = input.event.name;
  const language = input.language ?? 'en';
  const say = translator(language);
  // What a viewer shows in its title bar: in the reader's language too.
  pdf.setTitle(say('Tickets - {{event}}', { event: eventName }));
  pdf.setSubject(
    input.tickets.length === 1
      ? say('Ticket {{code}}', { code: input.tickets[0]?.code ?? '' })
      : say('{{count}} tickets', { count: input.tickets.length }),
  );
  if (input.organiser) pdf.setAuthor(input.organiser.name);
  pdf.setCreator('Utsav');
  pdf.setProducer('Utsav');
  pdf.setLanguage(INTL_LOCALES[language]);

  const fonts = await embedDocumentFonts(pdf, textOf(input, say));

  for (const [index, ticket] of input.tickets.entries()) {
    const qr = embedQr(pdf, ticket.qrToken);
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const qrName = page.node.newXObject('QR', qr);
    drawTicket(page, fonts, {
      eventName,
      event: input.event,
      holderName: printableName(ticket.holderName, input.holderName, fonts, say),
      typeLabel: ticket.ticketType ? ticketTypeLabel(ticket.ticketType, language) : undefined,
      say,
      locale: INTL_LOCALES[language],
      ticket,
      position: ticket.position ?? { index, count: input.tickets.length },
      orderRef: input.orderRef,
      organiser: input.organiser,
      drawQr: (x, y, size) =>
        page.pushOperators(
          pushGraphicsState(),
          ...drawImage(qrName, {
            x,
            y,
            width: size,
            height: size,
            rotate: degrees(0),
            xSkew: degrees(0),
            ySkew: degrees(0),
          }),
          popGraphicsState(),
        ),
    });
  }
  return pdf.save();
}

/**
 * The QR as a PDF image carrying the PNG's own compressed 1-bit scanlines, which PDF decodes natively
 * (FlateDecode with the PNG predictor). pdf-lib's embedPng would instead expand every PNG to 8-bit RGB
 * and deflate it again: ~100 ms and ~15 KB per ticket, against ~5 ms and ~1 KB here. That matters when
 * the outbox worker renders the PDFs of a whole sales rush on the same CPU that serves the rush.
 */
function embedQr(pdf: PDFDocument, token: string): PDFRef {
  const image = qrImage(token, { size: QR_PIXELS });
  const stream = pdf.context.stream(image.compressedScanlines, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.width,
    Height: image.width,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 1, Columns: image.width },
  });
  return pdf.context.register(stream);
}

/**
 * Every text of the document that is not fixed English: the faces a document embeds are chosen from it, so
 * anything drawn from data (names, venue, prices, translated labels) must be part of it.
 */
function textOf(input: TicketsPdfInput, say: Translate): string {
  return [
    ...Object.values(labels(say)),
    input.event.name,
    input.event.venue,
    input.holderName,
    input.orderRef ?? '',
    input.organiser?.name ?? '',
    input.organiser?.supportEmail ?? '',
    input.organiser?.supportHours ?? '',
    input.organiser?.supportPhone ?? '',
    ...input.tickets.flatMap((ticket) => [
      ticket.holderName ?? '',
      pdfPrice(ticket.price, say),
      ticket.ticketType ? ticketTypeLabel(ticket.ticketType, input.language ?? 'en') : '',
    ]),
    formatEventDate(input.event.date, INTL_LOCALES[input.language ?? 'en']),
  ].join('\n');
}

function printableName(
  ticketName: string | undefined,
  holderName: string,
  fonts: Fonts,
  say: Translate,
): string {
  for (const candidate of [ticketName, holderName]) {
    const name = candidate?.trim() ?? '';
    // A name in a script none of our faces has (or only emoji) would print as empty boxes; the QR, not the
    // name, admits the guest, so a neutral word reads better.
    if (fonts.bold.printable(name)) return name;
  }
  return say('Guest');
}
