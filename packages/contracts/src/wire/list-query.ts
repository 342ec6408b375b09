import { toMilliseconds } from '@app/domain';
import { z } from 'zod';
import { ErrorCode } from './errors.ts';
import { fromWireId, invalidObjectIdMessage, isObjectId } from './ids.ts';
import { findUnsafeInput } from './input-guard.ts';
import { limits } from './limits.ts';

/**
 * JSON query objects of list calls (§7 "query objects are serialised as JSON", DESIGN §3).
 *
 * A list call takes `query` (a JSON object of field conditions), `sort` (a JSON object of
 * `field: 1 | -1`), `limit` (1..999) and `skip`. Each resource declares an allow-list of fields and
 * operators; anything else is refused with `invalid_query` — nothing reaches SQL unchecked. The parsed
 * result is a plain, typed description that a repository maps onto its own columns.
 */

export type FieldType = 'id' | 'string' | 'number' | 'time' | 'flag';
export type Operator = '$eq' | '$ne' | '$in' | '$nin' | '$gt' | '$gte' | '$lt' | '$lte';

/** One allowed field: its value type and the operators it accepts. */
export type FieldRule = { type: FieldType; ops: readonly Operator[] };

/** A resource's allow-list. `sort` lists sortable fields; `defaultSort` applies when none is given. */
export type ResourceQuerySpec<F extends string = string> = {
  fields: { [K in F]?: FieldRule };
  sort: readonly F[];
  defaultSort: readonly SortTerm<F>[];
};

/** A normalised value: ids and strings as strings, numbers and flags as numbers, times as epoch ms. */
export type ConditionValue = string | number | string[] | number[];
export type Condition<F extends string = string> = { field: F; op: Operator; value: ConditionValue };
export type SortTerm<F extends string = string> = { field: F; direction: 1 | -1 };

export type ListQuery<F extends string = string> = {
  conditions: Condition<F>[];
  sort: SortTerm<F>[];
  /** Page size, 1..maxLimit. */
  limit: number;
  /** Rows to skip, ≥ 0. */
  skip: number;
  /**
   * When the query filters `_id` by a list, the order of that list: results are reordered to match
   * it (§7).
   */
  idOrder?: string[];
};

/** Raised for a malformed query; `code` is one of ErrorCode (invalid_query, invalid_object_id, limit_too_large). */
export class ListQueryError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ListQueryError';
  }
}

/** Raw list parameters as they arrive in a querystring (strings) or a JSON body (objects, numbers). */
export const ListParams = z.object({
  query: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  sort: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  limit: z.union([z.string(), z.number()]).optional(),
  skip: z.union([z.string(), z.number()]).optional(),
});
export type ListParams = z.infer<typeof ListParams>;

const operators: readonly Operator[] = ['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte'];

function parseJsonObject(raw: unknown, name: string): Record<string, unknown> {
  if (raw === undefined || raw === '') return {};
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ListQueryError(ErrorCode.invalidQuery, `${name} must be a JSON object`);
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ListQueryError(ErrorCode.invalidQuery, `${name} must be a JSON object`);
  }
  const unsafe = findUnsafeInput(value, name);
  if (unsafe) throw new ListQueryError(ErrorCode.invalidQuery, `${unsafe.path} ${unsafe.problem}`);
  return value as Record<string, unknown>;
}

function parseInteger(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ListQueryError(ErrorCode.invalidQuery, `${name} must be a non-negative integer`);
  }
  // Past this the number only ever reaches SQL as an out-of-range error (1e308 is an "integer" too).
  if (value > max) throw new ListQueryError(ErrorCode.invalidQuery, `${name} must be at most ${max}`);
  return value;
}

function normaliseScalar(field: string, rule: FieldRule, value: unknown): string | number {
  switch (rule.type) {
    case 'id': {
      const id = fromWireId(value);
      if (id === undefined || !isObjectId(id)) {
        throw new ListQueryError(ErrorCode.invalidObjectId, invalidObjectIdMessage(String(id ?? value)));
      }
      return id;
    }
    case 'string':
      if (typeof value !== 'string')
        throw new ListQueryError(ErrorCode.invalidQuery, `${field} must be a string`);
      return value;
    case 'number':
    case 'flag': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) {
        throw new ListQueryError(ErrorCode.invalidQuery, `${field} must be a number`);
      }
      if (Math.abs(n) > limits.maxQueryNumber) {
        throw new ListQueryError(
          ErrorCode.invalidQuery,
          `${field} must be between -${limits.maxQueryNumber} and ${limits.maxQueryNumber}`,
        );
      }
      if (rule.type === 'flag' && n !== 0 && n !== 1) {
        throw new ListQueryError(ErrorCode.invalidQuery, `${field} must be 0 or 1`);
      }
      return n;
    }
    case 'time': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      const ms =
        typeof n === 'number' && Number.isFinite(n)
          ? toMilliseconds(n)
          : typeof n === 'string'
            ? Date.parse(n)
            : Number.NaN;
      if (Number.isNaN(ms)) {
        throw new ListQueryError(ErrorCode.invalidQuery, `${field} must be a timestamp or an ISO date`);
      }
      if (Math.abs(ms) > limits.maxTimeMs) {
        throw new ListQueryError(ErrorCode.invalidQuery, `${field} must be within ±10^13 ms of 1970 (§9)`);
      }
      return ms;
    }
  }
}

