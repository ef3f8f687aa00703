import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

/*
 * A POST whose body is optional (approve, cancel, retry…) may arrive without one in three ways a
 * client sends: no body at all, a JSON content type with nothing after it, or a JSON `null`.
 * Each is answered as no body, for every route at once: the empty JSON body is parsed as absent,
 * and a body schema that refuses `null` but accepts no body validates `null` as no body. Where a
 * body is required, `null` stays a 400 with the schema's own message.
 */

type ValidationOutcome = { error?: Error | FastifySchemaValidationError[]; value?: unknown };

/** fastify-type-provider-zod's compiler, with `null` read as no body where the schema allows that. */
export const bodyValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data: unknown) => {
    const outcome = validate(data) as ValidationOutcome;
    if (data !== null || !outcome.error) return outcome;
    const absent = validate(undefined) as ValidationOutcome;
    return absent.error ? outcome : absent;
  };
};

/** The default JSON parser (with its prototype-poisoning guards), reading an empty body as none. */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  // Replacing the default JSON parser needs no removal (Fastify allows it once, at the root).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    return parseJson(request, text, done);
  });
}
