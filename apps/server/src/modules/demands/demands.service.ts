import {
  type ConsoleDemand,
  type ConsoleDemandComment,
  type CreateDemandBody,
  type CreateDemandCommentBody,
  type Demand,
  type DemandAuthorization,
  type DemandComment,
  DemandErrorCode,
  type DemandLikeResult,
  demandImageTypeMessage,
  ErrorCode,
  type ListDemandsQuery,
  toWireId,
  type UpdateDemandBody,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, loginRequired, noPermission, notFound } from '../../errors.ts';
import { hasApprovedTicket } from '../appointments/appointments.repository.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { connectedAmong } from '../friends/friends.connections.ts';
import { firstImageNotOwnUpload } from '../media/media.ownership.ts';
import { findActiveBan } from '../moderation/moderation.repository.ts';
import {
  type ModeratedKind,
  moderateText,
  moderationBanned,
  queueForReview,
  resolveQueueItem,
} from '../moderation/moderation.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { type DemandNoticeDeps, queueCommentNotice } from './demands.notices.ts';
import {
  addLike as addLikeRow,
  type DemandPatch,
  type DemandRow,
  existingCategoryIds,
  findComments,
  findCommentView,
  findConsoleDemands,
  findDemandRow,
  findDemands,
  findDemandView,
  insertComment,
  insertDemand,
  likedAmong,
  type ModerationState,
  removeLike as removeLikeRow,
  setCommentModerationState,
  setDemandModerationState,
  updateDemandRow,
} from './demands.repository.ts';
import {
  type Reader as ContactReader,
  toConsoleComment,
  toConsoleDemand,
  toWireComment,
  toWireDemand,
} from './demands.serializer.ts';

/** What the public calls use; moderation reads the configuration (its provider). */
export type DemandDeps = { db: Database; config: Config };
/** What posting a comment uses besides: the notice's providers and queue. */
export type DemandCommentDeps = DemandDeps & DemandNoticeDeps;

type Caller = { userId: string };
type Reader = { userId: string | null };

const itemClosed = () =>
  new AppError(409, ErrorCode.itemClosed, 'This demand no longer takes comments or edits');
const participantRequired = () =>
  new AppError(
    403,
    ErrorCode.participantRequired,
    'Posting and commenting need participant registration in this meeting',
  );

/** The demand a reader may see: visible, or their own in any state but deleted. @throws 404 */
function requireReadable(row: DemandRow | undefined, reader: Reader): DemandRow {
  if (!row || row.moderationState === 'deleted') throw notFound('Demand');
  if (row.moderationState !== 'visible' && row.userId !== reader.userId) throw notFound('Demand');
  return row;
}

// ————— Authorization (§6, §7 GET/POST /demand/meetings/authorization) —————

/**
 * GET and POST /demand/meetings/authorization: may the caller post and comment on demands in the
 * meeting — logged in, not banned from posting there, and a registered participant (an approved
 * ticket, §6). Read fresh every time (never cached), so the POST after a registration sees it.
 * @returns `{ is_authorization: 1, reason: null }` or `{ is_authorization: 0, reason }` with reason
 *   'login' | 'banned' | 'participant'
 */
export async function demandAuthorizationOf(
  deps: { db: Database },
  input: { userId: string | null; meetingId: string },
): Promise<DemandAuthorization> {
  if (!input.userId) return { is_authorization: 0, reason: 'login' };
  const [ban, isParticipant] = await Promise.all([
    findActiveBan(deps.db, input.meetingId, input.userId),
    hasApprovedTicket(deps.db, input.userId, input.meetingId),
  ]);
  if (ban) return { is_authorization: 0, reason: 'banned' };
  if (!isParticipant) return { is_authorization: 0, reason: 'participant' };
  return { is_authorization: 1, reason: null };
}

/** §6: posting and commenting need participant registration. @throws 403 participant.required */
async function requireParticipant(db: Database, userId: string, meetingId: string): Promise<void> {
  if (!(await hasApprovedTicket(db, userId, meetingId))) throw participantRequired();
}

// ————— Reading —————

/**
 * GET /demands (§7): one page of a meeting's demands and the number of matches. Visible demands for
 * everyone, plus the caller's own under review or blocked (labelled by `state`); `mine=1` lists the
 * caller's own in every state but deleted, `liked=1` the ones they liked. Contacts by the §6 rules.
 * @throws 401 login.required (mine or liked without a login)
 */
