import {
  clearFootprints,
  deleteFootprint,
  flushCoverShows,
  getConsoleViewAnalytics,
  listFootprints,
  recordContentView,
  recordCoverShow,
  recordCoverView,
  recordMeetingAttachmentView,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import {
  getViewAnalytics,
  recordContentPageView,
  recordDocumentView,
  recordMeetingPageView,
  recordNewsView,
} from './views.analytics.ts';
import {
  clearViewerFootprints,
  deleteViewerFootprint,
  listViewerFootprints,
  type Viewer,
} from './views.service.ts';

/** The viewer of a request: the session's user, else the device-id header. */
function viewerOf(request: FastifyRequest): Viewer {
  return { userId: request.actor.userId, deviceId: request.actor.deviceId };
}

/** Who caused a counted view: the viewer and the body's stored source (§7). */
function actorOf(request: FastifyRequest, body: { source_id?: string | undefined } | undefined) {
  return { ...viewerOf(request), sourceId: body?.source_id || null };
}

/**
 * §7 Meetings: POST /meetings/{id}/cover/show, /cover/views, /attachments/views, /content/views and
 * PUT /meetings/{id}/covers/show_total (§9 show-total flush); §7 Exhibitors: GET, DELETE /logs and
 * DELETE /logs/{id} (footprints, the caller's own only); the console's view analytics (DESIGN §7).
 * Every count is one inserted row folded by the views job (views.jobs.ts).
 */
export function viewRoutes(app: App): void {
  const { db, config } = app.deps;
  app.route({
    ...contractRoute(recordCoverShow),
    handler: async (request) =>
      recordMeetingPageView(
        { db },
        { ...actorOf(request, request.body), meetingId: request.params.id, type: 'cover_show' },
      ),
  });
  app.route({
    ...contractRoute(recordCoverView),
    handler: async (request) =>
      recordMeetingPageView(
        { db },
        { ...actorOf(request, request.body), meetingId: request.params.id, type: 'cover_view' },
      ),
  });
  app.route({
    ...contractRoute(flushCoverShows),
    handler: async (request) =>
      recordMeetingPageView(
        { db },
        {
          ...actorOf(request, request.body),
          meetingId: request.params.id,
          type: 'cover_show',
          count: request.body.show_total,
        },
      ),
  });
  app.route({
    ...contractRoute(recordMeetingAttachmentView),
    handler: async (request) =>
      request.body?.attachment_id
        ? recordDocumentView(
            { db },
            {
              ...actorOf(request, request.body),
              meetingId: request.params.id,
              attachmentId: request.body.attachment_id,
            },
          )
        : recordMeetingPageView(
            { db },
            { ...actorOf(request, request.body), meetingId: request.params.id, type: 'meeting_attachments' },
          ),
  });
  app.route({
    ...contractRoute(recordContentView),
    handler: async (request) =>
      request.body?.news_id
        ? recordNewsView(
            { db },
            { ...actorOf(request, request.body), meetingId: request.params.id, newsId: request.body.news_id },
          )
        : request.body?.content_id
          ? recordContentPageView(
              { db },
              {
                ...actorOf(request, request.body),
                meetingId: request.params.id,
                pageId: request.body.content_id,
              },
            )
          : recordMeetingPageView(
              { db },
              { ...actorOf(request, request.body), meetingId: request.params.id, type: 'content' },
            ),
  });

  app.route({
    ...contractRoute(listFootprints),
    handler: async (request) => ({
      results: await listViewerFootprints(
        { db },
        {
          ...viewerOf(request),
          meetingId: request.query.meeting_id,
          limit: request.query.limit,
          skip: request.query.skip,
        },
      ),
    }),
  });
  app.route({
    ...contractRoute(deleteFootprint),
    handler: async (request) =>
      deleteViewerFootprint({ db }, { ...viewerOf(request), id: request.params.id }),
  });
  app.route({
    ...contractRoute(clearFootprints),
    handler: async (request) =>
      clearViewerFootprints({ db }, { ...viewerOf(request), meetingId: request.query.meeting_id }),
  });

  app.route({
    ...contractRoute(getConsoleViewAnalytics),
    config: { auth: 'required' },
    handler: async (request) =>
      getViewAnalytics(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id, limit: request.query.limit },
      ),
  });
}
