import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call: method, path (Fastify syntax, `:param`, relative to `/api`), the zod schemas of its
 * parts and its successful response. The server binds it with fastify-type-provider-zod (validation +
 * OpenAPI); the web client types its request helper from the same object.
 */
export type RouteContract = {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Spec section implemented, e.g. '§7 Content'. */
  spec: string;
  tags: readonly string[];
  /** Public calls need no Authorization token (§7). */
  isPublic: boolean;
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * The 200 answer's media type when it is not JSON (e.g. 'text/event-stream'): the OpenAPI document
   * declares `response` under it.
   */
  responseContentType?: string;
};

/** Identity helper that keeps a contract's literal types. */
export function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}

/** Fills `:param` placeholders of a contract path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
