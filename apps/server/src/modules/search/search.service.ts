import {
  type ConsoleSearchOverview,
  ErrorCode,
  type HotKeyword,
  type RecentKeyword,
  type SearchGroup,
  type SearchHighlight,
  type SearchHit,
  type SearchItemType,
  type SearchRebuild,
  searchItemTypes,
  searchLimits,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue, JobType } from '../jobs/jobs.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import type { SearchCache } from './search.cache.ts';
import { drainStaleItems, rebuildMeetingIndex } from './search.indexer.ts';
import {
  clearRecentKeywords,
  countDocumentsByType,
  findHotKeywords,
  findIndexVersion,
  findLiveMeetingIds,
  findRebuild,
  findRecentKeywords,
  findTermCorrections,
  insertKeyword,
  type RebuildRow,
  type SearchHitRow,
  searchDocuments,
  setRebuildProgress,
  startRebuildRow,
} from './search.repository.ts';
import { foldText, parseQuery } from './search.segment.ts';

/**
 * Use cases of the meeting search (/meeting/search, §2) and its keyword log (§7 search-keyword paths).
 * Visibility: the index holds only visible items (search.indexer.ts); meetings closed to visitors are
 * refused before the service runs, like every list of meeting content (plugins/auth, §6).
 */

type Deps = { db: Database; jobs?: JobQueue; cache?: SearchCache | undefined };

/** Closest title words a mistyped query word is searched as (search_terms). */
const correctionsPerWord = 8;

/** Stale marks a search rewrites per transaction, and how long it may keep at it before reading. */
const drainPerSearch = 500;
const drainBudgetMs = 250;

/** The job that drains stale marks in the background (after a bulk write a search left some). */
export const drainSearchJob: JobType<{ meetingId?: string }> = {
  name: 'search-drain',
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 900,
};

/** The console's full rebuild of a meeting's index. */
export const rebuildSearchJob: JobType<{ meetingId: string }> = {
  name: 'search-rebuild',
  retryLimit: 1,
  retryDelaySeconds: 10,
  retryBackoff: false,
  expireInSeconds: 3600,
};

/**
 * Brings a meeting's index up to date with every committed write before a search reads it, whichever
 * replica wrote: rewrites one batch of 500 stale items, more while 250 ms have not passed; what a bulk
 * import leaves beyond that goes to the drain job, enqueued once, and the search answers from the
 * index as it stands (an edit by hand marks a few items: the first batch takes them all).
 */
async function catchUp(deps: Deps, meetingId: string): Promise<void> {
  const started = performance.now();
  let isLeft = await drainStaleItems(deps.db, { meetingId, limit: drainPerSearch });
  while (isLeft && performance.now() - started < drainBudgetMs) {
    isLeft = await drainStaleItems(deps.db, { meetingId, limit: drainPerSearch });
  }
  if (isLeft && deps.jobs) {
    await deps.jobs.enqueue(deps.db, drainSearchJob, {}, { singletonKey: 'search-drain' });
    deps.jobs.wake(drainSearchJob);
  }
}

/** Drains every stale mark, 500 at a time (the drain job; the CLI after imports). */
export async function drainSearchIndex(deps: { db: Database }): Promise<void> {
  while (await drainStaleItems(deps.db, { limit: 500 })) {
    // keep draining
  }
}

/**
 * `npm run admin -- reindex-search [meeting id]`: rewrites the index of one meeting, or of every
 * meeting that is not deleted, then drains what was marked stale meanwhile. Answers items per meeting.
 */
