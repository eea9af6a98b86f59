// Every email is built with the `html` tag below: interpolated values are escaped unless they are
// already SafeHtml, so a guest named `<script>` is text in every template by construction, not by
// each template remembering to escape.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => HTML_ESCAPES[char] ?? char);
}

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  for (const [i, value] of values.entries()) out += render(value) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/**
 * A link target that cannot run script: http(s) and mailto only; anything else (javascript:, data:)
 * becomes "#". Escaping alone does not stop `javascript:` in an href.
 */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : '#';
  } catch {
    return '#';
  }
}

/** Subjects are headers: one line, no control characters, a sane length. */
export function subjectLine(text: string): string {
  const line = Array.from(text.replace(/\s+/g, ' ').trim())
    .filter((char) => (char.codePointAt(0) ?? 0) >= 0x20)
    .join('');
  return line.length > 150 ? `${line.slice(0, 147)}...` : line;
}
