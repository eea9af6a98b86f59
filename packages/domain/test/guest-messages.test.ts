import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_TICKET_STATUSES,
  GUEST_MESSAGE_TEXTS,
  guestMessageRequestSchema,
  messageFor,
  messageLanguages,
  messageMailDue,
  messageParagraphs,
  textRuns,
} from '../src/guest-messages';

const base = { subject: 'Rain tonight', body: 'Gates open late.', audience: 'holders' };

describe('the message request', () => {
  it('takes English alone, with no types meaning every type and test off', () => {
    const parsed = guestMessageRequestSchema.parse(base);
    expect(parsed).toMatchObject({ subject: 'Rain tonight', ticketTypeIds: [], test: false });
    expect(parsed.subjectHi).toBeUndefined();
  });

  it('reads empty translations as absent and removes repeated types', () => {
    const parsed = guestMessageRequestSchema.parse({
      ...base,
      subjectHi: '  ',
      bodyHi: '',
      ticketTypeIds: ['vip', 'vip', 'entry'],
    });
    expect(parsed.subjectHi).toBeUndefined();
    expect(parsed.ticketTypeIds).toEqual(['vip', 'entry']);
  });

  it('names each bad field', () => {
    const result = guestMessageRequestSchema.safeParse({
      subject: '',
      body: 'x'.repeat(10_001),
      audience: 'everyone',
      subjectGu: 'વરસાદ',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byField).toMatchObject({
      subject: GUEST_MESSAGE_TEXTS.subject,
      body: GUEST_MESSAGE_TEXTS.body,
      audience: GUEST_MESSAGE_TEXTS.audience,
    });
  });

  it('refuses a translation with only its subject or only its body, naming the missing half', () => {
    const result = guestMessageRequestSchema.safeParse({ ...base, subjectGu: 'વરસાદ', bodyHi: 'बारिश' });
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths.sort()).toEqual(['bodyGu', 'subjectHi']);
    expect(result.error!.issues[0]!.message).toBe(GUEST_MESSAGE_TEXTS.pair);
  });
});

describe('the language each person reads', () => {
  const texts = { subject: 'S', body: 'B', subjectHi: 'एस', bodyHi: 'बी', subjectGu: null, bodyGu: null };

  it('is theirs when the organiser wrote it', () => {
    expect(messageFor(texts, 'hi')).toEqual({ language: 'hi', subject: 'एस', body: 'बी' });
  });

  it('falls back to English when it is missing, unknown or not ours', () => {
    for (const language of ['gu', null, undefined, 'fr', 42]) {
      expect(messageFor(texts, language)).toEqual({ language: 'en', subject: 'S', body: 'B' });
    }
  });

  it('lists the languages written, English first, a half-written one not counted', () => {
    expect(messageLanguages(texts)).toEqual(['en', 'hi']);
    expect(messageLanguages({ ...texts, subjectGu: 'x' })).toEqual(['en', 'hi']);
    expect(messageLanguages({ ...texts, subjectGu: 'x', bodyGu: 'y' })).toEqual(['en', 'hi', 'gu']);
  });
});

describe('the audiences', () => {
  it('holders are admitted or not; cancelled tickets hold nothing', () => {
    expect(AUDIENCE_TICKET_STATUSES.holders).toEqual(['active', 'used']);
    expect(AUDIENCE_TICKET_STATUSES['not-admitted']).toEqual(['active']);
    expect(AUDIENCE_TICKET_STATUSES.admitted).toEqual(['used']);
  });
});

describe('the organiser text', () => {
  it('keeps markup as text: nothing is interpreted', () => {
    expect(textRuns('<b>Hi</b> & "you"')).toEqual([{ kind: 'text', text: '<b>Hi</b> & "you"' }]);
  });

  it('makes http and https addresses links, leaving the sentence punctuation out', () => {
    expect(textRuns('Map: https://maps.example.com/nsci?x=1. Or (http://a.example/b).')).toEqual([
      { kind: 'text', text: 'Map: ' },
      { kind: 'link', href: 'https://maps.example.com/nsci?x=1', text: 'https://maps.example.com/nsci?x=1' },
      { kind: 'text', text: '. Or (' },
      { kind: 'link', href: 'http://a.example/b', text: 'http://a.example/b' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('never links other schemes, nor an address without a host', () => {
    expect(textRuns('javascript:alert(1) data:text/html,x https://nohost')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x https://nohost' },
    ]);
  });

  it('stops an address at a quote or angle bracket', () => {
    expect(textRuns('https://a.example/"onmouseover="x')[0]).toEqual({
      kind: 'link',
      href: 'https://a.example/',
      text: 'https://a.example/',
    });
  });

  it('splits paragraphs at blank lines and keeps line breaks, whatever the line ends', () => {
    expect(messageParagraphs('One\r\ntwo\r\n\r\n\r\n  \nThree\n')).toEqual([
      [[{ kind: 'text', text: 'One' }], [{ kind: 'text', text: 'two' }]],
      [[{ kind: 'text', text: 'Three' }]],
    ]);
    expect(messageParagraphs('\n\n')).toEqual([]);
  });
});

describe('the mails spread over time', () => {
  it('reach the SMTP server at the rate a minute, from the start', () => {
    const start = new Date('2026-10-01T10:00:00.000Z');
    expect(messageMailDue(start, 0, 600).toISOString()).toBe('2026-10-01T10:00:00.000Z');
    expect(messageMailDue(start, 1, 600).toISOString()).toBe('2026-10-01T10:00:00.100Z');
    expect(messageMailDue(start, 600, 600).toISOString()).toBe('2026-10-01T10:01:00.000Z');
    expect(messageMailDue(start, 4999, 600).getTime() - start.getTime()).toBeLessThan(9 * 60_000);
  });
});