function parseCondition(field: string, rule: FieldRule, raw: unknown): Condition[] {
  const isOperatorObject =
    raw !== null &&
    typeof raw === 'object' &&
    !Array.isArray(raw) &&
    Object.keys(raw).length > 0 &&
    Object.keys(raw).every((key) => key.startsWith('$') && key !== '$id');
  const entries: [string, unknown][] = isOperatorObject
    ? Object.entries(raw as Record<string, unknown>)
    : [[Array.isArray(raw) ? '$in' : '$eq', raw]];
  return entries.map(([op, value]) => {
    if (!operators.includes(op as Operator)) {
      throw new ListQueryError(ErrorCode.invalidQuery, `Unknown operator ${op} on ${field}`);
    }
    if (!rule.ops.includes(op as Operator)) {
      throw new ListQueryError(ErrorCode.invalidQuery, `Operator ${op} is not allowed on ${field}`);
    }
    if (op === '$in' || op === '$nin') {
      if (!Array.isArray(value) || value.length === 0 || value.length > limits.maxList) {
        throw new ListQueryError(
          ErrorCode.invalidQuery,
          `${op} on ${field} needs a list of 1 to ${limits.maxList} values`,
        );
      }
      const list = value.map((item) => normaliseScalar(field, rule, item));
      return { field, op: op as Operator, value: list as string[] | number[] };
    }
    return { field, op: op as Operator, value: normaliseScalar(field, rule, value) };
  });
}

/**
 * Validates raw list parameters against a resource's allow-list.
 *
 * @param spec the resource's allowed fields, operators and sortable fields
 * @param params raw `query`, `sort`, `limit`, `skip` (strings from a querystring, or parsed values)
 * @param maxLimit the largest page size this call accepts (999 for lists, 20 for navigation categories)
 * @returns the parsed conditions, sort, limit, skip and, for an `_id` list filter, the id order
 * @throws ListQueryError invalid_query (unknown field/operator, bad JSON or value), invalid_object_id,
 *   limit_too_large (limit over maxLimit)
 */
export function parseListQuery<F extends string>(
  spec: ResourceQuerySpec<F>,
  params: ListParams,
  maxLimit: number = limits.maxList,
): ListQuery<F> {
  const query = parseJsonObject(params.query, 'query');
  const conditions: Condition<F>[] = [];
  let idOrder: string[] | undefined;
  for (const [field, raw] of Object.entries(query)) {
    // Own fields only: `constructor` or `__proto__` must not find Object.prototype's.
    const rule = Object.hasOwn(spec.fields, field)
      ? (spec.fields as Record<string, FieldRule | undefined>)[field]
      : undefined;
    if (!rule) throw new ListQueryError(ErrorCode.invalidQuery, `Unknown filter field: ${field}`);
    for (const condition of parseCondition(field, rule, raw)) {
      conditions.push(condition as Condition<F>);
      if (field === '_id' && condition.op === '$in') idOrder = condition.value as string[];
    }
  }

  const sortObject = parseJsonObject(params.sort, 'sort');
  const sort: SortTerm<F>[] = [];
  for (const [field, direction] of Object.entries(sortObject)) {
    if (!(spec.sort as readonly string[]).includes(field)) {
      throw new ListQueryError(ErrorCode.invalidQuery, `Cannot sort by ${field}`);
    }
    const dir = Number(direction);
    if (dir !== 1 && dir !== -1)
      throw new ListQueryError(ErrorCode.invalidQuery, `Sort direction of ${field} must be 1 or -1`);
    sort.push({ field: field as F, direction: dir });
  }

  const limit = parseInteger(params.limit, 'limit', Math.min(limits.defaultList, maxLimit), Infinity);
  if (limit > maxLimit) {
    throw new ListQueryError(ErrorCode.limitTooLarge, `limit must be at most ${maxLimit}`);
  }
  if (limit === 0) throw new ListQueryError(ErrorCode.invalidQuery, 'limit must be at least 1');
  const skip = parseInteger(params.skip, 'skip', 0, limits.maxSkip);

  return {
    conditions,
    sort: sort.length > 0 ? sort : [...spec.defaultSort],
    limit,
    skip,
    ...(idOrder ? { idOrder } : {}),
  };
}

/**
 * Reorders `items` to follow `idOrder` (§7: "when an _id filter lists several ids, results are
 * reordered to match"). Items whose id is not in the list keep their relative order at the end.
 */
export function reorderById<T>(items: T[], idOrder: string[] | undefined, getId: (item: T) => string): T[] {
  if (!idOrder) return items;
  const rank = new Map(idOrder.map((id, index) => [id, index]));
  return [...items].sort((a, b) => (rank.get(getId(a)) ?? Infinity) - (rank.get(getId(b)) ?? Infinity));
}
