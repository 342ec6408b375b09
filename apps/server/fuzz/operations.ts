import { ErrorBody } from '@app/contracts';
import { Ajv, type ValidateFunction } from 'ajv';
import { z } from 'zod';
import type { App } from '../src/app-types.ts';

/** A JSON schema as the OpenAPI document holds it. */
export type Schema = Record<string, unknown>;

/** One operation of the OpenAPI document (`/api/docs/json`, §7). */
export type Operation = {
  /** `GET /api/meeting/agendas`: the method and the path as the document writes it. */
  key: string;
  method: string;
  path: string;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema; required: boolean }[];
  body?: { schema: Schema; required: boolean };
  /** Declared responses: status → schema of the JSON body (undefined: no body declared). */
  responses: Record<string, Schema | undefined>;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
};
type OpenApiOperation = {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** The document the running app serves at /api/docs/json. */
export async function fetchOpenApi(app: App): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  return res.json() as OpenApiDocument;
}

/** Every operation of an OpenAPI document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      const body = op.requestBody?.content['application/json']?.schema;
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
        ...(body ? { body: { schema: body, required: op.requestBody?.required === true } } : {}),
        responses: Object.fromEntries(
          Object.entries(op.responses ?? {}).map(([status, response]) => [
            status,
            response.content?.['application/json']?.schema,
          ]),
        ),
      });
    }
  }
  return out;
}

/** The error envelope every failed call answers (DESIGN §3, contracts `ErrorBody`). */
export const errorBodySchema = z.toJSONSchema(ErrorBody, { target: 'draft-7' }) as Schema;

export type ResponseCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks an answer against the document: a declared status must carry a body its schema accepts
 * (JSON bodies are parsed; a non-JSON body passes only a schema that allows any value or a string),
 * a 4xx must be the error envelope, a 3xx must name its Location, and no other status may appear.
 */
export function createResponseChecker() {
  const ajv = new Ajv({ strict: false, allErrors: false });
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (cacheKey: string, schema: Schema) => {
    let validate = compiled.get(cacheKey);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(cacheKey, validate);
    }
    return validate;
  };
  const validateBody = (
    cacheKey: string,
    schema: Schema,
    response: { body: string; headers: Record<string, unknown> },
  ): ResponseCheck => {
    const type = String(response.headers['content-type'] ?? '');
    const isJson = /^application\/(?:[\w.+-]*\+)?json\b/.test(type);
    if (!isJson) {
      if (Object.keys(schema).length === 0 || schema.type === 'string') return { ok: true };
      return { ok: false, reason: `a ${type || 'bodiless'} answer where the document declares JSON` };
    }
    let value: unknown;
    try {
      value = JSON.parse(response.body);
    } catch {
      return { ok: false, reason: 'the JSON body does not parse' };
    }
    const validate = validatorOf(cacheKey, schema);
    if (validate(value)) return { ok: true };
    return {
      ok: false,
      reason: `body does not match: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`,
    };
  };
  return (
    op: Operation,
    response: { statusCode: number; body: string; headers: Record<string, unknown> },
  ): ResponseCheck => {
    const status = String(response.statusCode);
    if (response.statusCode >= 500) return { ok: false, reason: `status ${status}` };
    if (status in op.responses) {
      const schema = op.responses[status];
      return schema ? validateBody(`${op.key} ${status}`, schema, response) : { ok: true };
    }
    if (response.statusCode >= 400) return validateBody('error', errorBodySchema, response);
    if (response.statusCode >= 300 && response.statusCode < 400) {
      return response.headers.location ? { ok: true } : { ok: false, reason: `${status} without Location` };
    }
    return { ok: false, reason: `status ${status} is not declared` };
  };
}
