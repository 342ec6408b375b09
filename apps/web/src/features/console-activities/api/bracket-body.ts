import type { RequestBody } from '../../../lib/api/client.ts';

/** A value a nested form body may hold: text, number, list or object (questions, options, maps). */
export type NestedValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | NestedValue[]
  | { [key: string]: NestedValue };

/**
 * Flattens a nested body into form entries with qs brackets (`questions[0][options][1][id]=a`,
 * `title[en]=…`), the §7 wire format the server parses with qs. Empty lists and null/undefined are
 * left out: the console contracts read a missing list as empty and a missing field as its default.
 */
export function bracketBody(body: Record<string, NestedValue>): RequestBody {
  const entries: RequestBody = {};
  const walk = (key: string, value: NestedValue) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(`${key}[${index}]`, item);
    } else if (typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) walk(`${key}[${name}]`, item);
    } else {
      entries[key] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    }
  };
  for (const [key, value] of Object.entries(body)) walk(key, value);
  return entries;
}
