import {
  type ConsoleNewsCategory,
  type ConsoleNewsCategoryBody,
  type ConsoleNewsDetail,
  ConsoleNewsError,
  type ConsoleNewsFields,
  type ConsoleNewsSummary,
  ErrorCode,
  type ListParams,
  type LocalizedText,
  type NewsItem,
  newsQuerySpec,
  reorderById,
  type SetConsoleNewsStatusBody,
  toWireId,
  type UpdateConsoleNewsBody,
} from '@app/contracts';
import { enabledLanguages } from '@app/domain';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { unix, wireIdOrNull } from '../../db/wire.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import type { JobQueue, JobType } from '../jobs/jobs.service.ts';
import { findMeetingById } from '../meetings/meetings.repository.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { sanitizeRichText, toRichTextWire } from '../shared/rich-text.ts';
import { parseScopedQuery } from '../shared/scoped-list-query.ts';
import {
  existingNewsCategoryIds,
  findConsoleNews,
  findNewsCategories,
  findNewsCategory,
  findNewsInMeeting,
  findPublicNews,
  insertNews,
  insertNewsCategory,
  type NewsCategoryRow,
  type NewsField,
  type NewsPatch,
  type NewsRow,
  type PublicNewsRow,
  publishIfScheduled,
  updateNewsCategory,
  updateNewsIfVersion,
} from './news.repository.ts';

/** What the public calls use. */
type Deps = { db: Database };
/** What the console calls use: the role check's deps, the queue and the public response cache. */
export type NewsConsoleDeps = RolesDeps & { jobs: Pick<JobQueue, 'enqueue'>; cache: { clear: () => void } };
type Caller = { userId: string; meetingId: string };

const action = 'news.edit';

// ————— Public (§7 GET /news) —————

/** Whether the public may see an item: published and not deleted. */
function isVisible(row: NewsRow): boolean {
  return row.deleted === 0 && row.status === 'published';
}

/** A language map of sanitised HTML as RichTextWire values (§5). */
function contentWire(content: Record<string, string>): Record<string, ReturnType<typeof toRichTextWire>> {
  return Object.fromEntries(Object.entries(content).map(([lang, html]) => [lang, toRichTextWire(html)]));
}

/** A public row in wire form; an invisible one (asked for by id) as an empty `deleted: 1` stub. */
function toWireNewsItem(row: PublicNewsRow, withContent: boolean): NewsItem {
  const { item } = row;
  const base = {
    _id: toWireId(item.id),
    meeting_id: toWireId(item.meetingId),
    meeting:
      row.meetingTitle === null
        ? null
        : { _id: toWireId(item.meetingId), title: row.meetingTitle as LocalizedText },
    weight: item.weight,
  };
  if (!isVisible(item)) {
    return {
      ...base,
      category_id: null,
      category: null,
      title: '',
      summary: '',
      cover: '',
      author: '',
      published_at: null,
      views_total: 0,
      deleted: 1,
      ...(withContent ? { content: {} } : {}),
    };
  }
  const hasCategory = item.categoryId !== null && row.categoryTitle !== null && row.categoryDeleted === 0;
  return {
    ...base,
    category_id: wireIdOrNull(item.categoryId),
    category:
      hasCategory && item.categoryId
        ? { _id: toWireId(item.categoryId), title: row.categoryTitle as LocalizedText }
        : null,
    title: item.title,
    summary: item.summary,
    cover: item.cover,
    author: item.author,
    published_at: item.publishedAt ? unix(item.publishedAt) : null,
    views_total: item.viewsTotal,
    deleted: 0,
    ...(withContent ? { content: contentWire(item.content) } : {}),
  };
}

/**
 * GET /news (§7 Content; §2 /meeting/news, /news, /meeting/news/detail): a meeting's published,
 * not deleted news, heaviest then newest first, filterable by category_id. With `_id` in the query
 * (the detail page) each item carries its `content` per language as a RichTextWire (§5), and an
 * item the public may not see (deleted, unpublished, not yet published) answers as an empty
 * `deleted: 1` stub so the client shows /204 (§2).
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required
 */