export async function listDemandsOf(
  deps: { db: Database },
  input: { viewerId: string | null; query: ListDemandsQuery },
): Promise<{ results: Demand[]; total: number }> {
  const { query } = input;
  const isMine = Number(query.mine ?? 0) === 1;
  const isLiked = Number(query.liked ?? 0) === 1;
  if ((isMine || isLiked) && !input.viewerId) throw loginRequired();
  const { rows, total } = await findDemands(deps.db, {
    meetingId: query.meeting_id,
    viewerId: input.viewerId,
    type: query.type,
    industryId: query.industry_id,
    categoryId: query.category_id,
    area: query.area || undefined,
    status: query.status === '1' ? 'open' : query.status === '2' ? 'closed' : undefined,
    keyword: query.keyword || undefined,
    mineOf: isMine ? (input.viewerId ?? undefined) : undefined,
    likedBy: isLiked ? (input.viewerId ?? undefined) : undefined,
    order: query.order ?? 'newest',
    limit: Number(query.limit ?? 20),
    skip: Number(query.skip ?? 0),
  });
  const liked = input.viewerId
    ? await likedAmong(
        deps.db,
        input.viewerId,
        rows.map((row) => row.demand.id),
      )
    : new Set<string>();
  const reader = await readerOf(
    deps.db,
    input.viewerId,
    rows.map((row) => row.demand.userId),
  );
  return { results: rows.map((row) => toWireDemand(row, reader, liked.has(row.demand.id))), total };
}

/** A reader with which of `authorIds` are their connected friends (§6: they see those contacts). */
async function readerOf(db: Database, viewerId: string | null, authorIds: string[]): Promise<ContactReader> {
  return { userId: viewerId, connected: await connectedAmong(db, viewerId, authorIds) };
}

/** GET /demands/{id}: one demand the caller may see (§2 /demand/detail). @throws 404 not_found */
export async function getDemandOf(
  deps: { db: Database },
  input: { viewerId: string | null; id: string },
): Promise<Demand> {
  const view = await findDemandView(deps.db, input.id);
  const reader = { userId: input.viewerId };
  requireReadable(view?.demand, reader);
  if (!view) throw notFound('Demand');
  const liked = input.viewerId ? await likedAmong(deps.db, input.viewerId, [input.id]) : new Set<string>();
  return toWireDemand(
    view,
    await readerOf(deps.db, input.viewerId, [view.demand.userId]),
    liked.has(input.id),
  );
}

/** The meeting of a demand (the guest-view rule of GET /demands/{id}), or undefined. */
export async function meetingOfDemand(db: Database, id: string): Promise<string | undefined> {
  return (await findDemandRow(db, id))?.meetingId;
}

// ————— Posting and editing (§3, §4, §5) —————

/**
 * §5 images jpg or png: every image must be a jpg or png upload of the caller in the image bucket
 * (the bytes decided the stored type). @throws 400 demand.image_type naming the first bad one
 */
async function checkImages(db: Database, userId: string, images: string[]): Promise<void> {
  const index = await firstImageNotOwnUpload(db, { userId, urls: images });
  if (index < 0) return;
  throw new AppError(400, DemandErrorCode.imageType, demandImageTypeMessage, [
    { path: `body/images/${index}`, message: demandImageTypeMessage },
  ]);
}

/** The industry and category ids of a body, checked to be the meeting's. @throws 400 demand.category_invalid */
async function checkCategories(
  db: Database,
  meetingId: string,
  body: { industry_id?: string | undefined; category_id?: string | undefined },
): Promise<{ industryCategoryId?: string | null; categoryId?: string | null }> {
  const out: { industryCategoryId?: string | null; categoryId?: string | null } = {};
  for (const [field, type, key] of [
    ['industry_id', 'industry', 'industryCategoryId'],
    ['category_id', 'demand', 'categoryId'],
  ] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if (value === '') {
      out[key] = null;
      continue;
    }
    const found = await existingCategoryIds(db, { meetingId, type, ids: [value] });
    if (found.length === 0) {
      throw new AppError(400, DemandErrorCode.categoryInvalid, `not a ${type} category of this meeting`, [
        { path: `body/${field}`, message: `not a ${type} category of this meeting` },
      ]);
    }
    out[key] = value;
  }
  return out;
}

/** Runs moderation on the texts of an item (§5); 'review' means store it hidden and queue it. */
async function moderate(
  deps: DemandDeps,
  subject: { meetingId: string; userId: string; kind: ModeratedKind; texts: string[] },
) {
  return moderateText({ db: deps.db, config: deps.config }, subject);
}

