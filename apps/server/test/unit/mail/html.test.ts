import { describe, expect, it } from 'vitest';
import { escapeHtml, html, SafeHtml, safeUrl, subjectLine } from '../../../src/platform/mail/templates/html';

describe('escapeHtml', () => {
  it('escapes the characters that open tags, entities and attribute values', () => {
    expect(escapeHtml(`<script>alert("x" + 'y' + \`z\`)</script> & co`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39; + &#96;z&#96;)&lt;/script&gt; &amp; co',
    );
  });

  it('leaves ordinary text, including Devanagari and the rupee sign, unchanged', () => {
    expect(escapeHtml('आशा पटेल paid ₹299')).toBe('आशा पटेल paid ₹299');
  });

  it('escapes an existing entity again rather than trusting it', () => {
    expect(escapeHtml('&lt;b&gt;')).toBe('&amp;lt;b&amp;gt;');
  });
});

describe('html', () => {
  it('escapes interpolated text but not nested html', () => {
    const name = '<img src=x onerror=alert(1)>';
    const out = html`<p>${name}</p>${html`<b>${'&'}</b>`}${[html`<i>1</i>`, '<2>']}`;
    expect(out).toBeInstanceOf(SafeHtml);
    expect(out.value).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p><b>&amp;</b><i>1</i>&lt;2&gt;');
  });

  it('renders nothing for null, undefined and false', () => {
    expect(html`a${null}${undefined}${false}b${0}`.value).toBe('ab0');
  });
});

describe('safeUrl', () => {
  it('keeps http, https and mailto links', () => {
    expect(safeUrl('https://utsav.example/dashboard')).toBe('https://utsav.example/dashboard');
    expect(safeUrl('mailto:support@utsav-garba.in?subject=Refund')).toBe(
      'mailto:support@utsav-garba.in?subject=Refund',
    );
  });

  it('refuses script and data links', () => {
    expect(safeUrl('javascript:alert(1)')).toBe('#');
    expect(safeUrl('data:text/html,<script>')).toBe('#');
    expect(safeUrl('not a url')).toBe('#');
  });
});

describe('subjectLine', () => {
  it('is one line without control characters', () => {
    expect(subjectLine('Your tickets\r\nBcc: x@example.com')).toBe('Your tickets Bcc: x@example.com');
  });
});
