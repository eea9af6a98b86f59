import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

// Responses are written from their route's zod schema: zod checks every answer on its way out and
// JSON.stringify writes what it returns (~4-6% of an authenticated read's CPU, bench/history/platform.md).
// For the plainest shapes the same check is a typeof per field: an answer that passes it is written as zod
// would write it (a new object with the schema's keys in the schema's order, nothing else the data carries,
// through the same JSON.stringify), and one that does not pass it goes to zod's own serializer, which then
// answers exactly as before (its error included). The plain shapes: z.string(), z.boolean(), string enums,
// string/boolean/null literals, z.number() (finite, as zod requires), z.int() and z.number().int() (a safe
// integer: zod's 'safeint' format is exactly Number.isSafeInteger), nullable and optional (not exactOptional)
// of a plain shape, z.array() of a plain shape without length checks, and z.object() of plain shapes (strip
// mode). Every other schema (unions, transforms, defaults, refinements, string formats, other checks, other
// number formats, strict or loose objects) is left to zod entirely.
//
// The check and copy of a shape is one function generated for it when the route is registered, as
// fast-json-stringify does: a closure per field cost ~20x more for the signed-in user's answer (bench/history/platform.md).
// The generated text holds only variable names, fixed operators and keys written by
// JSON.stringify; the allowed values of enums and literals are passed in as arguments, never written into it.

/** What a writer answers for a value the quick check cannot vouch for. */
const REFUSED: unique symbol = Symbol('refused');

/** The value as zod would return it, or REFUSED. */
type Write = (value: unknown) => unknown;

/** A plain shape, as the quick path understands it. */
type Shape =
  | { kind: 'string' | 'boolean' }
  | { kind: 'number'; integer: boolean }
  | { kind: 'enum'; values: ReadonlySet<unknown> }
  | { kind: 'literal'; values: readonly unknown[] }
  | { kind: 'nullable' | 'optional'; inner: Shape }
  | { kind: 'array'; item: Shape }
  | { kind: 'object'; fields: readonly [string, Shape][] };

interface ZodInternals {
  _zod: { def: Record<string, unknown>; traits: Set<string> };
}

/** The quick check and copy for one schema, or undefined when its shape is not plain enough to be sure. */
export function plainWriter(schema: unknown): Write | undefined {
  const shape = plainShape(schema);
  return shape && generate(shape);
}

function plainShape(schema: unknown): Shape | undefined {
  if (!(schema instanceof $ZodType)) return undefined;
  const { def, traits } = (schema as unknown as ZodInternals)._zod;
  const checks = def.checks as unknown[] | undefined;
  if (def.type === 'number') return numberShape(def, checks ?? []);
  if (checks && checks.length > 0) return undefined;
  switch (def.type) {
    case 'string':
      // Exactly z.string(): email, uuid, datetime and the other formats are strings with checks of their own.
      if (!traits.has('ZodString') || def.format !== undefined || def.coerce) return undefined;
      return { kind: 'string' };
    case 'boolean':
      return def.coerce ? undefined : { kind: 'boolean' };
    case 'enum': {
      const values = Object.values(def.entries as Record<string, unknown>);
      if (!values.every((each) => typeof each === 'string')) return undefined;
      return { kind: 'enum', values: new Set<unknown>(values) };
    }
    case 'literal': {
      const values = def.values as unknown[];
      if (!values.every((each) => typeof each === 'string' || typeof each === 'boolean' || each === null))
        return undefined;
      return { kind: 'literal', values: [...values] };
    }
    case 'nullable':
    case 'optional': {
      // exactOptional refuses an explicit undefined; plain optional takes it, and a key whose value is
      // undefined is left out by JSON.stringify, as it is of zod's output (absent or undefined alike).
      if (traits.has('$ZodExactOptional')) return undefined;
      const inner = plainShape(def.innerType);
      return inner && { kind: def.type, inner };
    }
    case 'array': {
      const item = plainShape(def.element);
      return item && { kind: 'array', item };
    }
    case 'object':
      return objectShape(def);
    default:
      return undefined;
  }
}

