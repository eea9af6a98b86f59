import { describe, expect, it } from 'vitest';
import { csvRow, escapeCsvCell } from '../src/csv';

describe('escapeCsvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(escapeCsvCell('Asha Patel')).toBe('Asha Patel');
    expect(escapeCsvCell(299)).toBe('299');
    expect(escapeCsvCell(249.5)).toBe('249.5');
  });

  it('writes null and undefined as empty cells', () => {
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell('')).toBe('');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'prefixes a cell starting with %j with an apostrophe',
    (trigger) => {
      const escaped = escapeCsvCell(`${trigger}1+1`);
      expect(escaped.replace(/^"|"$/g, '').startsWith(`'${trigger}`)).toBe(true);
    },
  );

  it('escapes a HYPERLINK formula and quotes it because of its quotes and comma', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('does not escape a trigger character that is not first', () => {
    expect(escapeCsvCell('a=b')).toBe('a=b');
    expect(escapeCsvCell('x@example.test')).toBe('x@example.test');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(escapeCsvCell('Patel, Asha')).toBe('"Patel, Asha"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(escapeCsvCell('line1\r\nline2')).toBe('"line1\r\nline2"');
  });

  it('escapes and quotes a cell that starts with a carriage return', () => {
    expect(escapeCsvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('writes negative numbers as text too (one rule for every cell)', () => {
    expect(escapeCsvCell(-5)).toBe("'-5");
  });

  it('keeps non-ASCII names as they are', () => {
    expect(escapeCsvCell('આશા પટેલ')).toBe('આશા પટેલ');
  });
});

describe('csvRow', () => {
  it('joins escaped cells with commas and ends with CRLF', () => {
    expect(csvRow(['UT-1', '=cmd', 'a,b', null, 5])).toBe(`UT-1,'=cmd,"a,b",,5\r\n`);
  });
});
