import type { SearchGroup, SearchItemType } from '@app/contracts';
import { LRUCache } from 'lru-cache';

/**
 * Meeting search answers (/meeting/search, §2) kept in one server process. An answer is stored under
 * the meeting's index version read before the search ran (search_index_versions): every rewrite of
 * the meeting's index rows moves that version on in the same transaction, so a later search — on this
 * replica or any other — reads the new version and never finds the old answer. Hot keywords of a busy
 * meeting are then answered without reading ten thousand matches again.
 */
export type SearchCache = {
  get(key: SearchCacheKey): SearchGroup[] | undefined;
  set(key: SearchCacheKey, groups: SearchGroup[]): void;
};

/** What an answer depends on: the meeting and its index version, the folded keyword, the page. */
export type SearchCacheKey = {
  meetingId: string;
  version: number;
  keyword: string;
  type: SearchItemType | undefined;
  limit: number;
  skip: number;
};

/** Bytes of answers kept at most (sizes counted as JSON characters). */
const maxBytes = 32 * 1024 * 1024;

/**
 * A least-recently-used cache of at most `maxEntries` answers and 32 MiB; undefined when
 * `maxEntries` is 0 (SEARCH_CACHE_ENTRIES=0: every search reads the index).
 */
export function createSearchCache(maxEntries: number): SearchCache | undefined {
  if (maxEntries <= 0) return undefined;
  const lru = new LRUCache<string, SearchGroup[]>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (groups) => JSON.stringify(groups).length || 1,
  });
  const keyOf = (key: SearchCacheKey) =>
    JSON.stringify([key.meetingId, key.version, key.keyword, key.type ?? '', key.limit, key.skip]);
  return {
    get: (key) => lru.get(keyOf(key)),
    set: (key, groups) => {
      lru.set(keyOf(key), groups);
    },
  };
}
