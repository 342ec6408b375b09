import type { RequestBody } from './client.ts';

/** A value a nested request body may hold: text, number, boolean, list or object (language maps, answers, questions, config). */
export type NestedValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | NestedValue[]
  | { [key: string]: NestedValue };

/**
 * Flattens a nested body into form entries with qs brackets (`title[en]=…`, `config[theme_color]=…`,
 * `data[q2][area_code]=86`, `questions[0][options][1][id]=a`), the §7 wire format the server parses
 * with qs (DESIGN §3). null and undefined are left out (the field stays as it is / takes its default),
 * so are empty lists and objects (a form body has no `[]` or `{}`); booleans become 1 / 0.
 * The one copy shared by the public activity pages and the console areas.
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
