/**
 * The fields of a form that are longer than their limit (textLimits of @app/contracts, the numbers
 * the request contracts enforce on the server, §5): field → its limit in characters; empty when none
 * is. `maxLength` keeps typing within the limit; this catches a value that arrived longer (stored
 * before the limit existed) so the form says so instead of the server. The zod contracts themselves
 * stay out of the web bundle; text-limits.test.ts checks that both agree.
 */
export function tooLongFields<K extends string>(
  values: Record<K, string>,
  limits: Partial<Record<K, number>>,
): Partial<Record<K, number>> {
  const found: Partial<Record<K, number>> = {};
  for (const field of Object.keys(limits) as K[]) {
    const max = limits[field];
    if (max !== undefined && values[field].length > max) found[field] = max;
  }
  return found;
}
