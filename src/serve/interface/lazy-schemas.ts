// Route schemas compiled on first use instead of at start-up. Fastify compiles a validator (Ajv) and
// a response serializer (fast-json-stringify) for every schema of every route while the app gets
// ready; with a few hundred routes that is most of the cold start, though a process answers only a
// few of them in its first seconds. These compiler factories are Fastify's own defaults, wrapped so
// each route's function is built the first time that route validates or serializes. Once the server
// listens, `warmUp` builds the rest one per turn of the event loop, so requests keep flowing between
// them and a route's first request later finds its functions ready. `compileAll` builds every
// pending one at once, so a broken schema is still found before deployment (a test calls it).
// The serving validators skip Ajv's check of each schema against its meta-schema (validateSchema):
// the schemas are fixed in the code, and compiling the meta-schema's own validator was 40 of the
// 90 ms the first validated request of a process took, on the path to the first store-backed
// answer after a start. compileAll compiles every validator's schema with that check on instead.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type Compiled = ((...args: unknown[]) => unknown) & { errors?: unknown };
type Builder = (
  externalSchemas: unknown,
  options: unknown,
) => (route: { url?: string; method?: string }) => Compiled;

// CommonJS packages, required on first use: loading Ajv or fast-json-stringify is itself start-up time.
const require = createRequire(import.meta.url);

/** A validator built by `build` on its first call, usable wherever Fastify takes an Ajv function. */
export function lazyValidator(build: () => Compiled): Compiled {
  const wrapper = ((...args: unknown[]) => build()(...args)) as Compiled;
  // Fastify reads `errors` after a failed validation, and passes the parent object (so Ajv may
  // coerce a root value) only to a function that has `schemaEnv`, as Ajv's own functions do.
  Object.defineProperty(wrapper, 'errors', { get: () => build().errors });
  Object.defineProperty(wrapper, 'schemaEnv', {
    get: () => (build() as { schemaEnv?: unknown }).schemaEnv,
  });
  return wrapper;
}

export interface LazySchemas {
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  /** Builds every schema not yet built; throws the first compilation error, naming the route. */
  compileAll(): void;
  /** Builds every pending schema, one per event-loop turn (setImmediate: I/O is served in between). */
  warmUp(onError: (err: Error) => void): Promise<void>;
  /** How many route functions are still waiting for their first use. */
  pending(): number;
}

/** Fastify's Ajv options (FastifyServerOptions['ajv']) with Ajv's validateSchema off. */
function withoutMetaSchemaCheck(options: unknown): unknown {
  const given = (options ?? {}) as { customOptions?: object };
  return { ...given, customOptions: { ...given.customOptions, validateSchema: false } };
}

export function lazySchemas(): LazySchemas {
  const waiting = new Set<() => void>();
  const metaChecks: (() => void)[] = [];
  let validatorFactory: Builder | null = null;
  let serializerFactory: Builder | null = null;

  function lazy(
    factory: () => Builder,
    externalSchemas: unknown,
    options: unknown,
    validator: boolean,
  ) {
    let compiler: ReturnType<Builder> | null = null;
    let checker: ReturnType<Builder> | null = null; // with the meta-schema check: compileAll's
    const serving = validator ? withoutMetaSchemaCheck(options) : options;
    return (route: { url?: string; method?: string }): Compiled => {
      let fn: Compiled | null = null;
      if (validator) {
        metaChecks.push(() => {
          checker ??= factory()(externalSchemas, options);
          try {
            checker(route);
          } catch (err) {
            throw new Error(`schema of ${route.method} ${route.url}: ${(err as Error).message}`, {
              cause: err,
            });
          }
        });
      }
      const build = () => {
        if (fn) return fn;
        compiler ??= factory()(externalSchemas, serving);
        try {
          fn = compiler(route);
        } catch (err) {
          throw new Error(`schema of ${route.method} ${route.url}: ${(err as Error).message}`, {
            cause: err,
          });
        }
        waiting.delete(build);
        return fn;
      };
      waiting.add(build);
      return validator
        ? lazyValidator(build)
        : (((...args: unknown[]) => build()(...args)) as Compiled);
    };
  }

  return {
    schemaController: {
      compilersFactory: {
        buildValidator: ((externalSchemas: unknown, options: unknown) =>
          lazy(
            () => (validatorFactory ??= require('@fastify/ajv-compiler')() as Builder),
            externalSchemas,
            options,
            true,
          )) as never,
        buildSerializer: ((externalSchemas: unknown, options: unknown) =>
          lazy(
            () =>
              (serializerFactory ??= require('@fastify/fast-json-stringify-compiler')() as Builder),
            externalSchemas,
            options,
            false,
          )) as never,
      },
    },
    compileAll() {
      for (const check of metaChecks) check();
      for (const build of [...waiting]) build();
    },
    async warmUp(onError) {
      for (const build of [...waiting]) {
        await new Promise((resolve) => setImmediate(resolve));
        try {
          build();
        } catch (err) {
          onError(err as Error); // left waiting: the route's first use fails the same way, as a 500
        }
      }
    },
    pending: () => waiting.size,
  };
}
