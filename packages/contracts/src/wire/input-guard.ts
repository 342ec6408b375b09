/**
 * Input no contract can be asked to hold (§7 wire format, §9 limits): checked once at the boundary
 * so that nothing hostile reaches a service or PostgreSQL, which rejects NUL bytes in text (SQLSTATE
 * 22021) and whose drivers silently turn a lone surrogate into U+FFFD.
 */

/** Deepest nesting of objects and arrays accepted in a body or a query object. */
export const maxInputDepth = 10;

/** Keys that could reach an object's prototype if any code ever copied them by assignment. */
const reservedKeys = new Set(['__proto__', 'constructor', 'prototype']);

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first unsafe spot of an input: where (`body.items.0.name`) and why. */
export type UnsafeInput = { path: string; problem: string };

/** Why a text cannot be stored as it is, or undefined when it can. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL byte';
  if (loneSurrogate.test(text)) return 'contains a lone surrogate (not valid Unicode)';
  return undefined;
}

/** True when `key` is `__proto__`, `constructor` or `prototype`. */
export function isReservedKey(key: string): boolean {
  return reservedKeys.has(key);
}

/**
 * Walks a parsed input (JSON value, form object, querystring object) and returns its first unsafe
 * spot: a text with a NUL byte or a lone surrogate (in a value or a key), a reserved key, or nesting
 * deeper than `maxInputDepth`. Undefined when the input is safe.
 *
 * @param value the parsed input
 * @param path the name of the input's root, used as the start of the reported path (`body`, `query`)
 */
export function findUnsafeInput(value: unknown, path: string, depth = 0): UnsafeInput | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, problem } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > maxInputDepth) return { path, problem: `nests deeper than ${maxInputDepth} levels` };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnsafeInput(value[index], `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const at = `${path}.${key}`;
    if (reservedKeys.has(key)) return { path: at, problem: 'is a reserved key' };
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: at, problem: `key ${keyProblem}` };
    const found = findUnsafeInput((value as Record<string, unknown>)[key], at, depth + 1);
    if (found) return found;
  }
  return undefined;
}
