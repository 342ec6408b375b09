import type { RequestBody } from '../../../lib/api/client.ts';

/** A value of a nested console body: text, number, list or object (language maps, config). */
export type NestedValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | NestedValue[]
  | { [key: string]: NestedValue };

/**
 * Flattens a nested body into form entries with qs brackets (`config[theme_color]=…`,
 * `title[en]=…`), the §7 wire format the server parses with qs. null and undefined are left out
 * (the field stays as it is); booleans become 1 / 0.
 */
export function formBody(body: Record<string, NestedValue>): RequestBody {
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
