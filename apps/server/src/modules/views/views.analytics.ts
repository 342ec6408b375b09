import { type ConsoleViewAnalytics, viewAnalyticsTypes } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { findLiveDocument } from '../documents/documents.repository.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { findNewsInMeeting } from '../news/news.repository.ts';
import { findPageById } from '../pages/pages.repository.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { countPendingRows, findAnalytics } from './views.repository.ts';
import { recordGenericView, recordView, type Viewer } from './views.service.ts';

type Actor = Viewer & { sourceId: string | null };

/**
 * POST /meetings/{id}/cover/show, /cover/views, /content/views, /attachments/views without a
 * document, PUT /meetings/{id}/covers/show_total (`count` shows at once, §9): counts a view of one of
 * the meeting's pages (target: the meeting, or the content page's id) and answers the last folded
 * total plus it.
 * @throws 404 not_found (no live meeting; nothing stored)
 */
export async function recordMeetingPageView(
  deps: { db: Database },
  input: Actor & {
    meetingId: string;
    type: 'cover_show' | 'cover_view' | 'meeting_attachments' | 'content';
    targetId?: string | undefined;
    count?: number;
  },
): Promise<{ views_total: number }> {
  const meeting = await findLiveMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  return recordGenericView(deps, {
    targetType: input.type,
    targetId: input.targetId ?? input.meetingId,
    meetingId: input.meetingId,
    userId: input.userId,
    deviceId: input.deviceId,
    sourceId: input.sourceId,
    count: input.count ?? 1,
  });
}

/**
 * POST /meetings/{id}/attachments/views with attachment_id: counts a view of one document of the
 * meeting (its views_total, the viewer's footprint).
 * @throws 404 not_found (no such live document in this meeting; nothing stored)
 */
export async function recordDocumentView(
  deps: { db: Database },
  input: Actor & { meetingId: string; attachmentId: string },
): Promise<{ views_total: number }> {
  const document = await findLiveDocument(deps.db, input.attachmentId);
  if (!document || document.meetingId !== input.meetingId) throw notFound('Attachment');
  await recordView(deps, {
    targetType: 'attachment',
    targetId: document.id,
    meetingId: document.meetingId,
    userId: input.userId,
    deviceId: input.deviceId,
    sourceId: input.sourceId,
  });
  return { views_total: Number(document.viewsTotal) + 1 };
}

/**
 * POST /meetings/{id}/content/views with content_id: counts a view of one live content page of the
 * meeting (§2 introduction, branch, contact, conference), in view_totals under the page's id.
 * @throws 404 not_found (no live meeting, or no such live page in it; nothing stored)
 */
export async function recordContentPageView(
  deps: { db: Database },
  input: Actor & { meetingId: string; pageId: string },
): Promise<{ views_total: number }> {
  const page = await findPageById(deps.db, input.pageId);
  if (!page || page.deleted === 1 || page.meetingId !== input.meetingId) throw notFound('Page');
  return recordMeetingPageView(deps, { ...input, type: 'content', targetId: page.id });
}

/**
 * POST /meetings/{id}/content/views with news_id: counts a read of one published news item of the
 * meeting (its views_total, the reader's footprint).
 * @throws 404 not_found (no such published, not deleted item in this meeting; nothing stored)
 */
export async function recordNewsView(
  deps: { db: Database },
  input: Actor & { meetingId: string; newsId: string },
): Promise<{ views_total: number }> {
  const item = await findNewsInMeeting(deps.db, input.meetingId, input.newsId);
  if (item?.status !== 'published') throw notFound('News');
  await recordView(deps, {
    targetType: 'news',
    targetId: item.id,
    meetingId: item.meetingId,
    userId: input.userId,
    deviceId: input.deviceId,
    sourceId: input.sourceId,
  });
  return { views_total: Number(item.viewsTotal) + 1 };
}

/**
 * GET /console/meetings/{meeting_id}/views (DESIGN §7): per counted kind, the meeting's folded total
 * and its `limit` most viewed items, and how many views wait for the fold.
 * @throws 403 no_permission (dashboard.read)
 */
export async function getViewAnalytics(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; limit: number },
): Promise<ConsoleViewAnalytics> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'dashboard.read' });
  const groups = [];
  for (const type of viewAnalyticsTypes) {
    const { total, top } = await findAnalytics(deps.db, {
      meetingId: input.meetingId,
      type,
      limit: input.limit,
    });
    groups.push({ type, total, top: top.map((row) => ({ ...row, title: row.title ?? '' })) });
  }
  return { groups, pending: await countPendingRows(deps.db) };
}
