/**
 * Route validators and serializers compiled on first use instead of at start. Fastify compiles every
 * route's schemas when the app becomes ready; with about ninety operations that was most of the
 * embedded server's start time and tens of MB it held whether or not a route was ever called
 * (bench/results/start.md). A route's first request pays its own compilation (a few ms), once.
 *
 * Schemas are still checked: the OpenAPI generation and the test suite compile every one of them, and
 * `compileAll` (test/http/lazy-compile.test.ts) does so eagerly for every route.
 */
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/** Every compilation deferred so far, so that a test can force them all. */
const pending = new Set<() => unknown>();

export function lazyValidatorCompiler(inner: FastifySchemaCompiler<unknown>): FastifySchemaCompiler<unknown> {
  return (route) => {
    let compiled: Validate | undefined;
    const compile = () => {
      if (!compiled) {
        compiled = inner(route) as Validate;
        pending.delete(compile);
      }
      return compiled;
    };
    pending.add(compile);
    // Fastify reads `errors` off the function it was given after a failed validation (ajv's convention).
    const validate: Validate = (data) => {
      const fn = compile();
      const result = fn(data);
      validate.errors = fn.errors;
      return result;
    };
    return validate as never;
  };
}

/** Fastify's own serializer factory (fast-json-stringify, with the app's shared schemas), made lazy. */
export function lazySerializerFactory(): SerializerSelector.SerializerFactory {
  const factory = SerializerSelector();
  return (externalSchemas, options) => {
    const inner = factory(externalSchemas, options);
    return (route) => {
      let compiled: SerializerSelector.Serializer | undefined;
      const compile = () => {
        if (!compiled) {
          compiled = inner(route);
          pending.delete(compile);
        }
        return compiled;
      };
      pending.add(compile);
      return (data: unknown) => compile()(data);
    };
  };
}

/** Compiles everything deferred so far; throws what a schema's compilation throws. */
export function compileAll(): number {
  const all = [...pending];
  for (const compile of all) compile();
  return all.length;
}
