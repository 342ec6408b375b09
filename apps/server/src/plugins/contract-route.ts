import type { RouteContract } from '@app/contracts';
import type { FastifySchema } from 'fastify';

/** `METHOD /path` of every public contract (§7: no Authorization needed), for plugins/auth.ts. */
export const publicRoutes = new Set<string>();

/**
 * Fastify route options (method, url, schema) for a contract: its params, querystring, body and 200
 * response are validated by fastify-type-provider-zod and documented in the OpenAPI document (a
 * non-JSON 200, `responseContentType`, under its own media type).
 */
export function contractRoute<const C extends RouteContract>(contract: C) {
  if (contract.isPublic) publicRoutes.add(`${contract.method} ${contract.path}`);
  const schema = {
    summary: contract.summary,
    description: `Implements ${contract.spec}.${contract.isPublic ? ' Public: no Authorization needed.' : ''}`,
    tags: [...contract.tags],
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.querystring ? { querystring: contract.querystring } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    response: {
      200: contract.responseContentType
        ? { content: { [contract.responseContentType]: { schema: contract.response } } }
        : contract.response,
    },
  } satisfies FastifySchema;
  return {
    method: contract.method,
    url: contract.path,
    schema: schema as unknown as {
      params: C['params'] extends undefined ? undefined : NonNullable<C['params']>;
      querystring: C['querystring'] extends undefined ? undefined : NonNullable<C['querystring']>;
      body: C['body'] extends undefined ? undefined : NonNullable<C['body']>;
      response: { 200: C['response'] };
    },
  };
}