/**
 * POST /demands: posts an open demand (§3, /demand/form/{type}). Checks in this order, nothing stored
 * on any failure: participant registration (§6), images jpg/png uploads of the caller (§5), the
 * categories, then moderation of title, description and area (§5; banned users refused). Stored
 * hidden ('review') and queued when moderation is unsure.
 * @throws 400 validation_failed / demand.image_type / demand.category_invalid / content.sensitive;
 *   403 participant.required / moderation.banned
 */
export async function postDemand(
  deps: DemandDeps,
  input: Caller & { body: CreateDemandBody },
): Promise<Demand> {
  const { body } = input;
  const meetingId = body.meeting_id;
  await requireParticipant(deps.db, input.userId, meetingId);
  const images = body.images ?? [];
  await checkImages(deps.db, input.userId, images);
  const refs = await checkCategories(deps.db, meetingId, body);
  const outcome = await moderate(deps, {
    meetingId,
    userId: input.userId,
    kind: 'demand',
    texts: [body.title, body.description, body.area ?? ''],
  });
  const id = newId();
  await inTransaction(deps.db, async (tx) => {
    await insertDemand(tx, {
      id,
      meetingId,
      userId: input.userId,
      type: body.type ?? 'demand',
      title: body.title,
      description: body.description,
      industryCategoryId: refs.industryCategoryId ?? null,
      categoryId: refs.categoryId ?? null,
      area: body.area ?? '',
      images,
      hideContact: Number(body.hide_contact ?? 0) === 1 ? 1 : 0,
      moderationState: outcome.state,
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId,
        kind: 'demand',
        targetId: id,
        userId: input.userId,
        category: outcome.category,
      });
    }
  });
  return getDemandOf(deps, { viewerId: input.userId, id });
}

/**
 * PUT /demands/{id}: the poster edits an open demand, or closes it with status 2 (§4: closed by the
 * poster, after confirming on the page). Changed texts go through moderation again; a poster banned
 * from posting in the meeting may change nothing (images, hide_contact and closing included, §5).
 * @throws 400 as postDemand; 403 no_permission (not the poster) / moderation.banned; 404 not_found;
 *   409 item.closed
 */
export async function editDemand(
  deps: DemandDeps,
  input: Caller & { id: string; body: UpdateDemandBody },
): Promise<Demand> {
  const row = requireReadable(await findDemandRow(deps.db, input.id), input);
  if (row.userId !== input.userId) throw noPermission();
  if (row.status === 'closed' || row.moderationState === 'blocked') throw itemClosed();
  if (await findActiveBan(deps.db, row.meetingId, input.userId)) throw moderationBanned();
  const { body } = input;
  const patch: DemandPatch = {};
  if (body.images !== undefined) {
    await checkImages(deps.db, input.userId, body.images);
    patch.images = body.images;
  }
  Object.assign(patch, await checkCategories(deps.db, row.meetingId, body));
  if (body.title !== undefined) patch.title = body.title;
  if (body.description !== undefined) patch.description = body.description;
  if (body.area !== undefined) patch.area = body.area;
  if (body.hide_contact !== undefined) patch.hideContact = Number(body.hide_contact) === 1 ? 1 : 0;
  if (body.status !== undefined && Number(body.status) === 2) patch.status = 'closed';
  const texts = [body.title, body.description, body.area].filter(
    (text): text is string => text !== undefined,
  );
  const outcome =
    texts.length > 0
      ? await moderate(deps, { meetingId: row.meetingId, userId: input.userId, kind: 'demand', texts })
      : { state: 'visible' as const, category: null };
  await inTransaction(deps.db, async (tx) => {
    const locked = await findDemandRow(tx, input.id, true);
    if (!locked || locked.status === 'closed' || locked.moderationState === 'blocked') throw itemClosed();
    await updateDemandRow(tx, input.id, patch);
    if (outcome.state === 'review' && locked.moderationState === 'visible') {
      await setDemandModerationState(tx, { meetingId: row.meetingId, id: input.id, state: 'review' });
      await queueForReview(tx, {
        meetingId: row.meetingId,
        kind: 'demand',
        targetId: input.id,
        userId: input.userId,
        category: outcome.category,
      });
    }
  });
  return getDemandOf(deps, { viewerId: input.userId, id: input.id });
}

