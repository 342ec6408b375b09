import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify, { type Schema as FastJsonSchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type Serialize = (data: unknown) => string;

/** A route's response schema as fastify hands it over: the zod schema, or an object holding it. */
function zodSchemaOf(schema: unknown): ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.ZodType) return properties;
  throw new TypeError(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * The schema compiled by fast-json-stringify from its JSON Schema, or undefined when zod cannot
 * express it there (transforms, codecs, custom checks) or fast-json-stringify cannot compile it: such
 * a schema stays on zod.
 */
function compiledSerializer(schema: ZodType): Serialize | undefined {
  try {
    // zod's JSON Schema is the schema fast-json-stringify reads; their types are declared apart.
    const jsonSchema = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' });
    return fastJsonStringify(jsonSchema as FastJsonSchema);
  } catch {
    return undefined;
  }
}

/**
 * fastify's serializer compiler for the zod response schemas of the contracts (§7 wire format).
 *
 * Each schema is converted to JSON Schema and compiled by fast-json-stringify (fastify's own
 * serializer), which writes only the declared fields, like zod's encode, at a third of the CPU of
 * zod's encode followed by JSON.stringify (0.12 against 0.36 ms for a 50-session agenda list). A
 * schema that JSON Schema cannot express (a transform, a codec) keeps zod's encode. Compiled on a
 * route's first answer, not at start: a server starts without compiling hundreds of routes.
 *
 * fast-json-stringify does not check values against the schema as zod does (it writes a number where
 * a string is declared as that string). So with `verify` (development and tests), every answer is
 * also encoded by zod: an answer zod refuses (ResponseSerializationError), or one whose JSON the two
 * would write differently (the order of fields aside: required ones come first), throws (a 500). So
 * the test suites prove that the two agree on every answer they produce; production runs the compiled
 * serializer alone.
 *
 * @param options.verify encode with zod too and compare (NODE_ENV development and test)
 * @returns the compiler for `app.setSerializerCompiler`; each serializer maps the handler's value to
 *   the JSON text of the body
 */
export function createResponseSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<unknown> {
  return (routeSchema) => {
    const zodSchema = zodSchemaOf(routeSchema.schema);
    // fastify-type-provider-zod's own: zod encodes (strips unknown fields, checks types), then JSON.
    const byZod: Serialize = zodSerializerCompiler({ ...routeSchema, schema: zodSchema });
    let serialize: Serialize | undefined;
    return (data) => {
      serialize ??= compiledSerializer(zodSchema) ?? byZod;
      if (!options.verify || serialize === byZod) return serialize(data);
      const expected = byZod(data);
      const written = serialize(data);
      // The same JSON, not the same bytes: fast-json-stringify writes required fields first.
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${routeSchema.method} ${routeSchema.url}: fast-json-stringify wrote ${written.slice(0, 2000)} where zod wrote ${expected.slice(0, 2000)}`,
        );
      }
      return written;
    };
  };
}
