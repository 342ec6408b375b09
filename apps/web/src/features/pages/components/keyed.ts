/**
 * Pairs items with stable React keys made from their content (`keyOf`), a counter added to repeats:
 * organisers' lists (slides, buttons) have no ids, and index keys would remount items on reorder.
 */
export function keyed<T>(items: readonly T[], keyOf: (item: T) => string): [string, T][] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return [`${count}:${base}`, item];
  });
}