/** DELETE /demands/{id}: the poster deletes their demand (never shown again). @throws 403, 404 */
export async function removeDemand(
  deps: { db: Database },
  input: Caller & { id: string },
): Promise<{ ok: 1 }> {
  const row = requireReadable(await findDemandRow(deps.db, input.id), input);
  if (row.userId !== input.userId) throw noPermission();
  await setDemandModerationState(deps.db, { meetingId: row.meetingId, id: row.id, state: 'deleted' });
  return { ok: 1 };
}

// ————— Likes (§2 /demand/like) —————

/**
 * POST /demand/likes: likes a visible demand; a second like by the same user changes nothing. The
 * count is atomic in SQL (100 parallel likes → exactly 100). @throws 404 not_found
 */
export async function likeDemand(
  deps: { db: Database },
  input: Caller & { demandId: string },
): Promise<DemandLikeResult> {
  const row = requireReadable(await findDemandRow(deps.db, input.demandId), input);
  const likeTotal = await addLikeRow(deps.db, row.id, input.userId);
  return { demand_id: toWireId(row.id), like_total: likeTotal, is_liked: 1 };
}

/** DELETE /demand/likes: takes back a like (idempotent). @throws 404 not_found */
export async function unlikeDemand(
  deps: { db: Database },
  input: Caller & { demandId: string },
): Promise<DemandLikeResult> {
  const row = requireReadable(await findDemandRow(deps.db, input.demandId), input);
  const likeTotal = await removeLikeRow(deps.db, row.id, input.userId);
  return { demand_id: toWireId(row.id), like_total: likeTotal, is_liked: 0 };
}

// ————— Comments (§2 /demand/comment/{type}, §6) —————

/**
 * GET /demands/{id}/comments: the comments a reader may see, oldest first; each commenter's contact
 * only to that commenter and to the demand's poster (§6). @throws 404 not_found
 */
export async function listCommentsOf(
  deps: { db: Database },
  input: { viewerId: string | null; id: string; limit: number; skip: number },
): Promise<{ results: DemandComment[]; total: number }> {
  const reader = { userId: input.viewerId };
  const row = requireReadable(await findDemandRow(deps.db, input.id), reader);
  const { rows, total } = await findComments(deps.db, {
    demandId: row.id,
    viewerId: input.viewerId,
    limit: input.limit,
    skip: input.skip,
  });
  const withFriends = await readerOf(
    deps.db,
    input.viewerId,
    rows.map((view) => view.comment.userId),
  );
  return { results: rows.map((view) => toWireComment(view, withFriends, row.userId)), total };
}

/**
 * POST /demands/{id}/comments: a registered participant comments on an open, visible demand (§6);
 * the comment reveals the commenter's contact to the poster, who is told by e-mail or SMS in the same
 * transaction. Moderated like a post (§5).
 * @throws 400 validation_failed / content.sensitive; 403 participant.required / moderation.banned;
 *   404 not_found; 409 item.closed
 */
export async function postComment(
  deps: DemandCommentDeps,
  input: Caller & { id: string; body: CreateDemandCommentBody },
): Promise<DemandComment> {
  const row = requireReadable(await findDemandRow(deps.db, input.id), input);
  await requireParticipant(deps.db, input.userId, row.meetingId);
  if (row.status === 'closed' || row.moderationState !== 'visible') throw itemClosed();
  const outcome = await moderate(deps, {
    meetingId: row.meetingId,
    userId: input.userId,
    kind: 'demand_comment',
    texts: [input.body.content],
  });
  const id = newId();
  await inTransaction(deps.db, async (tx) => {
    const locked = await findDemandRow(tx, row.id, true);
    if (!locked || locked.status === 'closed' || locked.moderationState !== 'visible') throw itemClosed();
    await insertComment(tx, {
      id,
      demandId: row.id,
      meetingId: row.meetingId,
      userId: input.userId,
      content: input.body.content,
      moderationState: outcome.state,
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId: row.meetingId,
        kind: 'demand_comment',
        targetId: id,
        userId: input.userId,
        category: outcome.category,
      });
    } else {
      await queueCommentNotice(tx, deps, {
        posterId: row.userId,
        commenterId: input.userId,
        demandId: row.id,
        meetingId: row.meetingId,
        title: row.title,
      });
    }
  });
  const view = await findCommentView(deps.db, id);
  if (!view) throw notFound('Comment');
  return toWireComment(view, input, row.userId);
}

// ————— Console (DESIGN §7) —————

type ConsoleCaller = { userId: string; meetingId: string };