export async function listNews(
  deps: Deps,
  input: ListParams & { meeting_id?: string | undefined },
): Promise<NewsItem[]> {
  const query = parseScopedQuery<NewsField>(newsQuerySpec, input);
  const withContent = query.conditions.some((condition) => condition.field === '_id');
  const rows = await findPublicNews(deps.db, query);
  return reorderById(
    rows.map((row) => toWireNewsItem(row, withContent)),
    query.idOrder,
    (item) => item._id.$id,
  );
}

// ————— Scheduled publication (a job on the queue, DESIGN §9) —————

/** The data of a scheduled publication: the item and the instant it was scheduled for (epoch ms). */
export type PublishNewsData = { newsId: string; publishAtMs: number };

/**
 * The job that publishes a scheduled news item at its `publish_at` (enqueued with `startAfter` in
 * the transaction that schedules it). Repeatable: it publishes only an item still scheduled for
 * that very instant, so a rescheduled (a newer job exists), unpublished, deleted or already
 * published item is left alone, and a second delivery does nothing.
 */
export const publishNewsJob: JobType<PublishNewsData> = {
  name: 'news-publish-scheduled',
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

/**
 * Runs one publication job (see publishNewsJob). Clears the public response cache when it
 * published, so the list shows the item at once.
 * @returns whether the item was published by this run
 */
export async function runPublishNewsJob(
  deps: { db: Database; cache: { clear: () => void } },
  data: PublishNewsData,
): Promise<boolean> {
  const row = await publishIfScheduled(deps.db, { id: data.newsId, publishAt: new Date(data.publishAtMs) });
  if (row) deps.cache.clear();
  return row !== undefined;
}

// ————— Console (DESIGN §7) —————

/** Languages whose text in a map is not empty. */
function filledLanguages(map: Record<string, string>): string[] {
  return Object.entries(map)
    .filter(([, text]) => text.trim() !== '')
    .map(([lang]) => lang);
}

function toWireSummary(row: NewsRow): ConsoleNewsSummary {
  return {
    _id: toWireId(row.id),
    title: row.title,
    cover: row.cover,
    category_id: wireIdOrNull(row.categoryId),
    status: row.status,
    publish_at: row.publishAt ? unix(row.publishAt) : null,
    published_at: row.publishedAt ? unix(row.publishedAt) : null,
    weight: row.weight,
    views_total: row.viewsTotal,
    version: row.version,
    languages: filledLanguages(row.content),
    updated: unix(row.updatedAt),
  };
}

function toWireDetail(row: NewsRow): ConsoleNewsDetail {
  return {
    ...toWireSummary(row),
    summary: row.summary,
    author: row.author,
    content: contentWire(row.content),
  };
}

/** What the audit log keeps of an item: everything but the bodies (their lengths instead). */
function auditView(row: NewsRow) {
  return {
    title: row.title,
    summary: row.summary,
    content_lengths: Object.fromEntries(
      Object.entries(row.content).map(([lang, html]) => [lang, html.length]),
    ),
    cover: row.cover,
    author: row.author,
    category_id: row.categoryId,
    status: row.status,
    publish_at: row.publishAt?.toISOString() ?? null,
    published_at: row.publishedAt?.toISOString() ?? null,
    weight: row.weight,
    version: row.version,
    deleted: row.deleted,
  };
}

/** The language codes a localized value names (none for a plain string). */
function languagesOf(value: unknown): string[] {
  return value !== null && typeof value === 'object' ? Object.keys(value) : [];
}

/**
 * Checks and normalises the editable fields: texts only in the meeting's enabled languages,
 * bodies sanitised (§5: unsafe HTML stripped before storing, never stored), the category a news
 * category of the meeting.
 * @throws 400 news.language_not_enabled / news.category_invalid; 404 not_found (no meeting)
 */
async function fieldsPatch(deps: Deps, meetingId: string, body: ConsoleNewsFields): Promise<NewsPatch> {
  const meeting = await findMeetingById(deps.db, meetingId);
  if (!meeting) throw notFound('Meeting');
  const enabled: string[] = enabledLanguages(meeting.config.language);
  const named = [...languagesOf(body.title), ...languagesOf(body.summary), ...languagesOf(body.content)];
  const stranger = named.find((lang) => !enabled.includes(lang));
  if (stranger) {
    throw badRequest(
      ConsoleNewsError.languageNotEnabled,
      `language ${stranger} is not enabled in this meeting`,
    );
  }
  if (body.category_id) {
    const found = await existingNewsCategoryIds(deps.db, meetingId, [body.category_id]);
    if (found.length === 0)
      throw badRequest(ConsoleNewsError.categoryInvalid, 'not a news category of this meeting');
  }
  return {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.summary !== undefined ? { summary: body.summary } : {}),
    ...(body.content !== undefined
      ? {
          content: Object.fromEntries(
            Object.entries(body.content).map(([lang, html]) => [lang, sanitizeRichText(html)]),
          ),
        }
      : {}),
    ...(body.cover !== undefined ? { cover: body.cover.trim() } : {}),
    ...(body.author !== undefined ? { author: body.author.trim() } : {}),
    ...(body.category_id !== undefined ? { categoryId: body.category_id || null } : {}),
    ...(body.weight !== undefined ? { weight: body.weight } : {}),
  };
}

