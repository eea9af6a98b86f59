// Just enough of RFC 2045/2046/2047 to check what nodemailer wrote: headers, nested multiparts,
// base64 and quoted-printable bodies, encoded-word subjects. Tests only.

export interface MimePart {
  headers: Map<string, string>;
  /** Decoded body (after Content-Transfer-Encoding). */
  body: Buffer;
  parts: MimePart[];
}

export function parseMime(message: Buffer | string): MimePart {
  const raw = Buffer.isBuffer(message) ? message.toString('latin1') : message;
  const split = raw.indexOf('\r\n\r\n');
  const headerText = split === -1 ? raw : raw.slice(0, split);
  const bodyText = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = param(contentType, 'boundary');
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = bodyText.split(`--${boundary}`);
    const parts = sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(bodyText.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(bodyText)
        : Buffer.from(bodyText, 'latin1');
  return { headers, body, parts: [] };
}

export function leaves(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(leaves) : [part];
}

export function attachments(part: MimePart): { filename: string; contentType: string; content: Buffer }[] {
  return leaves(part)
    .filter((leaf) => (leaf.headers.get('content-disposition') ?? '').toLowerCase().startsWith('attachment'))
    .map((leaf) => ({
      filename: param(leaf.headers.get('content-disposition') ?? '', 'filename') ?? '',
      contentType: leaf.headers.get('content-type') ?? '',
      content: leaf.body,
    }));
}

export function textOf(part: MimePart, type: 'text/plain' | 'text/html'): string | undefined {
  const leaf = leaves(part).find(
    (l) =>
      (l.headers.get('content-type') ?? '').toLowerCase().startsWith(type) &&
      !(l.headers.get('content-disposition') ?? '').toLowerCase().startsWith('attachment'),
  );
  return leaf?.body.toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function param(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(soft.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}
