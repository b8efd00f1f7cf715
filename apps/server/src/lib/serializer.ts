import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodSchema = z.ZodType;

/**
 * Answers are written by fast-json-stringify (Fastify's own fast path) compiled from each route's Zod response
 * schema: only the listed fields leave, a missing required field is a 500, and it is several times faster than
 * checking with Zod and then JSON.stringify (see `npm run bench:packages`). A schema JSON Schema cannot express
 * (the `void` of a 204) keeps Zod's own serializer.
 *
 * Compiled on a route's first answer with that status, not at start: compiled, the serializers of every route and
 * status took 1.2 MB of an idle server's heap (and time at start), though most routes answer rarely or never.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodSchema> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compile(route);
    return serialize(data);
  };
};

function compile(route: Parameters<FastifySerializerCompiler<ZodSchema>>[0]) {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7' });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJson(jsonSchema);
}
