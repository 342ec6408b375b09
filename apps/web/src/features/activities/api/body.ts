import type { RequestBody } from '../../../lib/api/client.ts';

/** A value a nested form body may hold: text, number, list or object (answers, members). */
export type NestedValue = string | number | null | undefined | NestedValue[] | { [key: string]: NestedValue };

/**
 * Flattens a nested body into form entries with qs brackets (`data[q1]=…`, `members[0][price_id]=…`,
 * `data[q2][area_code]=86`, `data[q3][0]=a`), the §7 wire format the server parses with qs (depth 5).
 * Empty lists are left out (keepVisibleAnswers drops empty answers anyway).
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
      entries[key] = value;
    }
  };
  for (const [key, value] of Object.entries(body)) walk(key, value);
  return entries;
}
