/**
 * The audit log's before → after as a readable diff (DESIGN §7): the top-level keys whose values
 * differ (compared as JSON, missing = null), in the order they first appear; a created row (before
 * null) lists every key of after that has a value, a deleted one (after null) every key of before.
 */
export function changedKeys(before: unknown, after: unknown): string[] {
  const record = (value: unknown): Record<string, unknown> =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const a = record(before);
  const b = record(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  // A key that is null on one side and missing on the other did not change (a created row's nulls).
  return keys.filter((key) => JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null));
}

/** A value as one short line: text as is, null/undefined as '', anything else as JSON (cut at 120). */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
