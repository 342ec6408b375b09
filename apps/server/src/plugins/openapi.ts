import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types.ts';

// Our wire ids are objects with a property named `$id` ({ _id: { $id } }, §3). @fastify/swagger's
// reference resolver reads any `$id` key as a schema id and crashes on it, so such property names are
// swapped for a placeholder before resolution and restored in the finished document.
const idPlaceholder = 'x-wire-$id';

function renameProperty(node: unknown, from: string, to: string): unknown {
  if (Array.isArray(node)) return node.map((item) => renameProperty(item, from, to));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [
          name === from ? to : name,
          renameProperty(schema, from, to),
        ]),
      );
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((name) => (name === from ? to : name));
    } else {
      out[key] = renameProperty(value, from, to);
    }
  }
  return out;
}

/**
 * OpenAPI 3.1 generated from the contracts: the document at /api/docs/json, the browsable reference
 * at /api/docs. Documents the Apikey header as a security scheme.
 */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Meeting platform API',
        version: '2.23.1',
        description:
          'Exhibition and conference platform API (§7 of the product spec). Every call under /api except ' +
          '/api/health and /api/docs needs an `Apikey` header: `v1.<unix seconds>.<hex HMAC-SHA256>` — see README.',
      },
      components: {
        securitySchemes: { Apikey: { type: 'apiKey', in: 'header', name: 'Apikey' } },
      },
      security: [{ Apikey: [] }],
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      return { schema: renameProperty(schema, '$id', idPlaceholder) as typeof schema, url };
    },
    transformObject: (documentObject) =>
      renameProperty(
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject,
        idPlaceholder,
        '$id',
      ) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
