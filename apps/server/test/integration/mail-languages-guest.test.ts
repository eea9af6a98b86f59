import type { Language } from '@utsav/domain/languages';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { sweepReminders } from '../../src/modules/reminders/service';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { pdfText as textOfPdf } from '../../support/pdf-text';
import { buy, leaveSeats, newEvent, PURCHASE_ENV, pay, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { joinWaitlist, leaveWaitlist, sweep } from '../../support/waitlist';
import { attachments, decodeHeader, type MimePart, parseMime, textOf } from '../unit/mail/mime';

// The transfer, reminder and waitlist emails are written in the language each reader uses the app
// in, like the confirmation: a Hindi sender, a Gujarati recipient, Hindi and Gujarati holders reminded the day
// before, a Gujarati guest offered seats that came back.

// Event on 2099-10-01 at 19:00 IST; with REMINDER_HOUR_IST=10 reminders start 2099-09-30 10:00 IST.
const DUE = new Date('2099-09-30T04:30:00.000Z');
const ENV = {
  ...PURCHASE_ENV,
  OUTBOX_INTERVAL_MS: '86400000',
  MAX_TICKETS_PER_PERSON: '3',
  REMINDER_HOUR_IST: '10',
  GATES_OPEN_MINUTES_BEFORE: '45',
  REMINDER_SWEEP_SECONDS: '86400',
};

/** The tickets PDF's text in reading order (not its layout). */
const pdfText = (pdf: Buffer) => textOfPdf(pdf, { layout: false });

function pdfOf(message: MimePart): string {
  const file = attachments(message).find((part) => part.contentType.startsWith('application/pdf'));
  if (!file) throw new Error('no PDF attached');
  return pdfText(file.content);
}

describeEachDatabase('transfer and reminder emails in the reader language', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, { env: ENV, adjust: deliverTo(smtp) });
  const realNow = () => new Date();
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, {
      name: 'Utsav Garba Night',
      venue: 'NSCI Dome, Worli',
      startTime: '19:00',
    });
  });
  afterEach(() => {
    server.ctx.now = realNow;
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

  /** The one mail to `email` whose subject passes `subject`, parsed. */
  function mailTo(email: string, subject: (text: string) => boolean): { subject: string; message: MimePart } {
    const found = smtp.received
      .map((mail) => ({ mail, message: parseMime(mail.raw) }))
      .map(({ mail, message }) => ({
        mail,
        message,
        subject: decodeHeader(message.headers.get('subject') ?? ''),
      }))
      .filter(({ mail, subject: text }) => mail.to.includes(email) && subject(text));
    expect(found).toHaveLength(1);
    return { subject: found[0]!.subject, message: found[0]!.message };
  }

  it('a Hindi sender is told in Hindi; a Gujarati recipient gets the ticket in Gujarati, PDF too', async () => {
    const sender = await speaking('hi', 'Ravi Sharma');
    const recipient = await speaking('gu', 'પ્રિયા પટેલ');
    const [ticket] = (await buy(server, sender, event, 1)).tickets;
    const started = await server.request('POST', `/api/tickets/${ticket.id}/transfer`, {
      token: sender.token,
      body: { recipientEmail: recipient.email, recipientName: 'પ્રિયા પટેલ' },
    });
    expect(started.status, started.text).toBe(200);
    const verified = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: sender.token,
      body: await pay(server, started.body.orderId),
    });
    expect(verified.status, verified.text).toBe(200);
    await server.app.outbox.drain();

    const sent = mailTo(sender.email, (subject) => subject.includes('ट्रांसफ़र'));
    expect(sent.subject).toBe('Utsav Garba Night के लिए आपका टिकट ट्रांसफ़र हो गया');
    const sentHtml = textOf(sent.message, 'text/html') ?? '';
    expect(sentHtml).toContain('<html lang="hi">');
    expect(sentHtml).toContain('नमस्ते Ravi,');
    expect(sentHtml).toContain('ट्रांसफ़र शुल्क');
    expect(sentHtml).toContain('₹50');
    expect(textOf(sent.message, 'text/plain')).toContain('अब પ્રિયા પટેલ का है');

    const received = mailTo(recipient.email, (subject) => subject.includes('ટિકિટ મોકલી'));
    expect(received.subject).toBe('Ravi Sharma એ તમને Utsav Garba Night ની ટિકિટ મોકલી છે');
    const receivedHtml = textOf(received.message, 'text/html') ?? '';
    expect(receivedHtml).toContain('<html lang="gu">');
    expect(receivedHtml).toContain('નમસ્તે પ્રિયા,');
    expect(receivedHtml).toContain('મારી ટિકિટો જુઓ');
    expect(receivedHtml).toContain('ટ્રાન્સફરથી મળેલી ટિકિટ રદ કરીને રિફંડ લઈ શકાતું નથી.');
    expect(receivedHtml).not.toContain('has transferred');
    const pdf = pdfOf(received.message);
    expect(pdf).toContain('પ્રિયા પટેલ');
    expect(pdf).toContain('ગેટ પર આ QR બતાવો. દરેક ટિકિટથી એક જ વાર પ્રવેશ.');
  });

  it('the day-before reminder reaches a Hindi holder in Hindi and a Gujarati holder in Gujarati', async () => {
    const hindi = await speaking('hi', 'Meera Joshi');
    const gujarati = await speaking('gu', 'Kiran Desai');
    const english = await newUser(server, { name: 'Asha Patel' });
    await buy(server, hindi, event, 2);
    await buy(server, gujarati, event, 1);
    await buy(server, english, event, 1);
    server.ctx.now = () => DUE;
    expect(await sweepReminders(server.ctx)).toBeGreaterThanOrEqual(3);
    await server.app.outbox.drain(DUE);

    const hi = mailTo(hindi.email, (subject) => subject.startsWith('याद दिलाना:'));
    expect(hi.subject).toContain('गेट शाम 6:15 पर खुलेंगे');
    const hiText = textOf(hi.message, 'text/plain') ?? '';
    expect(hiText).toContain('नमस्ते Meera,');
    expect(hiText).toContain('आपके 2 टिकट फिर से PDF के रूप में जुड़े हैं');
    expect(hiText).toContain('मैप पर स्थान: https://www.google.com/maps/search/');
    expect(textOf(hi.message, 'text/html')).toContain('>Apple Wallet में जोड़ें<');
    expect(pdfOf(hi.message)).toContain('टिकट 1 / 2');

    const gu = mailTo(gujarati.email, (subject) => subject.startsWith('યાદ અપાવીએ:'));
    const guHtml = textOf(gu.message, 'text/html') ?? '';
    expect(guHtml).toContain('<html lang="gu">');
    expect(guHtml).toContain('તમારી ટિકિટ ફરીથી PDF તરીકે જોડેલી છે');
    expect(guHtml).toContain('વહેલા આવો: ગેટ ખૂલ્યા પછી તરત લાઇન સૌથી ટૂંકી હોય છે.');
    expect(guHtml).not.toContain('is almost here');

    const en = mailTo(english.email, (subject) => subject.startsWith('Reminder:'));
    expect(textOf(en.message, 'text/plain')).toContain('Your ticket is attached again as a PDF');
  });

  it('a transfer refused to a Gujarati caller says why in Gujarati, with the same code and field', async () => {
    const owner = await speaking('gu', 'Hetal Shah');
    const [ticket] = (await buy(server, owner, event, 1)).tickets;
    const refused = await server.request('POST', `/api/tickets/${ticket.id}/transfer`, {
      token: owner.token,
      headers: { 'accept-language': 'gu-IN,gu;q=0.9' },
      body: { recipientEmail: owner.email.toUpperCase(), recipientName: 'Hetal' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('TRANSFER_NOT_ALLOWED');
    expect(refused.body.error).toBe(
      'તમે પોતાને ટિકિટ ટ્રાન્સફર કરી શકતા નથી. કૃપા કરીને બીજી વ્યક્તિનું ઈમેલ સરનામું લખો.',
    );
    expect(refused.body.details).toEqual([
      expect.objectContaining({ field: 'recipientEmail', message: expect.stringContaining('ટ્રાન્સફર') }),
    ]);
  });

  it('the recipient cap refusal is answered in Hindi with its number', async () => {
    const full = await newUser(server, { name: 'Full Guest' });
    await buy(server, full, event, 3);
    const owner = await speaking('hi', 'Rohit Verma');
    const [ticket] = (await buy(server, owner, event, 1)).tickets;
    const refused = await server.request('POST', `/api/tickets/${ticket.id}/transfer`, {
      token: owner.token,
      headers: { 'accept-language': 'hi' },
      body: { recipientEmail: full.email, recipientName: 'Full Guest' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PERSON_LIMIT_REACHED');
    expect(refused.body.error).toBe(
      'पाने वाले के पास इस कार्यक्रम के लिए एक व्यक्ति के अधिकतम टिकट (3) पहले से हैं, इसलिए यह टिकट उन्हें ट्रांसफ़र नहीं किया जा सकता।',
    );
  });

  it('a waitlist offer reaches a Gujarati guest in Gujarati', async () => {
    const guest = await speaking('gu', 'Nisha Mehta');
    await leaveSeats(server, event.id, 0);
    try {
      expect((await joinWaitlist(server, guest, 1)).status).toBe(200);
      await leaveSeats(server, event.id, 1);
      expect(await sweep(server)).toMatchObject({ offered: 1 });
      await server.app.outbox.drain();
      const offer = mailTo(guest.email, (subject) => subject.startsWith('તમારા માટે ટિકિટ પાછી આવી'));
      expect(offer.subject).toBe('તમારા માટે ટિકિટ પાછી આવી: Utsav Garba Night');
      const html = textOf(offer.message, 'text/html') ?? '';
      expect(html).toContain('<html lang="gu">');
      expect(html).toContain('વેઇટલિસ્ટમાં તમારો વારો');
      const text = textOf(offer.message, 'text/plain') ?? '';
      expect(text).toContain('ખુશખબર: Utsav Garba Night ની ટિકિટ પાછી આવી છે, અને વેઇટલિસ્ટમાં હવે તમારો વારો છે.');
      expect(text).not.toContain('came back');
      expect(text).not.toContain('waitlist');
    } finally {
      await leaveWaitlist(server, guest);
      await leaveSeats(server, event.id, 100);
    }
  });
});
