import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

// Responses are written from their route's zod schema: zod checks every answer on its way out and
// JSON.stringify writes what it returns (~4-6% of an authenticated read's CPU, bench/RESULTS.md third round).
// For the plainest shapes the same check is a typeof per field: an answer that passes it is written as zod
// would write it (a new object with the schema's keys in the schema's order, nothing else the data carries,
// through the same JSON.stringify), and one that does not pass it goes to zod's own serializer, which then
// answers exactly as before (its error included). The plain shapes: z.string(), z.boolean(), string enums,
// string/boolean/null literals, z.number() (finite, as zod requires), z.int() and z.number().int() (a safe
// integer: zod's 'safeint' format is exactly Number.isSafeInteger), nullable and optional (not exactOptional)
// of a plain shape, z.array() of a plain shape without length checks, and z.object() of plain shapes (strip
// mode). Every other schema (unions, transforms, defaults, refinements, string formats, other checks, other
// number formats, strict or loose objects) is left to zod entirely.

/** What a writer answers for a value the quick check cannot vouch for. */
const REFUSED: unique symbol = Symbol('refused');

/** The value as zod would return it, or REFUSED. */
type Write = (value: unknown) => unknown;

interface ZodInternals {
  _zod: { def: Record<string, unknown>; traits: Set<string> };
}

/** The quick check and copy for one schema, or undefined when its shape is not plain enough to be sure. */
export function plainWriter(schema: unknown): Write | undefined {
  if (!(schema instanceof $ZodType)) return undefined;
  const { def, traits } = (schema as unknown as ZodInternals)._zod;
  const checks = def.checks as unknown[] | undefined;
  if (def.type === 'number') return numberWriter(def, checks ?? []);
  if (checks && checks.length > 0) return undefined;
  switch (def.type) {
    case 'string':
      // Exactly z.string(): email, uuid, datetime and the other formats are strings with checks of their own.
      if (!traits.has('ZodString') || def.format !== undefined || def.coerce) return undefined;
      return (value) => (typeof value === 'string' ? value : REFUSED);
    case 'boolean':
      if (def.coerce) return undefined;
      return (value) => (typeof value === 'boolean' ? value : REFUSED);
    case 'enum': {
      const values = Object.values(def.entries as Record<string, unknown>);
      if (!values.every((each) => typeof each === 'string')) return undefined;
      const allowed = new Set<unknown>(values);
      return (value) => (allowed.has(value) ? value : REFUSED);
    }
    case 'literal': {
      const values = def.values as unknown[];
      if (!values.every((each) => typeof each === 'string' || typeof each === 'boolean' || each === null))
        return undefined;
      return (value) => ((values as unknown[]).includes(value) ? value : REFUSED);
    }
    case 'nullable': {
      const inner = plainWriter(def.innerType);
      if (!inner) return undefined;
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      // exactOptional refuses an explicit undefined; plain optional takes it, and a key whose value is
      // undefined is left out by JSON.stringify, as it is of zod's output (absent or undefined alike).
      if (traits.has('$ZodExactOptional')) return undefined;
      const inner = plainWriter(def.innerType);
      if (!inner) return undefined;
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'array':
      return arrayWriter(def);
    case 'object':
      return objectWriter(def);
    default:
      return undefined;
  }
}

/** z.number() (any finite number) or a safe integer (z.int(), .int()); no other check or format. */
function numberWriter(def: Record<string, unknown>, checks: unknown[]): Write | undefined {
  if (def.coerce) return undefined;
  let integer = false;
  // z.int() is itself the format check; .int() adds it to `checks`.
  for (const check of def.format === undefined ? checks : [def, ...checks]) {
    const checkDef = check === def ? def : (check as ZodInternals)._zod?.def;
    if (checkDef?.check !== 'number_format' || checkDef.format !== 'safeint' || checkDef.when !== undefined)
      return undefined;
    integer = true;
  }
  if (integer) return (value) => (Number.isSafeInteger(value) ? value : REFUSED);
  return (value) => (typeof value === 'number' && Number.isFinite(value) ? value : REFUSED);
}

function arrayWriter(def: Record<string, unknown>): Write | undefined {
  const item = plainWriter(def.element);
  if (!item) return undefined;
  return (value) => {
    if (!Array.isArray(value)) return REFUSED;
    // A new array, read index by index as zod reads it (a hole is undefined, which a plain item refuses).
    const copy = new Array(value.length);
    for (let index = 0; index < value.length; index++) {
      const written = item(value[index]);
      if (written === REFUSED) return REFUSED;
      copy[index] = written;
    }
    return copy;
  };
}

function objectWriter(def: Record<string, unknown>): Write | undefined {
  // Strip mode only (z.object): strict and loose objects have a catchall.
  if (def.catchall !== undefined) return undefined;
  const shape = def.shape as Record<string, unknown>;
  const keys = Object.keys(shape);
  if (keys.includes('__proto__')) return undefined;
  const fields: [string, Write][] = [];
  for (const key of keys) {
    const field = plainWriter(shape[key]);
    if (!field) return undefined;
    fields.push([key, field]);
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return REFUSED;
    const input = value as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (const [key, field] of fields) {
      // A missing key reads as undefined, which only an optional field takes (and JSON.stringify leaves out).
      const written = field(input[key]);
      if (written === REFUSED) return REFUSED;
      copy[key] = written;
    }
    return copy;
  };
}

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/** fastify-type-provider-zod's serializer compiler, with the quick path above for plain shapes. */
export const responseSerializerCompiler = ((routeSchema: RouteSchema) => {
  const bySchema = zodSerializerCompiler(routeSchema);
  const given = routeSchema.schema as unknown;
  const schema =
    given instanceof $ZodType ? given : (given as { properties?: unknown } | undefined)?.properties;
  const write = plainWriter(schema);
  if (!write) return bySchema;
  return (data: unknown) => {
    const written = write(data);
    return written === REFUSED ? bySchema(data) : JSON.stringify(written);
  };
}) as unknown as FastifySerializerCompiler<unknown>;
