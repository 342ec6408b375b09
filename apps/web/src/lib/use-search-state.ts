import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query parameter as page state (day, filters, keyword): kept in the address so back, reload and
 * shared links show the same view; changes replace the history entry.
 */
export function useSearchState(name: string): [string | undefined, (value: string | undefined) => void] {
  const [search, setSearch] = useSearchParams();
  const value = search.get(name) ?? undefined;
  const setValue = useCallback(
    (next: string | undefined) => {
      setSearch(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === undefined || next === '') updated.delete(name);
          else updated.set(name, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [name, setSearch],
  );
  return [value, setValue];
}
