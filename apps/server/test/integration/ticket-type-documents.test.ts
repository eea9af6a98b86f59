import type { Language } from '@utsav/domain/languages';
import { unzipSync } from 'fflate';
import { decodeJwt } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { pdfText as textOfPdf } from '../../support/pdf-text';
import { newEvent, PURCHASE_ENV, pay, type TestEvent, verify } from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { attachments, decodeHeader, type MimePart, parseMime, textOf } from '../unit/mail/mime';

// The documents a guest keeps name each ticket's type the way My Tickets does: the type's name in the reader's
// language and "admits 2" only for a ticket that lets in more than one person. Read from what is really sent: the
// confirmation mail's HTML and text, its PDF (pdftotext), its calendar invite, and the Apple and Google passes.

const COUPLE = { name: 'Couple pass', nameHi: 'कपल पास', nameGu: 'કપલ પાસ', colour: '#BE185D', admits: 2 };
const LABEL = {
  en: 'Couple pass · admits 2',
  hi: 'कपल पास · 2 लोगों का प्रवेश',
  gu: 'કપલ પાસ · 2 લોકોનો પ્રવેશ',
} as const;

/** The tickets PDF's text in reading order (not its layout). */
const pdfText = (pdf: Buffer) => textOfPdf(pdf, { layout: false });

/** An .ics property's value as a calendar reads it: lines unfolded, TEXT escapes undone. */
function icsValue(ics: string, property: string): string {
  const unfolded = ics.replace(/\r\n /g, '');
  const line = unfolded.split('\r\n').find((candidate) => candidate.startsWith(`${property}:`)) ?? '';
  return line
    .slice(property.length + 1)
    .replace(/\\n/g, '\n')
    .replace(/\\([,;\\])/g, '$1');
}

describeEachDatabase("a ticket's documents show its type", (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, {
    env: PURCHASE_ENV,
    adjust: deliverTo(smtp),
  });
  let event: TestEvent;
  let coupleId: string;

  beforeAll(async () => {
    event = await newEvent(server, { name: 'Typed Garba Night', ticketPrice: 299, totalTickets: 200 });
    const admin = await newUser(server, { role: 'admin' });
    const created = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { ...COUPLE, price: 599 },
    });
    expect(created.status, created.text).toBe(200);
    coupleId = created.body.ticketType.id;
  });

  async function speaking(language: Language, name: string): Promise<TestUser> {
    const user = await newUser(server, { name });
    const chosen = await server.request('PUT', '/api/auth/language', {
      token: user.token,
      body: { language },
    });
    expect(chosen.status, chosen.text).toBe(200);
    return user;
  }

  /** One couple pass and one Entry ticket in one order, paid; the order's confirmation mail, parsed. */
  async function buyBoth(buyer: TestUser) {
    const order = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: {
        eventId: event.id,
        amount: 599 + 299,
        items: [
          { ticketTypeId: coupleId, quantity: 1 },
          { ticketTypeId: `entry-${event.id}`, quantity: 1 },
        ],
      },
    });
    expect(order.status, order.text).toBe(200);
    const verified = await verify(server, buyer, await pay(server, order.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    await server.app.outbox.drain();
    const mails = smtp.received
      .filter((mail) => mail.to.includes(buyer.email))
      .map((mail) => parseMime(mail.raw));
    expect(mails).toHaveLength(1);
    const tickets = verified.body.tickets as Array<{ id: string; ticketType: { id: string } }>;
    return {
      mail: mails[0]!,
      couple: tickets.find((ticket) => ticket.ticketType.id === coupleId)!,
      entry: tickets.find((ticket) => ticket.ticketType.id !== coupleId)!,
    };
  }

  function attached(mail: MimePart, type: string): Buffer {
    const file = attachments(mail).find((part) => part.contentType.startsWith(type));
    if (!file) throw new Error(`no ${type} attached`);
    return file.content;
  }

  for (const [language, entryName] of [
    ['en', 'Entry'],
    ['hi', 'प्रवेश'],
    ['gu', 'પ્રવેશ'],
  ] as const) {
    it(`the confirmation mail, its PDF and its invite name the passes in ${language}`, async () => {
      const buyer = await speaking(language, `Buyer ${language}`);
      const { mail } = await buyBoth(buyer);
      expect(decodeHeader(mail.headers.get('subject') ?? '')).toContain('Typed Garba Night');

      const html = textOf(mail, 'text/html') ?? '';
      expect(html).toContain(`>${LABEL[language]}<`);
      expect(html).toContain(`>${entryName}<`);
      const text = textOf(mail, 'text/plain') ?? '';
      expect(text).toMatch(new RegExp(`UT-[0-9A-Z]+, ${LABEL[language]}, `));
      expect(text).toMatch(new RegExp(`UT-[0-9A-Z]+, ${entryName}, `));
      // A ticket admitting one person is its name alone, never "admits 1".
      expect(text).not.toMatch(/admits 1\b|1 लोगों|1 લોકો/);

      const pdf = pdfText(attached(mail, 'application/pdf'));
      expect(pdf).toContain(LABEL[language]);
      expect(pdf).toContain(entryName);

      const ics = attached(mail, 'text/calendar').toString('utf8');
      const description = icsValue(ics, 'DESCRIPTION');
      const passes = `1 × ${LABEL[language]}, 1 × ${entryName}`;
      expect(description).toContain(passes);
    });
  }

  it("the couple pass's wallet passes carry its type, in the owner's language", async () => {
    const buyer = await speaking('hi', 'Kavya Iyer');
    const { couple, entry } = await buyBoth(buyer);
    const applePass = async (id: string) => {
      const response = await fetch(`${server.url}/api/tickets/${id}/wallet/apple`, {
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(response.status).toBe(200);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      return JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    };
    const pass = await applePass(couple.id);
    expect(pass.eventTicket.auxiliaryFields).toContainEqual({ key: 'type', label: 'प्रकार', value: LABEL.hi });
    expect(JSON.stringify(pass.eventTicket.backFields)).toContain('इससे 2 लोगों का एक बार प्रवेश होता है।');
    expect((await applePass(entry.id)).eventTicket.auxiliaryFields).toContainEqual({
      key: 'type',
      label: 'प्रकार',
      value: 'प्रवेश',
    });

    const google = await server.request('GET', `/api/tickets/${couple.id}/wallet/google`, {
      token: buyer.token,
    });
    expect(google.status, google.text).toBe(200);
    const jwt = String(google.body.url).split('/save/')[1]!;
    // biome-ignore lint/suspicious/noExplicitAny: the Wallet payload as signed (its signature: wallet.test.ts).
    const payload = decodeJwt(jwt).payload as any;
    expect(payload.eventTicketObjects[0].ticketType).toEqual({
      defaultValue: { language: 'en-IN', value: LABEL.hi },
    });
  });
});