/** The 409 of a write over a newer version (someone saved meanwhile). */
const staleVersion = () =>
  new AppError(409, ErrorCode.staleWrite, 'This news item was changed by someone else meanwhile; reload it');

/**
 * Runs a versioned update of an item inside auditedWrite.
 * @throws 404 not_found; 409 conflict.stale
 */
async function versionedWrite(
  deps: NewsConsoleDeps,
  input: Caller & { newsId: string; version: number },
  patch: NewsPatch,
  afterWrite?: (tx: Database, row: NewsRow) => Promise<void>,
): Promise<NewsRow> {
  const before = await findNewsInMeeting(deps.db, input.meetingId, input.newsId);
  if (!before) throw notFound('News');
  const row = await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'news', entityId: input.newsId },
    async (tx) => {
      const after = await updateNewsIfVersion(
        tx,
        { meetingId: input.meetingId, id: input.newsId, version: input.version },
        patch,
      );
      if (!after) throw staleVersion();
      await afterWrite?.(tx, after);
      return { result: after, before: auditView(before), after: auditView(after) };
    },
  );
  deps.cache.clear();
  return row;
}

/**
 * GET /console/meetings/{meeting_id}/news: the meeting's items (not deleted), newest change first,
 * and its enabled languages (the editor's tabs, §5 language rule).
 * @throws 403 no_permission; 404 not_found (no meeting)
 */
export async function listConsoleNews(
  deps: RolesDeps,
  input: Caller,
): Promise<{ items: ConsoleNewsSummary[]; languages: string[] }> {
  await requireCan(deps, { ...input, action });
  const meeting = await findMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  return {
    items: (await findConsoleNews(deps.db, input.meetingId)).map(toWireSummary),
    languages: enabledLanguages(meeting.config.language),
  };
}

/**
 * GET /console/meetings/{meeting_id}/news/{id}: one item with its bodies (RichTextWire, §5).
 * @throws 403 no_permission; 404 not_found
 */
export async function getConsoleNews(
  deps: RolesDeps,
  input: Caller & { newsId: string },
): Promise<ConsoleNewsDetail> {
  await requireCan(deps, { ...input, action });
  const row = await findNewsInMeeting(deps.db, input.meetingId, input.newsId);
  if (!row) throw notFound('News');
  return toWireDetail(row);
}

/**
 * POST /console/meetings/{meeting_id}/news: a new draft with the given fields (bodies sanitised).
 * @throws 400 validation_failed / news.language_not_enabled / news.category_invalid; 403 no_permission
 */
