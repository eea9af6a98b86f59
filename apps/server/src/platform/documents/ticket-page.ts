import { formatRupees } from '@utsav/domain/pricing';
import { formatEventDate } from '@utsav/domain/time';
import { type Color, degrees, PageSizes, type PDFPage, rgb } from 'pdf-lib';
import { eventHours, type Translate, translator } from '../i18n/messages';
import type { DocumentFonts } from './pdf-fonts';
import { drawCentered, drawSpaced, fitText, roundedRectPath, spacedWidth } from './pdf-text-layout';
import type { EventDetails, OrganiserContact, TicketDocument } from './types';

// How one ticket page is drawn: the card, its header with the toran, the fields, the QR and the notes.

/** "₹1,299" (the embedded faces have the rupee sign). */
export function pdfPrice(rupees: number, say: Translate = translator('en')): string {
  if (rupees === 0) return say('Complimentary');
  return formatRupees(rupees);
}

export const ENTRY_NOTE = 'Show this QR at the gate. One entry per ticket.';

export const STATUS_NOTES = {
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

export const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A5;
const CARD_INSET = 16;
const CARD_RADIUS = 14;
const PAD = 24;
const HEADER_HEIGHT = 112;
/** ~61 mm printed, the QR symbol itself ~49 mm inside its quiet zone: easy for any phone at arm's length. */
const QR_SIZE = 172;
/** From one field's label to the next row's: five rows (date, venue, type, guest) above the QR on an A5 page. */
const ROW = 36;
/** ~8 pixels per module: sharp even where a viewer smooths enlarged images, and still ~1 KB as 1-bit. */
export const QR_PIXELS = 480;

type Fonts = DocumentFonts;

/** The fixed words of a ticket page in the reader's language (labels are shown in capitals where the script has them). */
export function labels(say: Translate) {
  return {
    admitOne: say('Admit one'),
    date: say('Date'),
    time: say('Time'),
    venue: say('Venue'),
    guest: say('Guest'),
    price: say('Price'),
    type: say('Type'),
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
    admitsMany: say('Admits {{count}}', { count: 2 }),
    complimentary: say('Complimentary'),
  };
}

export interface TicketPage {
  eventName: string;
  event: Pick<EventDetails, 'name' | 'date' | 'startTime' | 'endTime' | 'venue'>;
  holderName: string;
  ticket: TicketDocument;
  /** The ticket's type as the reader reads it ("Couple pass · admits 2"); no row without one. */
  typeLabel?: string | undefined;
  position: { index: number; count: number };
  orderRef: string | undefined;
  organiser: OrganiserContact;
  drawQr: (x: number, y: number, size: number) => void;
  say: Translate;
  /** Intl locale of the reader's language, for the date. */
  locale: string;
}

export function drawTicket(page: PDFPage, fonts: Fonts, t: TicketPage): void {
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
  const issuer = t.organiser ? `${caps(t.organiser.name)}  \u00b7  ` : '';
  // A couple or family pass must not say "admit one" where every ticket used to.
  const admits = t.ticket.ticketType?.admits ?? 1;
  const admitWords = admits > 1 ? t.say('Admits {{count}}', { count: admits }) : words.admitOne;
  drawSpaced(page, `${issuer}${caps(admitWords)}`, {
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
  let y = headerBottom - ROW - 2;
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
  y -= ROW;
  const venueLines = drawField(page, fonts, caps(words.venue), t.event.venue, {
    x: left,
    y,
    width: contentWidth,
    maxLines: 2,
  });
  y -= ROW + (venueLines - 1) * 14;
  if (t.typeLabel) {
    drawField(page, fonts, caps(words.type), t.typeLabel, { x: left, y, width: contentWidth });
    y -= ROW;
  }
  drawField(page, fonts, caps(words.guest), t.holderName, { x: left, y, width: columnX - left - 12 });
  drawField(page, fonts, caps(words.price), pdfPrice(t.ticket.price, t.say), {
    x: columnX,
    y,
    width: columnWidth,
  });

  // Perforation: a dashed tear line with a notch cut out of each edge, like a paper ticket's stub.
  const perforationY = y - 26;
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
  const footerY = card.y + 26;
  const qrTop = perforationY - 14;
  // The notes under the QR take 46 pt and stay clear of the footer's rule: a page with a type row and a venue of
  // two lines draws a slightly smaller QR (still over 55 mm) rather than overlapping them.
  const qrSize = Math.min(QR_SIZE, qrTop - (footerY + 14 + 8 + 46));
  const qrBottom = qrTop - qrSize;
  t.drawQr(centerX - qrSize / 2, qrBottom, qrSize);
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
      y: qrBottom + qrSize / 2 - (width / 2) * Math.sin(radians) - (size / 3) * Math.cos(radians),
      size,
      color: COLORS.void,
      opacity: 0.55,
      rotate: degrees(angle),
    });
  }

  // Footer
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
  if (t.organiser) {
    const contacts = [t.organiser.supportEmail, t.organiser.supportPhone, t.organiser.supportHours];
    drawCentered(page, `${words.questions} ${contacts.filter(Boolean).join('  \u00b7  ')}`, {
      centerX,
      y: footerY - 11,
      size: 7,
      font: fonts.regular,
      color: COLORS.muted,
      maxWidth: contentWidth,
    });
  }
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
