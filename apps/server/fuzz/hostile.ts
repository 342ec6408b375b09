import fc from 'fast-check';

/**
 * The hostile input classes of §9 as fast-check arbitraries (the same classes the hostile-input API
 * test sends by hand): each yields a mutation that the fuzz run applies to an otherwise valid request
 * of an operation.
 */
export type Mutation =
  /** A text with a NUL byte or a lone surrogate, put in one path, query or body value. */
  | { kind: 'badText'; text: string; target: number }
  /** `__proto__` / `constructor` / `prototype` as a key of a query object, the querystring or the body. */
  | { kind: 'reservedKey'; key: string; where: 'queryObject' | 'querystring' | 'body'; target: number }
  /** skip / limit out of range: 1e308, 10^20, negative, fractions, not a number. */
  | { kind: 'paging'; param: 'skip' | 'limit'; value: string }
  /** A time beyond ±10^13 ms in a query filter or a body time field. */
  | { kind: 'time'; field: string; operator: string; value: number | string; inBody: boolean }
  /** A query object or body nested deeper than 10 levels. */
  | { kind: 'nesting'; depth: number; inBody: boolean }
  /** A body over the 1 MiB limit (§9), as JSON or as a form. */
  | { kind: 'oversize'; bytes: number; json: boolean }
  /** A body under a content type the API does not take, or JSON that does not parse. */
  | { kind: 'contentType'; contentType: string; body: string }
  /** A path id that is random (well-formed but unknown) or malformed. */
  | { kind: 'pathId'; value: string; target: number };

const reservedKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** A string holding a NUL byte or a lone surrogate somewhere inside ordinary text. */
export const badTextArb = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', 'a\u0000', '\u0000\u0000'),
    fc.string({ maxLength: 12 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Out-of-range paging values as the querystring carries them. */
export const pagingValueArb = fc.oneof(
  fc.constantFrom('1e308', '-1e308', '99999999999999999999', '-1', '1.5', '0.5', 'NaN', 'Infinity', '1e3'),
  fc.double({ noNaN: true }).map(String),
  fc.integer({ min: -1_000_000, max: -1 }).map(String),
);

/** Times beyond ±10^13 ms (numbers, numeric strings, far ISO dates). */
export const farTimeArb = fc.oneof(
  fc.double({ min: 1e13 + 1, max: 1e308, noNaN: true }),
  fc.double({ min: -1e308, max: -1e13 - 1, noNaN: true }),
  fc.constantFrom('9999999999999999999', '-99999999999999', '275760-09-13', '+275760-09-13T00:00:00Z', 1e308),
);

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('badText' as const), text: badTextArb, target: fc.nat() }),
  fc.record({
    kind: fc.constant('reservedKey' as const),
    key: fc.constantFrom(...reservedKeys),
    where: fc.constantFrom('queryObject' as const, 'querystring' as const, 'body' as const),
    target: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('paging' as const),
    param: fc.constantFrom('skip' as const, 'limit' as const),
    value: pagingValueArb,
  }),
  fc.record({
    kind: fc.constant('time' as const),
    field: fc.constantFrom('start', 'end', 'created', 'timestamp', 'start_time', 'deadline'),
    operator: fc.constantFrom('$gt', '$gte', '$lt', '$lte', '$eq'),
    value: farTimeArb,
    inBody: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('nesting' as const),
    depth: fc.integer({ min: 11, max: 60 }),
    inBody: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('oversize' as const),
    bytes: fc.integer({ min: 1024 * 1024 + 1, max: 1024 * 1024 + 64 * 1024 }),
    json: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('contentType' as const),
    contentType: fc.constantFrom(
      'text/xml',
      'text/plain',
      'application/octet-stream',
      'multipart/form-data; boundary=fuzz',
      'application/json',
      'application/x-www-form-urlencoded; charset=latin1',
      'application/json; charset=utf-16',
    ),
    body: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{"a":', '<a/>', '--fuzz\r\n', '[1,2', '')),
  }),
  fc.record({
    kind: fc.constant('pathId' as const),
    value: fc.oneof(
      fc.stringMatching(/^[0-9a-f]{24}$/),
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.constantFrom('0', '-1', 'null', 'undefined', '%00', '..', 'a'.repeat(250), 'ＡＢＣ', '😀'),
    ),
    target: fc.nat(),
  }),
);

/** `{ a: { a: … 'x' } }` nested `depth` levels. */
export function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}
