import { POLICY } from '@utsav/domain/constants';
import { INTL_LOCALES, type Language } from '@utsav/domain/languages';
import { formatRupees } from '@utsav/domain/pricing';
import { formatEventDate } from '@utsav/domain/time';
import type { EventDetails, OrganiserContact } from '../../documents/types';
import { eventHours, type Translate, translator } from '../../i18n/messages';
import type { Recipient } from '../message';
import { html, type SafeHtml, safeUrl } from './html';

// One look for every email: a 600 px card on a warm background, inline styles only (many mail clients
// strip <style>), layout by tables (Outlook renders with Word), no images (blocked by default in most
// clients; the header is a coloured cell instead). Fluid below 600 px, so phones need no media query.

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const COLORS = {
  page: '#fbf5ea',
  card: '#ffffff',
  header: '#7a1e3a',
  accent: '#f2a516',
  ink: '#1f1a17',
  muted: '#6b625a',
  hairline: '#eadfcd',
  panel: '#faf6ef',
  warning: '#9a3412',
  warningPanel: '#fff4e5',
};

/** The recipient's language: what they use the app in, English when unknown. */
export function languageOf(to: Recipient | string): Language {
  return typeof to === 'string' ? 'en' : (to.language ?? 'en');
}

export function greetingName(to: Recipient | string, t: Translate = translator('en')): string {
  const name = typeof to === 'string' ? '' : to.name.trim();
  return name ? (name.split(/\s+/)[0] ?? name) : t('there');
}

/** "Hi Asha," in the recipient's language. */
export function greeting(to: Recipient | string, t: Translate): string {
  return t('Hi {{name}},', { name: greetingName(to, t) });
}

export function money(rupees: number): string {
  return formatRupees(rupees);
}

export function eventWhen(
  event: Pick<EventDetails, 'date' | 'startTime' | 'endTime'>,
  language: Language = 'en',
): {
  date: string;
  time: string;
} {
  return {
    date: formatEventDate(event.date, INTL_LOCALES[language]),
    time: eventHours(event.startTime, event.endTime, translator(language), INTL_LOCALES[language]),
  };
}

/**
 * Who writes: the organiser profile's name and contacts, in the header and the footer of every email (null
 * before the profile is filled in: the header then names the product and the footer no contact).
 */
export type MailOrganiser = OrganiserContact;

/** What every email's input carries besides its own facts. */
export interface FromOrganiser {
  organiser: MailOrganiser;
}

export interface LayoutInput extends FromOrganiser {
  subject: string;
  /** The grey preview line inboxes show after the subject. */
  preheader: string;
  heading: string;
  body: SafeHtml;
  language?: Language;
}

export function emailLayout(input: LayoutInput): string {
  const language = input.language ?? 'en';
  const t = translator(language);
  return html`<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${input.subject}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLORS.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${input.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background-color:${COLORS.card};border:1px solid ${COLORS.hairline};border-radius:12px;border-collapse:separate;">
<tr><td style="background-color:${COLORS.header};border-radius:12px 12px 0 0;padding:24px 28px;font-family:${FONT};">
<div style="font-size:12px;font-weight:bold;letter-spacing:2px;color:${COLORS.accent};text-transform:uppercase;">${input.organiser?.name ?? 'Utsav'}</div>
<h1 style="margin:8px 0 0;font-size:22px;line-height:1.3;font-weight:bold;color:#ffffff;">${input.heading}</h1>
</td></tr>
<tr><td style="padding:28px;font-family:${FONT};font-size:15px;line-height:1.6;color:${COLORS.ink};">
${input.body}
</td></tr>
<tr><td style="padding:18px 28px;background-color:${COLORS.panel};border-top:1px solid ${COLORS.hairline};border-radius:0 0 12px 12px;font-family:${FONT};font-size:12px;line-height:1.6;color:${COLORS.muted};">
${contactHtml(input.organiser, t)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`.value;
}

function answerTimes(t: Translate): string {
  return t(
    'We answer refund queries within {{refundHours}} hours and other questions within {{otherHours}} hours.',
    {
      refundHours: POLICY.refundQueryResponseHours,
      otherHours: POLICY.generalQueryResponseHours,
    },
  );
}

/** "Write to … (hours, phone)": the organiser's contacts as they gave them, or nothing before they did. */
function contactLine(organiser: MailOrganiser, t: Translate): string | null {
  if (!organiser) return null;
  const extras = [organiser.supportHours, organiser.supportPhone].filter(Boolean).join(', ');
  return `${t('Questions? Write to')} ${organiser.supportEmail}${extras ? ` (${extras})` : ''}.`;
}

function contactHtml(organiser: MailOrganiser, t: Translate): SafeHtml {
  if (!organiser) return html``;
  const extras = [organiser.supportHours, organiser.supportPhone].filter(Boolean).join(', ');
  return html`${t('Questions? Write to')} <a href="mailto:${organiser.supportEmail}" style="color:${COLORS.header};">${organiser.supportEmail}</a>${extras ? ` (${extras})` : ''}. ${answerTimes(t)}<br>
${organiser.name}`;
}

export function textFooter(language: Language, organiser: MailOrganiser): string {
  const t = translator(language);
  const contact = contactLine(organiser, t);
  return ['--', ...(contact && organiser ? [contact, answerTimes(t), organiser.name] : ['Utsav'])].join('\n');
}

/** Joins text paragraphs with blank lines and appends the footer; every email's text part ends the same way. */
export function textBody(
  paragraphs: (string | false | undefined)[],
  language: Language,
  organiser: MailOrganiser,
): string {
  const kept = paragraphs.filter((p): p is string => Boolean(p));
  return `${[...kept, textFooter(language, organiser)].join('\n\n')}\n`;
}

export function paragraph(content: SafeHtml | string): SafeHtml {
  return html`<p style="margin:0 0 16px;">${content}</p>`;
}

export type DetailRow = readonly [label: string, value: string];

export function detailsTable(rows: DetailRow[]): SafeHtml {
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;background-color:${COLORS.panel};border:1px solid ${COLORS.hairline};border-radius:8px;border-collapse:separate;">
${rows.map(
  ([label, value], i) =>
    html`<tr><td style="padding:10px 14px;${i > 0 ? `border-top:1px solid ${COLORS.hairline};` : ''}font-size:13px;color:${COLORS.muted};width:38%;vertical-align:top;">${label}</td><td style="padding:10px 14px;${i > 0 ? `border-top:1px solid ${COLORS.hairline};` : ''}font-size:14px;font-weight:bold;color:${COLORS.ink};vertical-align:top;">${value}</td></tr>
`,
)}</table>`;
}

export function textDetails(rows: DetailRow[]): string {
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`).join('\n');
}

export function button(href: string, label: string): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 22px;"><tr><td style="background-color:${COLORS.header};border-radius:8px;">
<a href="${safeUrl(href)}" style="display:inline-block;padding:12px 22px;font-family:${FONT};font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">${label}</a>
</td></tr></table>`;
}

export function notice(content: SafeHtml | string): SafeHtml {
  return html`<div style="margin:0 0 20px;padding:12px 14px;background-color:${COLORS.warningPanel};border-left:4px solid ${COLORS.accent};border-radius:4px;color:${COLORS.warning};font-size:14px;">${content}</div>`;
}

export function list(items: (SafeHtml | string)[]): SafeHtml {
  return html`<ul style="margin:0 0 20px;padding-left:20px;">${items.map((item) => html`<li style="margin:0 0 6px;">${item}</li>`)}</ul>`;
}
