import { type Translate, translator } from '../../i18n/messages';
import { html, type SafeHtml, safeUrl } from './html';

// "Add to Apple Wallet" / "Save to Google Wallet" for each ticket of an email. Plain links, not the
// platforms' badge images: most mail clients block images, and a link that reads the same works anywhere.

export interface WalletLinks {
  ticketId: string;
  /** UT-XXXXXXXXXX, how the email names the ticket. */
  code: string;
  apple: string;
  google: string;
}

const LINK =
  'display:inline-block;margin:0 12px 6px 0;padding:8px 14px;border:1px solid #1f1a17;border-radius:8px;background-color:#1f1a17;color:#ffffff;font-size:14px;font-weight:bold;text-decoration:none;';

export function walletSection(links: WalletLinks[] | undefined, t: Translate = translator('en')): SafeHtml {
  if (!links || links.length === 0) return html``;
  const several = links.length > 1;
  return html`<p style="margin:0 0 8px;font-size:15px;font-weight:bold;">${t('Keep your tickets in your phone’s wallet', { count: links.length })}</p>
${links.map(
  (
    link,
  ) => html`<p style="margin:0 0 10px;">${several ? html`<span style="display:block;margin:0 0 4px;font-family:Menlo,Consolas,monospace;font-size:13px;">${t('Ticket')} ${link.code}</span>` : ''}<a href="${safeUrl(link.apple)}" style="${LINK}">${t('Add to Apple Wallet')}</a><a href="${safeUrl(link.google)}" style="${LINK}">${t('Save to Google Wallet')}</a></p>
`,
)}`;
}

export function textWalletSection(
  links: WalletLinks[] | undefined,
  t: Translate = translator('en'),
): string | undefined {
  if (!links || links.length === 0) return undefined;
  return links
    .map(
      (link) =>
        `${t('Ticket')} ${link.code}:\n  ${t('Add to Apple Wallet')}: ${link.apple}\n  ${t('Save to Google Wallet')}: ${link.google}`,
    )
    .join('\n');
}
