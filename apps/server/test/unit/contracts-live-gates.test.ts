import { readFileSync } from 'node:fs';
import { liveGateSchema, liveGatesSchema, liveTypeSchema } from '@utsav/domain/gates-live';
import { describe, expect, it } from 'vitest';

// docs/contracts.md documents GET /admin/checkin/live field by field; the schema is what the server answers. The
// row names every field of the answer, of each gate and of each ticket type, so neither can drift from the other.

const doc = readFileSync(new URL('../../../../docs/contracts.md', import.meta.url), 'utf8');
const row = doc.split('\n').find((line) => line.startsWith('| GET /admin/checkin/live')) ?? '';

/** The names listed in `name [{a, b, c [{...}]}]` in the row (a nested list is left out, its name kept). */
function listed(name: string): string[] {
  const start = row.indexOf(`\`${name} [{`);
  if (start === -1) return [];
  let depth = 0;
  let inner = '';
  for (const char of row.slice(start + name.length + 4)) {
    if (char === '{') depth++;
    if (char === '}' && depth-- === 0) break;
    if (depth === 0 && char !== '}') inner += char;
  }
  return inner.split(',').map((field) => field.trim().split(' ')[0]!);
}

describe('the live gate view as docs/contracts.md documents it', () => {
  it('has its row', () => {
    expect(row).not.toBe('');
  });

  it('names every field of each ticket type', () => {
    expect(listed('types').sort()).toEqual(Object.keys(liveTypeSchema.shape).sort());
  });

  it('names every field of each gate', () => {
    expect(listed('gates').sort()).toEqual(Object.keys(liveGateSchema.shape).sort());
  });

  it('names every field of the answer', () => {
    for (const field of Object.keys(liveGatesSchema.shape)) expect(row).toContain(field);
  });
});