export async function createNews(
  deps: NewsConsoleDeps,
  input: Caller & { body: ConsoleNewsFields },
): Promise<ConsoleNewsDetail> {
  await requireCan(deps, { ...input, action });
  const patch = await fieldsPatch(deps, input.meetingId, input.body);
  const id = newId();
  const row = await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'news', entityId: id },
    async (tx) => {
      await insertNews(tx, {
        id,
        meetingId: input.meetingId,
        createdBy: input.userId,
        status: 'draft',
        ...patch,
      });
      const created = await findNewsInMeeting(tx, input.meetingId, id);
      if (!created) throw notFound('News');
      return { result: created, before: null, after: auditView(created) };
    },
  );
  return toWireDetail(row);
}

/**
 * PUT /console/meetings/{meeting_id}/news/{id}: saves the fields of an item read at `version`;
 * its state is kept (a published item changes for visitors at once).
 * @throws 400 as createNews; 403 no_permission; 404 not_found; 409 conflict.stale
 */
export async function updateNews(
  deps: NewsConsoleDeps,
  input: Caller & { newsId: string; body: UpdateConsoleNewsBody },
): Promise<ConsoleNewsDetail> {
  await requireCan(deps, { ...input, action });
  const { version, ...fields } = input.body;
  const patch = await fieldsPatch(deps, input.meetingId, fields);
  return toWireDetail(await versionedWrite(deps, { ...input, version }, patch));
}

/** Whether a localized title has text in some language. */
function hasTitle(title: LocalizedText): boolean {
  return typeof title === 'string'
    ? title.trim() !== ''
    : Object.values(title).some((text) => text.trim() !== '');
}

/**
 * POST /console/meetings/{meeting_id}/news/{id}/status: `published` publishes now; `scheduled`
 * stores `publish_at` and enqueues the publication job in the same transaction (startAfter =
 * publish_at); `draft` unpublishes (and cancels a schedule: the job finds it not scheduled).
 * @throws 400 news.publish_at_invalid (missing or not in the future) / news.title_required;
 *   403 no_permission; 404 not_found; 409 conflict.stale
 */
export async function setNewsStatus(
  deps: NewsConsoleDeps,
  input: Caller & { newsId: string; body: SetConsoleNewsStatusBody; now?: Date },
): Promise<ConsoleNewsDetail> {
  await requireCan(deps, { ...input, action });
  const { status, version } = input.body;
  const now = input.now ?? new Date();
  const current = await findNewsInMeeting(deps.db, input.meetingId, input.newsId);
  if (!current) throw notFound('News');
  if (status !== 'draft' && !hasTitle(current.title)) {
    throw badRequest(ConsoleNewsError.titleRequired, 'a news item needs a title before it is published');
  }
  if (status === 'published') {
    const row = await versionedWrite(
      deps,
      { ...input, version },
      { status, publishedAt: now, publishAt: null },
    );
    return toWireDetail(row);
  }
  if (status === 'draft') {
    const row = await versionedWrite(
      deps,
      { ...input, version },
      { status, publishAt: null, publishedAt: null },
    );
    return toWireDetail(row);
  }
  const seconds = input.body.publish_at;
  if (seconds === undefined || seconds * 1000 <= now.getTime()) {
    throw badRequest(
      ConsoleNewsError.publishAtInvalid,
      'publish_at must be a time in the future (unix seconds)',
    );
  }
  const publishAt = new Date(seconds * 1000);
  const row = await versionedWrite(
    deps,
    { ...input, version },
    { status, publishAt, publishedAt: null },
    async (tx, after) => {
      await deps.jobs.enqueue(
        tx,
        publishNewsJob,
        { newsId: after.id, publishAtMs: publishAt.getTime() },
        { startAfter: publishAt },
      );
    },
  );
  return toWireDetail(row);
}

/**
 * DELETE /console/meetings/{meeting_id}/news/{id}?version=: soft-deletes an item read at
 * `version`; its public link then answers `deleted: 1` (/204, §2).
 * @throws 403 no_permission; 404 not_found; 409 conflict.stale
 */
