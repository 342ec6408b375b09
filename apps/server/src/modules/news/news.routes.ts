import {
  createConsoleNews,
  createConsoleNewsCategory,
  deleteConsoleNews,
  deleteConsoleNewsCategory,
  getConsoleNews as getConsoleNewsContract,
  listConsoleNewsCategories,
  listConsoleNews as listConsoleNewsContract,
  listNews as listNewsContract,
  setConsoleNewsStatus,
  updateConsoleNews,
  updateConsoleNewsCategory,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  createNews,
  createNewsCategory,
  deleteNews,
  deleteNewsCategory,
  getConsoleNews,
  listConsoleNews,
  listNews,
  listNewsCategories,
  publishNewsJob,
  runPublishNewsJob,
  setNewsStatus,
  updateNews,
  updateNewsCategoryOf,
} from './news.service.ts';

/**
 * News (§3 News, §7 GET /news): the public list and detail (cached like other public reads; every
 * console write clears the cache), the console's news area under /console/meetings/{meeting_id}
 * (items, states, categories; DESIGN §7) and the worker of the scheduled-publication job.
 */
export function newsRoutes(app: App): void {
  const { db, config, jobs, cache } = app.deps;
  const deps = { db, config };
  const writeDeps = { db, config, jobs, cache };
  const auth = { auth: 'required' } as const;

  jobs.work(publishNewsJob, async (data) => {
    await runPublishNewsJob({ db, cache }, data);
  });

  app.route({
    ...contractRoute(listNewsContract),
    config: { isCacheable: true, isGuestViewable: true },
    handler: async (request) => ({ results: await listNews({ db }, request.query) }),
  });

  const caller = (request: { params: { meeting_id: string } }, userId: string) => ({
    userId,
    meetingId: request.params.meeting_id,
  });

  app.route({
    ...contractRoute(listConsoleNewsContract),
    config: auth,
    handler: async (request) => listConsoleNews(deps, caller(request, requireUserId(request))),
  });
  app.route({
    ...contractRoute(getConsoleNewsContract),
    config: auth,
    handler: async (request) =>
      getConsoleNews(deps, { ...caller(request, requireUserId(request)), newsId: request.params.id }),
  });
  app.route({
    ...contractRoute(createConsoleNews),
    config: auth,
    handler: async (request) =>
      createNews(writeDeps, { ...caller(request, requireUserId(request)), body: request.body }),
  });
  app.route({
    ...contractRoute(updateConsoleNews),
    config: auth,
    handler: async (request) =>
      updateNews(writeDeps, {
        ...caller(request, requireUserId(request)),
        newsId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(setConsoleNewsStatus),
    config: auth,
    handler: async (request) =>
      setNewsStatus(writeDeps, {
        ...caller(request, requireUserId(request)),
        newsId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleNews),
    config: auth,
    handler: async (request) =>
      deleteNews(writeDeps, {
        ...caller(request, requireUserId(request)),
        newsId: request.params.id,
        version: request.query.version,
      }),
  });

  app.route({
    ...contractRoute(listConsoleNewsCategories),
    config: auth,
    handler: async (request) => listNewsCategories(deps, caller(request, requireUserId(request))),
  });
  app.route({
    ...contractRoute(createConsoleNewsCategory),
    config: auth,
    handler: async (request) =>
      createNewsCategory(writeDeps, { ...caller(request, requireUserId(request)), body: request.body }),
  });
  app.route({
    ...contractRoute(updateConsoleNewsCategory),
    config: auth,
    handler: async (request) =>
      updateNewsCategoryOf(writeDeps, {
        ...caller(request, requireUserId(request)),
        categoryId: request.params.id,
        body: request.body,
      }),
  });
  app.route({
    ...contractRoute(deleteConsoleNewsCategory),
    config: auth,
    handler: async (request) =>
      deleteNewsCategory(writeDeps, {
        ...caller(request, requireUserId(request)),
        categoryId: request.params.id,
      }),
  });
}
