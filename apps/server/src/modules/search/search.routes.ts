import {
  clearRecentSearchKeywords as clearRecentContract,
  getConsoleSearch as getConsoleSearchContract,
  listHotSearchKeywords as listHotContract,
  listRecentSearchKeywords as listRecentContract,
  rebuildConsoleSearch as rebuildConsoleSearchContract,
  recordSearchKeyword as recordKeywordContract,
  searchMeeting as searchMeetingContract,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { type LimitRule, useRateLimits } from '../../plugins/rate-limit.ts';
import { createSearchCache } from './search.cache.ts';
import {
  clearRecent,
  drainSearchIndex,
  drainSearchJob,
  getSearchOverview,
  listHotKeywords,
  listRecentKeywords,
  rebuildSearchJob,
  recordKeyword,
  requestRebuild,
  runRebuildJob,
  searchMeeting,
} from './search.service.ts';

/** Searches per client address: a person types a few a second at most; a scraper is slowed down. */
const searchLimit: LimitRule = { name: 'search', points: 120, durationSeconds: 60 };

/**
 * The meeting search (GET /meeting/search, §2), the search-keyword log (POST /search_keywords, GET
 * /search_keywords/recent and /hot, DELETE /search_keywords/recent; §7) and the console's search
 * screen (GET /console/meetings/{meeting_id}/search, POST …/search/rebuild); workers of the
 * `search-drain` and `search-rebuild` jobs. Meeting content rules (guests of closed meetings get 401,
 * a session of another meeting 403) apply through `isGuestViewable`, as on every content list.
 */
export function searchRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const cache = createSearchCache(config.SEARCH_CACHE_ENTRIES);
  const limits = useRateLimits(app);
  const limited = (request: FastifyRequest) => limits.consumeAll([{ rule: searchLimit, key: request.ip }]);
  const owner = (request: FastifyRequest) => ({
    userId: request.actor.userId,
    deviceId: request.actor.deviceId,
  });

  app.route({
    ...contractRoute(searchMeetingContract),
    config: { isGuestViewable: true },
    handler: async (request) => {
      await limited(request);
      const { meeting_id, keyword, type, limit, skip } = request.query;
      return {
        results: await searchMeeting(
          { db, jobs, cache },
          { meetingId: meeting_id, keyword, type, limit, skip },
        ),
      };
    },
  });
  app.route({
    ...contractRoute(recordKeywordContract),
    config: { isGuestViewable: true },
    handler: async (request) => {
      await limited(request);
      const { meeting_id, keyword, user_id } = request.body;
      return recordKeyword(
        { db, jobs, cache },
        { meetingId: meeting_id, keyword, bodyUserId: user_id, ...owner(request) },
      );
    },
  });
  app.route({
    ...contractRoute(listRecentContract),
    config: { isGuestViewable: true },
    handler: async (request) => ({
      results: await listRecentKeywords(
        { db },
        { meetingId: request.query.meeting_id, bodyUserId: request.query.user_id, ...owner(request) },
      ),
    }),
  });
  app.route({
    ...contractRoute(clearRecentContract),
    config: { isGuestViewable: true },
    handler: async (request) =>
      clearRecent(
        { db },
        {
          meetingId: request.query.meeting_id,
          bodyUserId: request.query.user_id,
          keyword: request.query.keyword,
          ...owner(request),
        },
      ),
  });
  app.route({
    ...contractRoute(listHotContract),
    config: { isGuestViewable: true },
    handler: async (request) => ({
      results: await listHotKeywords({ db }, { meetingId: request.query.meeting_id }),
    }),
  });

  const consoleDeps = { db, config };
  app.route({
    ...contractRoute(getConsoleSearchContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getSearchOverview(consoleDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
      }),
  });
  app.route({
    ...contractRoute(rebuildConsoleSearchContract),
    config: { auth: 'required' },
    handler: async (request) =>
      requestRebuild(
        { ...consoleDeps, jobs },
        { userId: requireUserId(request), meetingId: request.params.meeting_id },
      ),
  });

  jobs.work(drainSearchJob, () => drainSearchIndex({ db }));
  jobs.work(rebuildSearchJob, (data) => runRebuildJob({ db }, data));
}
