import fc from 'fast-check';
import type { z } from 'zod';
import {
  type ApiRoute,
  anyJson,
  HOSTILE_STRINGS,
  hostileNumber,
  type JsonSchema,
  jsonSchemaOf,
  ONE_MB,
  objectValue,
  plainValue,
  typeOf,
} from './fuzz-values';

// Whole bad requests for one route, built from its schemas and the hostile values of fuzz-values.ts: generated
// (requestCases), fixed edge cases (fixedCases) and the hostile strings every string field must survive
// (criticalCases). Used by fuzz.test.ts.

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
