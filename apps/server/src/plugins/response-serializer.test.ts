import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './response-serializer.ts';

const session = z.object({
  _id: z.object({ $id: z.string() }),
  title: z.union([z.string(), z.record(z.string(), z.string())]),
  abstract: z.string().optional(),
  room: z.object({ name: z.string() }).nullable(),
  start: z.number().int(),
});
const list = z.object({ results: z.array(session) });

function serializerOf(schema: z.ZodType, verify: boolean) {
  return createResponseSerializerCompiler({ verify })({
    schema,
    method: 'GET',
    url: '/api/x',
    httpStatus: '200',
  });
}

describe('createResponseSerializerCompiler', () => {
  const row = {
    _id: { $id: 'a1' },
    title: { en: 'Opening', zh: '开幕式' },
    abstract: 'Short',
    room: null,
    start: 1_800_000_000,
    password: 'never on the wire',
  };

  it('writes the JSON zod writes, without undeclared fields', () => {
    const value = { results: [row, { ...row, abstract: undefined, title: 'x' }] };
    const byZod = JSON.parse(JSON.stringify(z.encode(list, value)));
    for (const verify of [true, false]) {
      const written = serializerOf(list, verify)(value);
      expect(JSON.parse(written)).toEqual(byZod);
      expect(written).not.toContain('password');
      expect(written.match(/"abstract"/g)).toHaveLength(1);
    }
  });

  it('refuses with verify what zod refuses; without it writes what fast-json-stringify makes of it', () => {
    const wrong = { results: [{ ...row, start: '1800000000' }] };
    expect(() => serializerOf(list, true)(wrong)).toThrow();
    expect(JSON.parse(serializerOf(list, false)(wrong)).results[0].start).toBe(1_800_000_000);
  });

  it('keeps zod for a schema JSON Schema cannot express', () => {
    const dated = z.object({ at: z.date() });
    const at = new Date('2026-11-28T08:00:00Z');
    expect(serializerOf(dated, false)({ at })).toBe('{"at":"2026-11-28T08:00:00.000Z"}');
  });

  it('reads the schema fastify hands over inside an object', () => {
    const serialize = createResponseSerializerCompiler({ verify: true })({
      schema: { properties: list } as never,
      method: 'GET',
      url: '/api/x',
      httpStatus: '200',
    });
    expect(JSON.parse(serialize({ results: [] }))).toEqual({ results: [] });
  });
});
