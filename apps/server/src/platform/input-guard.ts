import type { FastifyInstance } from 'fastify';
import { validationError } from './errors';

// A NUL character is never part of a name, an id, a search or a QR code. PostgreSQL refuses it in text
// ("invalid byte sequence for encoding UTF8: 0x00"), which would surface as a 500 on that engine only, and
// SQLite would store it and hand it to CSV exports, PDFs and emails. One check, before any validator or
// handler, keeps both engines the same: 400 with the field that carried it.

const NUL = '\u0000';

/** The first string under `value` that holds a NUL, as a dotted field path; iterative, so deep nesting is fine. */
export function fieldWithNul(value: unknown, root: string): string | undefined {
  // Most requests carry no body and empty params or query: nothing to walk (this runs on every request).
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.includes(NUL) ? root : undefined;
  // Most params and queries are empty objects: answered without the walk's stack and entries arrays.
  if (typeof value === 'object' && isEmpty(value)) return undefined;
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push([current[index], join(path, index)]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes(NUL)) return path;
        stack.push([child, join(path, key)]);
      }
    }
  }
  return undefined;
}

/** Nothing enumerable at all (own or inherited): the walk below would find nothing either. */
function isEmpty(value: object): boolean {
  for (const _key in value) return false;
  return true;
}

function join(path: string, key: string | number): string {
  return path ? `${path}.${key}` : String(key);
}

export function rejectNulCharacters(app: FastifyInstance): void {
  // Callback style: it runs on every request, and an async hook costs a promise and a microtask turn.
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      fieldWithNul(request.params, '') ?? fieldWithNul(request.query, '') ?? fieldWithNul(request.body, '');
    if (field !== undefined) {
      done(validationError([{ field: field || '_', message: 'Must not contain NUL characters' }]));
      return;
    }
    done();
  });
}