/** z.number() (any finite number) or a safe integer (z.int(), .int()); no other check or format. */
function numberShape(def: Record<string, unknown>, checks: unknown[]): Shape | undefined {
  if (def.coerce) return undefined;
  let integer = false;
  // z.int() is itself the format check; .int() adds it to `checks`.
  for (const check of def.format === undefined ? checks : [def, ...checks]) {
    const checkDef = check === def ? def : (check as ZodInternals)._zod?.def;
    if (checkDef?.check !== 'number_format' || checkDef.format !== 'safeint' || checkDef.when !== undefined)
      return undefined;
    integer = true;
  }
  return { kind: 'number', integer };
}

function objectShape(def: Record<string, unknown>): Shape | undefined {
  // Strip mode only (z.object): strict and loose objects have a catchall.
  if (def.catchall !== undefined) return undefined;
  const shape = def.shape as Record<string, unknown>;
  const keys = Object.keys(shape);
  // An object literal's "__proto__" key would set the copy's prototype instead of a property.
  if (keys.includes('__proto__')) return undefined;
  const fields: [string, Shape][] = [];
  for (const key of keys) {
    const field = plainShape(shape[key]);
    if (!field) return undefined;
    fields.push([key, field]);
  }
  return { kind: 'object', fields };
}

/**
 * One function for a shape: reads each value once, in the order zod reads it (a missing key reads as
 * undefined, which only an optional field takes), returns REFUSED at the first that does not pass, else the
 * copy zod would return (new objects and arrays, primitives as they are).
 */
function generate(root: Shape): Write {
  const constants: unknown[] = [];
  let names = 0;
  const local = () => `v${++names}`;
  const constant = (value: unknown) => `c${constants.push(value) - 1}`;

  /** Statements checking the value in `input` (a variable), pushed to `out`; returns its copy's expression. */
  const emit = (shape: Shape, input: string, out: string[]): string => {
    switch (shape.kind) {
      case 'string':
      case 'boolean':
        out.push(`if (typeof ${input} !== '${shape.kind}') return R;`);
        return input;
      case 'number':
        out.push(
          shape.integer
            ? `if (!Number.isSafeInteger(${input})) return R;`
            : `if (typeof ${input} !== 'number' || !Number.isFinite(${input})) return R;`,
        );
        return input;
      case 'enum':
        out.push(`if (!${constant(shape.values)}.has(${input})) return R;`);
        return input;
      case 'literal':
        out.push(`if (!${constant(shape.values)}.includes(${input})) return R;`);
        return input;
      case 'nullable':
      case 'optional': {
        const absent = shape.kind === 'nullable' ? 'null' : 'undefined';
        const result = local();
        const inner: string[] = [];
        const copy = emit(shape.inner, input, inner);
        out.push(
          `let ${result} = ${absent};`,
          `if (${input} !== ${absent}) {`,
          ...inner,
          `${result} = ${copy};`,
          '}',
        );
        return result;
      }
      case 'array': {
        const [result, index, item] = [local(), local(), local()];
        const inner: string[] = [];
        const copy = emit(shape.item, item, inner);
        out.push(
          `if (!Array.isArray(${input})) return R;`,
          `const ${result} = new Array(${input}.length);`,
          `for (let ${index} = 0; ${index} < ${input}.length; ${index}++) {`,
          `const ${item} = ${input}[${index}];`,
          ...inner,
          `${result}[${index}] = ${copy};`,
          '}',
        );
        return result;
      }
      case 'object': {
        out.push(
          `if (typeof ${input} !== 'object' || ${input} === null || Array.isArray(${input})) return R;`,
        );
        const entries = shape.fields.map(([key, field]) => {
          const value = local();
          out.push(`const ${value} = ${input}[${JSON.stringify(key)}];`);
          return `${JSON.stringify(key)}: ${emit(field, value, out)}`;
        });
        return `{ ${entries.join(', ')} }`;
      }
    }
  };

  const body: string[] = [];
  const result = emit(root, 'v0', body);
  const source = `return function write(v0) {\n${body.join('\n')}\nreturn ${result};\n};`;
  const parameters = constants.map((_, index) => `c${index}`);
  return new Function('R', ...parameters, source)(REFUSED, ...constants) as Write;
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