export async function deleteNews(
  deps: NewsConsoleDeps,
  input: Caller & { newsId: string; version: number },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action });
  await versionedWrite(deps, input, { deleted: 1 });
  return { ok: 1 };
}

// ————— News categories —————

function toWireCategory(row: NewsCategoryRow): ConsoleNewsCategory {
  return { _id: toWireId(row.id), title: row.title, weight: row.weight, news_total: row.newsTotal };
}

/** Whether a localized category title is empty everywhere. */
function isBlank(title: LocalizedText): boolean {
  return !hasTitle(title);
}

/** GET /console/meetings/{meeting_id}/news_categories. @throws 403 no_permission */
export async function listNewsCategories(
  deps: RolesDeps,
  input: Caller,
): Promise<{ items: ConsoleNewsCategory[] }> {
  await requireCan(deps, { ...input, action });
  return { items: (await findNewsCategories(deps.db, input.meetingId)).map(toWireCategory) };
}

/** POST /console/meetings/{meeting_id}/news_categories. @throws 400 validation_failed; 403 no_permission */
export async function createNewsCategory(
  deps: NewsConsoleDeps,
  input: Caller & { body: ConsoleNewsCategoryBody },
): Promise<ConsoleNewsCategory> {
  await requireCan(deps, { ...input, action });
  if (isBlank(input.body.title)) throw badRequest(ErrorCode.validation, 'a category needs a title');
  const id = newId();
  const row = await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'news_category', entityId: id },
    async (tx) => {
      await insertNewsCategory(tx, {
        id,
        meetingId: input.meetingId,
        title: input.body.title,
        weight: input.body.weight,
      });
      const created = await findNewsCategory(tx, input.meetingId, id);
      if (!created) throw notFound('Category');
      return { result: created, before: null, after: { title: created.title, weight: created.weight } };
    },
  );
  deps.cache.clear();
  return toWireCategory(row);
}

/**
 * PUT /console/meetings/{meeting_id}/news_categories/{id}: title and weight.
 * @throws 400 validation_failed; 403 no_permission; 404 not_found
 */
export async function updateNewsCategoryOf(
  deps: NewsConsoleDeps,
  input: Caller & { categoryId: string; body: Partial<ConsoleNewsCategoryBody> },
): Promise<ConsoleNewsCategory> {
  await requireCan(deps, { ...input, action });
  if (input.body.title !== undefined && isBlank(input.body.title)) {
    throw badRequest(ErrorCode.validation, 'a category needs a title');
  }
  const before = await findNewsCategory(deps.db, input.meetingId, input.categoryId);
  if (!before) throw notFound('Category');
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'news_category',
      entityId: input.categoryId,
    },
    async (tx) => {
      await updateNewsCategory(tx, input.categoryId, {
        ...(input.body.title !== undefined ? { title: input.body.title } : {}),
        ...(input.body.weight !== undefined ? { weight: input.body.weight } : {}),
      });
      const after = await findNewsCategory(tx, input.meetingId, input.categoryId);
      if (!after) throw notFound('Category');
      return {
        result: after,
        before: { title: before.title, weight: before.weight },
        after: { title: after.title, weight: after.weight },
      };
    },
  );
  deps.cache.clear();
  return toWireCategory(row);
}

/**
 * DELETE /console/meetings/{meeting_id}/news_categories/{id}: soft delete; items keep the id and
 * show no category. @throws 403 no_permission; 404 not_found
 */
export async function deleteNewsCategory(
  deps: NewsConsoleDeps,
  input: Caller & { categoryId: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action });
  const before = await findNewsCategory(deps.db, input.meetingId, input.categoryId);
  if (!before) throw notFound('Category');
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'news_category',
      entityId: input.categoryId,
    },
    async (tx) => {
      await updateNewsCategory(tx, input.categoryId, { deleted: 1 });
      return { result: null, before: { title: before.title, weight: before.weight }, after: null };
    },
  );
  deps.cache.clear();
  return { ok: 1 };
}