export async function reindexSearch(
  deps: { db: Database },
  input: { meetingId?: string; onMeeting?: (meetingId: string, items: number) => void } = {},
): Promise<number> {
  const meetingIds = input.meetingId ? [input.meetingId] : await findLiveMeetingIds(deps.db);
  let total = 0;
  for (const meetingId of meetingIds) {
    const { items } = await rebuildMeetingIndex(deps.db, meetingId);
    input.onMeeting?.(meetingId, items);
    total += items;
  }
  await drainSearchIndex(deps);
  return total;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The folded form of `value` with a 1:1 index map to the value (each code unit folded alone), or the
 * lower-cased value when folding changes lengths.
 */
function foldedForHighlight(value: string): string {
  const folded = [...value].map((char) => {
    const one = foldText(char);
    return one.length === char.length ? one : char.toLowerCase();
  });
  const text = folded.join('');
  return text.length === value.length ? text : value.toLowerCase();
}

/**
 * Ranges of `terms` in each language of a text, merged where they overlap (UTF-16 code units of the
 * stored value), so the client marks them without HTML from the server.
 */
export function highlightsOf(
  field: SearchHighlight['field'],
  text: string | Record<string, string>,
  terms: string[],
): SearchHighlight[] {
  if (terms.length === 0) return [];
  // Longest first: an alternation takes the first alternative that matches ('robot' over 'robo').
  const alternatives = [...terms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const matcher = new RegExp(alternatives.join('|'), 'gu');
  const entries: [string, string][] = typeof text === 'string' ? [['', text]] : Object.entries(text);
  const highlights: SearchHighlight[] = [];
  for (const [lang, value] of entries) {
    const folded = foldedForHighlight(value);
    let last: SearchHighlight | undefined;
    for (const match of folded.matchAll(matcher)) {
      if (match[0].length === 0) continue;
      const start = match.index;
      const end = start + match[0].length;
      if (last && start <= last.start + last.length) {
        last.length = Math.max(last.length, end - last.start);
        continue;
      }
      last = { field, lang, start, length: end - start };
      highlights.push(last);
    }
  }
  return highlights;
}

function unixSeconds(value: Date | string | null): number | null {
  if (value === null) return null;
  return Math.floor(new Date(value).getTime() / 1000);
}

function toHit(row: SearchHitRow, terms: string[]): SearchHit {
  return {
    type: row.itemType,
    _id: { $id: row.itemId },
    parent_id: row.parentId ? { $id: row.parentId } : null,
    title: row.title,
    summary: row.summary,
    image: row.image,
    start: unixSeconds(row.startsAt),
    highlights: [...highlightsOf('title', row.title, terms), ...highlightsOf('summary', row.summary, terms)],
  };
}

/**
 * GET /meeting/search: a meeting's visible items matching `keyword`, grouped by type in
 * `searchItemTypes` order (groups without matches left out). Without `type`, 5 per group; with it,
 * `limit` (default 20) after `skip` of that group ("more"). Segmentation: search.segment.ts. With
 * `deps.cache`, an answer is kept under the meeting's index version read after the catch-up, so it is
 * answered again only while no index row of the meeting has changed (search.cache.ts).
 * @param input.keyword 1..64 characters (contract)
 */
export async function searchMeeting(
  deps: Deps,
  input: {
    meetingId: string;
    keyword: string;
    type?: SearchItemType | undefined;
    limit?: number | undefined;
    skip?: number | undefined;
  },
): Promise<SearchGroup[]> {
  const types = input.type ? [input.type] : [...searchItemTypes];
  await catchUp(deps, input.meetingId);
  const limit = input.limit ?? (input.type ? 20 : searchLimits.perGroup);
  const phrase = foldText(input.keyword).trim();
  const cacheKey = deps.cache && {
    meetingId: input.meetingId,
    version: await findIndexVersion(deps.db, input.meetingId),
    keyword: phrase,
    type: input.type,
    limit,
    skip: input.skip ?? 0,
  };
  const cached = cacheKey && deps.cache?.get(cacheKey);
  if (cached) return cached;
  const query = parseQuery(input.keyword);
  const search = (isFuzzy: boolean) =>
    inTransaction(deps.db, async (tx) =>
      searchDocuments(tx, {
        meetingId: input.meetingId,
        types,
        tsquery: query.tsquery,
        phrase,
        cjkPhrase: query.cjkPhrase,
        corrections: isFuzzy
          ? await findTermCorrections(tx, input.meetingId, query.fuzzyTerms, correctionsPerWord)
          : undefined,
        limit,
        skip: input.skip ?? 0,
      }),
    );
  // Typo tolerance is the fallback: only a keyword whose words match nothing is corrected to the
  // closest words of the meeting's titles, so 'robo' lists what starts with it and 'robtics' still
  // finds Robotics.
  let rows = await search(false);
  if (rows.length === 0 && (input.skip ?? 0) === 0 && query.fuzzyTerms.length > 0) rows = await search(true);
  const groups = new Map<SearchItemType, SearchGroup>();
  for (const row of rows) {
    const group = groups.get(row.itemType) ?? { type: row.itemType, total: row.total, items: [] };
    group.items.push(toHit(row, query.highlightTerms));
    groups.set(row.itemType, group);
  }
  const answer = searchItemTypes.flatMap((type) => {
    const group = groups.get(type);
    return group ? [group] : [];
  });
  if (cacheKey) deps.cache?.set(cacheKey, answer);
  return answer;
}

/** Whose keyword log a call reads or writes: the user, else the device id (§7), else 400. */
function keywordOwner(input: {
  userId: string | null;
  deviceId: string | null;
  bodyUserId?: string | undefined;
}): string {
  if (input.userId) return input.userId;
  const device = input.deviceId?.trim() || input.bodyUserId?.trim();
  if (!device) throw new AppError(400, ErrorCode.validation, 'device-id header or user_id is required');
  return `device:${device}`;
}

/**
 * POST /search_keywords: logs a search of the caller (§7: an anonymous caller's `user_id` is its
 * device id) with how many results it finds now (all groups) — what the console's zero-result list
 * reads. Answers the folded-space keyword and that total.
 * @throws 400 validation_failed when anonymous without a device id
 */
export async function recordKeyword(
  deps: Deps,
  input: {
    meetingId: string;
    keyword: string;
    userId: string | null;
    deviceId: string | null;
    bodyUserId?: string | undefined;
  },
): Promise<{ keyword: string; result_total: number }> {
  const owner = keywordOwner(input);
  const keyword = input.keyword.trim().replace(/\s+/gu, ' ');
  const groups = await searchMeeting(deps, { meetingId: input.meetingId, keyword, limit: 1 });
  const total = groups.reduce((sum, group) => sum + group.total, 0);
  await insertKeyword(deps.db, {
    id: newId(),
    meetingId: input.meetingId,
    userId: owner,
    keyword,
    resultTotal: total,
  });
  return { keyword, result_total: total };
}

/** GET /search_keywords/recent: the caller's latest distinct keywords, newest first (at most 10). */
export async function listRecentKeywords(
  deps: Deps,
  input: {
    meetingId: string;
    userId: string | null;
    deviceId: string | null;
    bodyUserId?: string | undefined;
  },
): Promise<RecentKeyword[]> {
  const owner = keywordOwner(input);
  const rows = await findRecentKeywords(deps.db, {
    meetingId: input.meetingId,
    userId: owner,
    limit: searchLimits.recent,
  });
  return rows.map((row) => ({ keyword: row.keyword, searched_at: unixSeconds(row.searchedAt) ?? 0 }));
}

/** DELETE /search_keywords/recent: hides one keyword (or all) from the caller's recent list. */
export async function clearRecent(
  deps: Deps,
  input: {
    meetingId: string;
    userId: string | null;
    deviceId: string | null;
    bodyUserId?: string | undefined;
    keyword?: string | undefined;
  },
): Promise<{ deleted: number }> {
  const owner = keywordOwner(input);
  const deleted = await clearRecentKeywords(deps.db, {
    meetingId: input.meetingId,
    userId: owner,
    keyword: input.keyword?.trim().replace(/\s+/gu, ' ') ?? null,
  });
  return { deleted };
}

const weekMs = 7 * 24 * 3600 * 1000;

/** GET /search_keywords/hot: the meeting's most searched keywords with results, last 7 days (at most 10). */
export async function listHotKeywords(deps: Deps, input: { meetingId: string }): Promise<HotKeyword[]> {
  const rows = await findHotKeywords(deps.db, {
    meetingId: input.meetingId,
    since: new Date(Date.now() - weekMs),
    limit: searchLimits.hot,
  });
  return rows.map((row) => ({ keyword: row.keyword, searches: row.searches }));
}

function toWireRebuild(row: RebuildRow): SearchRebuild {
  return {
    status: row.status,
    done: row.done,
    total: row.total,
    error: row.error,
    started_at: unixSeconds(row.startedAt) ?? 0,
    updated_at: unixSeconds(row.updatedAt) ?? 0,
  };
}

/**
 * GET /console/meetings/{meeting_id}/search: hot keywords and keywords whose last search found
 * nothing (last 7 days, 20 each), index rows per type, the last rebuild.
 * @throws 403 no_permission (dashboard.read)
 */
export async function getSearchOverview(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<ConsoleSearchOverview> {
  await requireCan(deps, { ...input, action: 'dashboard.read' });
  const since = new Date(Date.now() - weekMs);
  const hot = await findHotKeywords(deps.db, { meetingId: input.meetingId, since, limit: 20 });
  const zero = await findHotKeywords(deps.db, {
    meetingId: input.meetingId,
    since,
    limit: 20,
    zeroResults: true,
  });
  const documents = await countDocumentsByType(deps.db, input.meetingId);
  const rebuild = await findRebuild(deps.db, input.meetingId);
  const wire = (row: (typeof hot)[number]) => ({
    keyword: row.keyword,
    searches: row.searches,
    searchers: row.searchers,
    last_total: row.lastTotal,
  });
  return {
    hot: hot.map(wire),
    zero_results: zero.map(wire),
    documents,
    rebuild: rebuild ? toWireRebuild(rebuild) : null,
  };
}

/**
 * POST /console/meetings/{meeting_id}/search/rebuild: queues a full rebuild (job `search-rebuild`) in
 * the transaction that records it as queued; a rebuild already queued or running is answered as is.
 * @throws 403 no_permission (meeting.update)
 */
export async function requestRebuild(
  deps: RolesDeps & { jobs: JobQueue },
  input: { userId: string; meetingId: string },
): Promise<SearchRebuild> {
  await requireCan(deps, { ...input, action: 'meeting.update' });
  const isQueued = await inTransaction(deps.db, async (tx) => {
    const isStarted = await startRebuildRow(tx, input.meetingId);
    if (isStarted) await deps.jobs.enqueue(tx, rebuildSearchJob, { meetingId: input.meetingId });
    return isStarted;
  });
  if (isQueued) deps.jobs.wake(rebuildSearchJob);
  const row = await findRebuild(deps.db, input.meetingId);
  if (!row) throw new AppError(500, ErrorCode.internal, 'rebuild record missing');
  return toWireRebuild(row);
}

/** The `search-rebuild` job: rewrites the meeting's index, recording progress after each batch. */
export async function runRebuildJob(deps: { db: Database }, data: { meetingId: string }): Promise<void> {
  await setRebuildProgress(deps.db, data.meetingId, { status: 'running' });
  try {
    await rebuildMeetingIndex(deps.db, data.meetingId, {
      onProgress: (done, total) =>
        setRebuildProgress(deps.db, data.meetingId, { status: 'running', done, total }),
    });
    const row = await findRebuild(deps.db, data.meetingId);
    await setRebuildProgress(deps.db, data.meetingId, { status: 'done', done: row?.total ?? 0 });
  } catch (error) {
    await setRebuildProgress(deps.db, data.meetingId, {
      status: 'failed',
      error: error instanceof Error ? error.message.slice(0, 500) : String(error),
    });
    throw error;
  }
}
