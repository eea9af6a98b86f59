import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font as the plain TrueType/OpenType file it wraps (tables inflated once, with Node's native zlib).
 * fontkit reads WOFF too, but inflates a table in JavaScript every time it is read, which made a ticket PDF
 * ten times slower to subset. Layout: W3C WOFF 1.0 §3-5; sfnt: OpenType "Organization of an OpenType Font".
 */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const source = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (source.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 font');
  const flavor = source.readUInt32BE(4);
  const numTables = source.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = source.readUInt32BE(entry + 4);
    const compLength = source.readUInt32BE(entry + 8);
    const origLength = source.readUInt32BE(entry + 12);
    const stored = source.subarray(offset, offset + compLength);
    return {
      tag: source.readUInt32BE(entry),
      checksum: source.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });

  const headerSize = 12 + 16 * numTables;
  const padded = (length: number) => (length + 3) & ~3;
  const size = tables.reduce((total, table) => total + padded(table.data.length), headerSize);
  const out = Buffer.alloc(size);
  // Binary-search fields of the sfnt header (they depend only on the table count).
  const maxPower = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(maxPower * 16, 6);
  out.writeUInt16BE(Math.log2(maxPower), 8);
  out.writeUInt16BE(numTables * 16 - maxPower * 16, 10);
  let offset = headerSize;
  for (const [index, table] of tables.entries()) {
    const entry = 12 + index * 16;
    out.writeUInt32BE(table.tag, entry);
    out.writeUInt32BE(table.checksum, entry + 4);
    out.writeUInt32BE(offset, entry + 8);
    out.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  }
  return out;
}
