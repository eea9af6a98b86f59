// A schema built when it is first used instead of when its module is loaded (decision 1118).
//
// Building a zod schema runs code for each of its parts (zod sets up each part's internals as it is made), and
// the domain defines almost two hundred at the top level of its modules. Every page of the web app, every
// server start and every test file that imports a module paid for all of its schemas, used or not: ~150 ms of
// main thread at 4x on the admin dashboard, and a share of My Tickets' and the scanner's start.
//
// `lazySchema(() => z.object({ ... }))` returns an object that stands for the schema from the start and
// becomes it on the first property read or `in` (a parse, a `.shape`, an `.extend()`, `instanceof`, a
// parent schema's own first parse): the schema is built, and zod's constructor of that kind is run on this
// very object with the built schema's definition. So the object is a genuine zod schema afterwards, with
// internals that refer to itself, not a wrapper around another object: code that keys things by schema
// (zod's JSON Schema conversion, its caches, fastify's route schemas) sees one identity. Until then its
// prototype is a trap that does the building; nothing else of it exists (no own keys). Reading one of its
// parsing methods (`.parse`, `.safeParse`...) before the first use gives a function that builds it when called.

const PARSE_METHODS = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'decode',
  'safeDecode',
  'encode',
  'safeEncode',
]);

const inBrowser = typeof (globalThis as { document?: unknown }).document === 'object';

interface ZodInternals {
  constr: (this: object, def: unknown) => object;
  def: unknown;
  parent?: object;
}

export function lazySchema<T extends object>(build: () => T): T {
  let done = false;
  const become = (): void => {
    if (done) return;
    done = true;
    const built = build();
    const internals = (built as unknown as { _zod: ZodInternals })._zod;
    Object.setPrototypeOf(schema, Object.getPrototypeOf(built));
    internals.constr.call(schema, internals.def);
    // set by zod after construction when one schema is made from another (it leads JSON Schema to a $ref)
    if (internals.parent) (schema as unknown as { _zod: ZodInternals })._zod.parent = internals.parent;
  };
  const trap = new Proxy(Object.create(null) as object, {
    get: (_target, key, receiver) => {
      // `schema.parse(await answer)` reads `.parse` before it awaits: a method of parsing read now builds the
      // schema only when it is called, with the answer (decision 1125), not in the task that sent the request.
      if (typeof key === 'string' && PARSE_METHODS.has(key)) {
        // In a browser it is built in a task of its own, queued now (while the request is on its way), so
        // neither the task that sends the request nor the answer's pays for it; the call builds it if that task
        // has not run yet. (Not on a server, which calls at once: no timer per schema there.)
        if (inBrowser) setTimeout(become, 0);
        return (...args: unknown[]) => {
          become();
          return (schema as unknown as Record<string, (...values: unknown[]) => unknown>)[key]?.(...args);
        };
      }
      become();
      return Reflect.get(schema, key, receiver);
    },
    has: (_target, key) => {
      become();
      return key in schema;
    },
    set: (_target, key, value, receiver) => {
      become();
      return Reflect.set(schema, key, value, receiver);
    },
  });
  const schema = Object.create(trap) as T;
  return schema;
}
