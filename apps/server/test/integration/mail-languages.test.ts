import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import { pdfText as textOfPdf } from '../../support/pdf-text';
import { buy, newEvent, PURCHASE_ENV } from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { attachments, parseMime, textOf } from '../unit/mail/mime';

const ENV = { ...PURCHASE_ENV, OUTBOX_INTERVAL_MS: '86400000' };

/** The tickets PDF's text in reading order (not its layout). */
const pdfText = (pdf: Buffer) => textOfPdf(pdf, { layout: false });

// The confirmation email and its PDF are written in the language the buyer uses the app in.
describeEachDatabase('emails in the recipient language', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, { env: ENV, adjust: deliverTo(smtp) });

  it('mails a Gujarati buyer in Gujarati, with a Gujarati PDF, and an English buyer in English', async () => {
    const event = await newEvent(server, { name: 'Utsav Garba Night' });
    const gujarati = await newUser(server, { name: 'પ્રિયા પટેલ' });
    const english = await newUser(server, { name: 'Asha Patel' });
    expect(
      (await server.request('PUT', '/api/auth/language', { token: gujarati.token, body: { language: 'gu' } }))
        .status,
    ).toBe(200);
    await buy(server, gujarati, event, 2);
    await buy(server, english, event, 1);
    await server.app.outbox.drain();

    const mailTo = (email: string) => parseMime(smtp.received.find((mail) => mail.to.includes(email))!.raw);
    const gu = mailTo(gujarati.email);
    const guHtml = textOf(gu, 'text/html') ?? '';
    expect(guHtml).toContain('<html lang="gu">');
    expect(guHtml).toContain('નમસ્તે પ્રિયા,');
    expect(guHtml).toContain('મારી ટિકિટો જુઓ');
    expect(guHtml).toContain('ઇન્વૉઇસ ડાઉનલોડ કરો');
    expect(textOf(gu, 'text/plain')).toContain('તમારી 2 ટિકિટો PDF માં જોડેલી છે');
    // The hours with their part of the day, no Latin "PM" (the event runs 19:00-23:00).
    expect(textOf(gu, 'text/plain')).toContain('સાંજે 7:00 થી રાત્રે 11:00 સુધી (IST)');
    const invite = attachments(gu).find((file) => file.contentType.startsWith('text/calendar'));
    // Read as a calendar reads it: long lines are folded (RFC 5545), wherever the ticket list puts the break.
    expect(invite?.content.toString('utf8').replace(/\r\n[ \t]/g, '')).toContain('ગેટ પર તમારો QR કોડ બતાવો.');
    const guPdf = pdfText(
      attachments(gu).find((file) => file.contentType.startsWith('application/pdf'))!.content,
    );
    expect(guPdf).toContain('પ્રિયા પટેલ');
    expect(guPdf).toContain('ગેટ પર આ QR બતાવો. દરેક ટિકિટથી એક જ વાર પ્રવેશ.');
    expect(guPdf).toContain('ટિકિટ 1 / 2');
    expect(guPdf).toContain('સાંજે 7:00 થી રાત્રે 11:00 સુધી (IST)');

    const en = mailTo(english.email);
    expect(textOf(en, 'text/html')).toContain('<html lang="en">');
    expect(textOf(en, 'text/plain')).toContain('your 1 ticket is attached as a PDF');
    expect(textOf(en, 'text/plain')).toContain('7:00 PM - 11:00 PM IST');
    const enPdf = pdfText(
      attachments(en).find((file) => file.contentType.startsWith('application/pdf'))!.content,
    );
    expect(enPdf).toContain('Show this QR at the gate. One entry per ticket.');
    expect(enPdf).toContain('TICKET 1 OF 1');
  });
});