/** GET /console/meetings/{meeting_id}/demands (community.read). @throws 403 no_permission */
export async function listConsoleDemandsOf(
  deps: RolesDeps,
  input: ConsoleCaller & {
    query: {
      status?: 'open' | 'closed' | undefined;
      state?: ModerationState | undefined;
      type?: DemandRow['type'] | undefined;
      keyword?: string | undefined;
      limit: number;
      skip: number;
    };
  },
): Promise<{ results: ConsoleDemand[]; total: number }> {
  await requireCan(deps, { ...input, action: 'community.read' });
  const { rows, total } = await findConsoleDemands(deps.db, { meetingId: input.meetingId, ...input.query });
  return { results: rows.map(toConsoleDemand), total };
}

/** GET /console/meetings/{meeting_id}/demands/{id}: a demand with every comment. @throws 403, 404 */
export async function getConsoleDemandOf(
  deps: RolesDeps,
  input: ConsoleCaller & { id: string },
): Promise<ConsoleDemand & { comments: ConsoleDemandComment[] }> {
  await requireCan(deps, { ...input, action: 'community.read' });
  const view = await findDemandView(deps.db, input.id);
  if (!view || view.demand.meetingId !== input.meetingId) throw notFound('Demand');
  const { rows } = await findComments(deps.db, {
    demandId: input.id,
    viewerId: null,
    limit: 1000,
    skip: 0,
    all: true,
  });
  return { ...toConsoleDemand(view), comments: rows.map(toConsoleComment) };
}

/** The moderation queue's word for a console decision: unblock approves, block blocks, delete deletes. */
function queueDecisionOf(state: 'visible' | 'blocked' | 'deleted'): 'approved' | 'blocked' | 'deleted' {
  return state === 'visible' ? 'approved' : state;
}

/**
 * POST /console/meetings/{meeting_id}/demands/{id}/state: blocks (§4 blocked), unblocks or deletes a
 * demand, audited. The demand's queue row (if flagged or reported) takes the same decision in the same
 * transaction, so a later "approve" in the queue cannot undo it (§5).
 * @throws 403 no_permission (community.moderate); 404 not_found
 */
export async function setConsoleDemandStateOf(
  deps: RolesDeps,
  input: ConsoleCaller & { id: string; state: 'visible' | 'blocked' | 'deleted' },
): Promise<ConsoleDemand> {
  await requireCan(deps, { ...input, action: 'community.moderate' });
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity: 'demand',
      entityId: input.id,
    },
    async (tx) => {
      const before = await findDemandRow(tx, input.id, true);
      if (!before || before.meetingId !== input.meetingId) throw notFound('Demand');
      await setDemandModerationState(tx, { meetingId: input.meetingId, id: input.id, state: input.state });
      await resolveQueueItem(tx, {
        meetingId: input.meetingId,
        kind: 'demand',
        targetId: input.id,
        state: queueDecisionOf(input.state),
        userId: input.userId,
      });
      return {
        result: null,
        before: { moderation_state: before.moderationState },
        after: { moderation_state: input.state },
      };
    },
  );
  const view = await findDemandView(deps.db, input.id);
  if (!view) throw notFound('Demand');
  return toConsoleDemand(view);
}

/**
 * POST /console/meetings/{meeting_id}/demand_comments/{id}/state: blocks, unblocks or deletes a
 * comment, audited; the demand's comment_total follows and the comment's queue row takes the same
 * decision in the same transaction (§5). @throws 403 no_permission; 404 not_found
 */
export async function setConsoleCommentStateOf(
  deps: RolesDeps,
  input: ConsoleCaller & { id: string; state: 'visible' | 'blocked' | 'deleted' },
): Promise<ConsoleDemandComment> {
  await requireCan(deps, { ...input, action: 'community.moderate' });
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity: 'demand_comment',
      entityId: input.id,
    },
    async (tx) => {
      const before = await findCommentView(tx, input.id);
      const isDone = await setCommentModerationState(tx, {
        meetingId: input.meetingId,
        id: input.id,
        state: input.state,
      });
      if (!isDone || !before) throw notFound('Comment');
      await resolveQueueItem(tx, {
        meetingId: input.meetingId,
        kind: 'demand_comment',
        targetId: input.id,
        state: queueDecisionOf(input.state),
        userId: input.userId,
      });
      return {
        result: null,
        before: { moderation_state: before.comment.moderationState },
        after: { moderation_state: input.state },
      };
    },
  );
  const view = await findCommentView(deps.db, input.id);
  if (!view) throw notFound('Comment');
  return toConsoleComment(view);
}
