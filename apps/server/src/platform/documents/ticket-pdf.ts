import { POLICY } from '@utsav/domain/constants';
import { INTL_LOCALES, type Language } from '@utsav/domain/languages';
import { formatRupees } from '@utsav/domain/pricing';
import { formatEventDate } from '@utsav/domain/time';
import {
  type Color,
  degrees,
  drawImage,
  PageSizes,
  PDFDocument,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import { eventHours, type Translate, translator } from '../i18n/messages';
import { type DocumentFonts, embedDocumentFonts } from './pdf-fonts';
import { drawCentered, drawSpaced, fitText, roundedRectPath, spacedWidth } from './pdf-text-layout';
import { qrImage } from './qr-image';
import type { EventDetails, TicketDocument } from './types';

export interface TicketsPdfInput {
  event: Pick<EventDetails, 'name' | 'date' | 'startTime' | 'endTime' | 'venue'>;
  /** The buyer or recipient; printed on every ticket that has no name of its own. */
  holderName: string;
  tickets: TicketDocument[];
  orderRef?: string | undefined;
  /** The recipient's language for the labels and the date (names and venue print as written). */
  language?: Language | undefined;
}

export const ENTRY_NOTE = 'Show this QR at the gate. One entry per ticket.';

const STATUS_NOTES = {
  used: 'This ticket has already been used for entry.',
  cancelled: 'This ticket was cancelled and will not admit entry.',
} as const;

const COLORS = {
  page: rgb(0.984, 0.96, 0.918),
  card: rgb(1, 1, 1),
  header: rgb(0.48, 0.118, 0.227),
  headerSoft: rgb(0.96, 0.85, 0.77),
  saffron: rgb(0.95, 0.647, 0.086),
  pink: rgb(0.86, 0.24, 0.45),
  green: rgb(0.13, 0.55, 0.42),
  ink: rgb(0.12, 0.1, 0.09),
  muted: rgb(0.42, 0.38, 0.35),
  hairline: rgb(0.88, 0.84, 0.78),
  void: rgb(0.8, 0.1, 0.12),
} as const;

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A5;
const CARD_INSET = 16;
const CARD_RADIUS = 14;
const PAD = 24;
const HEADER_HEIGHT = 112;
/** ~62 mm printed, the QR symbol itself ~50 mm inside its quiet zone: easy for any phone at arm's length. */
const QR_SIZE = 176;
/** ~8 pixels per module: sharp even where a viewer smooths enlarged images, and still ~1 KB as 1-bit. */
const QR_PIXELS = 480;

type Fonts = DocumentFonts;

/**
 * One A5 page per ticket: event, date and time (IST), venue, holder, price, ticket id and a large QR
 * of the ticket's signed token. Text is set in Noto (Latin with ₹, Devanagari, Gujarati; embedded as subsets,
 * shaped, see pdf-fonts.ts), so names print as written; ids are ASCII in a standard monospace font.
 */
export async function renderTicketsPdf(input: TicketsPdfInput): Promise<Uint8Array> {
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
  pdf.setAuthor(POLICY.organiserName);
  pdf.setCreator('Utsav');
  pdf.setProducer('Utsav');
  pdf.setLanguage(INTL_LOCALES[language]);

  const fonts = await embedDocumentFonts(pdf, textOf(input, say));

  for (const [index, ticket] of input.tickets.entries()) {
    // Each page is milliseconds of synchronous work on the server's only thread: let waiting requests
    // (a sales rush) run between pages instead of after the whole document.
    if (index > 0) await new Promise((resolve) => setImmediate(resolve));
    const qr = embedQr(pdf, ticket.qrToken);
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const qrName = page.node.newXObject('QR', qr);
    drawTicket(page, fonts, {
      eventName,
      event: input.event,
      holderName: printableName(ticket.holderName, input.holderName, fonts, say),
      say,
      locale: INTL_LOCALES[language],
      ticket,
      position: ticket.position ?? { index, count: input.tickets.length },
      orderRef: input.orderRef,
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
    ...input.tickets.flatMap((ticket) => [ticket.holderName ?? '', pdfPrice(ticket.price, say)]),
    formatEventDate(input.event.date, INTL_LOCALES[input.language ?? 'en']),
  ].join('\n');
}

/** The fixed words of a ticket page in the reader's language (labels are shown in capitals where the script has them). */
function labels(say: Translate) {
  return {
    admitOne: say('Admit one'),
    date: say('Date'),
    time: say('Time'),
    venue: say('Venue'),
    guest: say('Guest'),
    price: say('Price'),
    ticketCode: say('Ticket code'),
    typeCode: say('No scan? The gate can type this code instead.'),
    entry: say(ENTRY_NOTE),
    used: say(STATUS_NOTES.used),
    cancelled: say(STATUS_NOTES.cancelled),
    usedMark: say('Used'),
    cancelledMark: say('Cancelled'),
    keepPrivate: say('Keep this ticket private: a copy of the QR admits only once.'),
    questions: say('Questions?'),
    order: say('Order'),
    counter: say('Ticket {{number}} of {{count}}', { number: 1, count: 2 }),
    complimentary: say('Complimentary'),
  };
}

/** "₹1,299" (the embedded faces have the rupee sign). */
export function pdfPrice(rupees: number, say: Translate = translator('en')): string {
  if (rupees === 0) return say('Complimentary');
  return formatRupees(rupees);
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

interface TicketPage {
  eventName: string;
  event: TicketsPdfInput['event'];
  holderName: string;
  ticket: TicketDocument;
  position: { index: number; count: number };
  orderRef: string | undefined;
  drawQr: (x: number, y: number, size: number) => void;
  say: Translate;
  /** Intl locale of the reader's language, for the date. */
  locale: string;
}

function drawTicket(page: PDFPage, fonts: Fonts, t: TicketPage): void {
  const words = labels(t.say);
  const caps = (text: string) => text.toLocaleUpperCase(t.locale);
  const card = {
    x: CARD_INSET,
    y: CARD_INSET,
    width: PAGE_WIDTH - 2 * CARD_INSET,
    height: PAGE_HEIGHT - 2 * CARD_INSET,
  };
  const top = card.y + card.height;
  const left = card.x + PAD;
  const contentWidth = card.width - 2 * PAD;
  const centerX = card.x + card.width / 2;

  page.drawRectangle({ x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT, color: COLORS.page });
  page.drawSvgPath(roundedRectPath(card.width, card.height, CARD_RADIUS, CARD_RADIUS), {
    x: card.x,
    y: top,
    color: COLORS.card,
    borderColor: COLORS.hairline,
    borderWidth: 0.75,
  });

  // Header band
  page.drawSvgPath(roundedRectPath(card.width, HEADER_HEIGHT, CARD_RADIUS, 0), {
    x: card.x,
    y: top,
    color: COLORS.header,
  });
  const headerBottom = top - HEADER_HEIGHT;
  drawSpaced(page, `${POLICY.organiserName.toUpperCase()}  \u00b7  ${caps(words.admitOne)}`, {
    x: left,
    y: top - 26,
    size: 8,
    font: fonts.bold,
    color: COLORS.saffron,
    spacing: 1.4,
  });
  const counter = caps(
    t.say('Ticket {{number}} of {{count}}', { number: t.position.index + 1, count: t.position.count }),
  );
  drawSpaced(page, counter, {
    x: card.x + card.width - PAD - spacedWidth(counter, fonts.bold, 8, 1.4),
    y: top - 26,
    size: 8,
    font: fonts.bold,
    color: COLORS.headerSoft,
    spacing: 1.4,
  });
  const title = fitText(t.eventName, fonts.bold, {
    maxWidth: contentWidth,
    maxLines: 2,
    sizes: [24, 21, 18, 16],
  });
  const titleBlockHeight = title.lines.length * title.size * 1.15;
  let titleY =
    headerBottom + (HEADER_HEIGHT - 34 - titleBlockHeight) / 2 + titleBlockHeight - title.size * 0.8;
  for (const line of title.lines) {
    fonts.bold.draw(page, line, { x: left, y: titleY, size: title.size, color: COLORS.card });
    titleY -= title.size * 1.15;
  }
  drawToran(page, card.x, card.width, headerBottom);

  // Details
  const columnX = centerX + 8;
  const columnWidth = card.x + card.width - PAD - columnX;
  let y = headerBottom - 40;
  drawField(page, fonts, caps(words.date), formatEventDate(t.event.date, t.locale), {
    x: left,
    y,
    width: columnX - left - 12,
  });
  drawField(page, fonts, caps(words.time), eventHours(t.event.startTime, t.event.endTime, t.say, t.locale), {
    x: columnX,
    y,
    width: columnWidth,
  });
  y -= 40;
  const venueLines = drawField(page, fonts, caps(words.venue), t.event.venue, {
    x: left,
    y,
    width: contentWidth,
    maxLines: 2,
  });
  y -= 40 + (venueLines - 1) * 14;
  drawField(page, fonts, caps(words.guest), t.holderName, { x: left, y, width: columnX - left - 12 });
  drawField(page, fonts, caps(words.price), pdfPrice(t.ticket.price, t.say), {
    x: columnX,
    y,
    width: columnWidth,
  });

  // Perforation: a dashed tear line with a notch cut out of each edge, like a paper ticket's stub.
  const perforationY = y - 30;
  page.drawLine({
    start: { x: card.x + 14, y: perforationY },
    end: { x: card.x + card.width - 14, y: perforationY },
    thickness: 1,
    color: COLORS.hairline,
    dashArray: [5, 4],
  });
  for (const x of [card.x, card.x + card.width]) {
    page.drawCircle({
      x,
      y: perforationY,
      size: 9,
      color: COLORS.page,
      borderColor: COLORS.hairline,
      borderWidth: 0.75,
    });
  }
  // Hide the half of each notch's outline that lies outside the card.
  page.drawRectangle({ x: 0, y: perforationY - 10, width: card.x, height: 20, color: COLORS.page });
  page.drawRectangle({
    x: card.x + card.width,
    y: perforationY - 10,
    width: PAGE_WIDTH - card.x - card.width,
    height: 20,
    color: COLORS.page,
  });

  // QR and identity of the ticket
  const qrTop = perforationY - 14;
  const qrBottom = qrTop - QR_SIZE;
  t.drawQr(centerX - QR_SIZE / 2, qrBottom, QR_SIZE);
  const status = t.ticket.status ?? 'active';
  const note = status === 'active' ? words.entry : words[status];
  drawCentered(page, note, {
    centerX,
    y: qrBottom - 10,
    size: 10,
    font: fonts.bold,
    color: status === 'active' ? COLORS.ink : COLORS.void,
  });
  const shortId = t.ticket.code;
  const idLabel = `${caps(words.ticketCode)}  `;
  const idLabelWidth = spacedWidth(idLabel, fonts.bold, 7.5, 1.2);
  const shortIdWidth = spacedWidth(shortId, fonts.monoBold, 15, 1.5);
  const idX = centerX - (idLabelWidth + shortIdWidth) / 2;
  drawSpaced(page, idLabel, {
    x: idX,
    y: qrBottom - 32,
    size: 7.5,
    font: fonts.bold,
    color: COLORS.muted,
    spacing: 1.2,
  });
  drawSpaced(page, shortId, {
    x: idX + idLabelWidth,
    y: qrBottom - 33,
    size: 15,
    font: fonts.monoBold,
    color: COLORS.ink,
    spacing: 1.5,
  });
  drawCentered(page, words.typeCode, {
    centerX,
    y: qrBottom - 46,
    size: 7.5,
    font: fonts.regular,
    color: COLORS.muted,
  });

  if (status !== 'active') {
    const mark = caps(status === 'used' ? words.usedMark : words.cancelledMark);
    const size = 46;
    const width = fonts.bold.widthOfTextAtSize(mark, size);
    const angle = 35;
    const radians = (angle * Math.PI) / 180;
    fonts.bold.draw(page, mark, {
      x: centerX - (width / 2) * Math.cos(radians) + (size / 3) * Math.sin(radians),
      y: qrBottom + QR_SIZE / 2 - (width / 2) * Math.sin(radians) - (size / 3) * Math.cos(radians),
      size,
      color: COLORS.void,
      opacity: 0.55,
      rotate: degrees(angle),
    });
  }

  // Footer
  const footerY = card.y + 30;
  page.drawLine({
    start: { x: left, y: footerY + 14 },
    end: { x: card.x + card.width - PAD, y: footerY + 14 },
    thickness: 0.5,
    color: COLORS.hairline,
  });
  const orderText = t.orderRef ? `${words.order} ${t.orderRef}  \u00b7  ` : '';
  drawCentered(page, `${orderText}${words.keepPrivate}`, {
    centerX,
    y: footerY,
    size: 7,
    font: fonts.regular,
    color: COLORS.muted,
    maxWidth: contentWidth,
  });
  drawCentered(page, `${words.questions} ${POLICY.supportEmail}  \u00b7  ${t.say(POLICY.supportHours)}`, {
    centerX,
    y: footerY - 11,
    size: 7,
    font: fonts.regular,
    color: COLORS.muted,
    maxWidth: contentWidth,
  });
}

/** Hanging bunting (a toran) under the header: the festival's own decoration, in three colours. */
function drawToran(page: PDFPage, cardX: number, cardWidth: number, headerBottom: number): void {
  const flagWidth = 14;
  const flagHeight = 9;
  const colors: Color[] = [COLORS.saffron, COLORS.pink, COLORS.green];
  const count = Math.floor((cardWidth - 2 * CARD_RADIUS) / flagWidth);
  const startX = cardX + (cardWidth - count * flagWidth) / 2;
  for (let i = 0; i < count; i++) {
    page.drawSvgPath(`M 0 0 L ${flagWidth} 0 L ${flagWidth / 2} ${flagHeight} Z`, {
      x: startX + i * flagWidth,
      y: headerBottom,
      color: colors[i % colors.length],
    });
  }
}

function drawField(
  page: PDFPage,
  fonts: Fonts,
  label: string,
  value: string,
  box: { x: number; y: number; width: number; maxLines?: number },
): number {
  drawSpaced(page, label, {
    x: box.x,
    y: box.y,
    size: 7.5,
    font: fonts.bold,
    color: COLORS.muted,
    spacing: 1.2,
  });
  const fitted = fitText(value, fonts.bold, {
    maxWidth: box.width,
    maxLines: box.maxLines ?? 1,
    sizes: [12, 11, 10],
  });
  let lineY = box.y - 16;
  for (const line of fitted.lines) {
    fonts.bold.draw(page, line, { x: box.x, y: lineY, size: fitted.size, color: COLORS.ink });
    lineY -= 14;
  }
  return fitted.lines.length;
}
