import type {
  ModeratedKindWire,
  ModerationAction,
  ModerationBan,
  ModerationCategoryWire,
  ModerationQueueItem,
  ModerationWord,
} from '@app/contracts';
import { ErrorCode } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { unix } from '../../db/wire.ts';
import { badRequest, notFound } from '../../errors.ts';
import { moderationProviderOf } from '../../providers/moderation/create-moderation-provider.ts';
import { isModerationCategory } from '../../providers/moderation/moderation.ts';
import { patternForm } from '../../providers/moderation/normalize.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { requireCan } from '../roles/roles.service.ts';
import { findUsersByIds } from '../users/users.repository.ts';
import {
  bannedUserIds,
  deleteBan,
  deleteWord,
  findQueueRow,
  listActiveBans,
  listMeetingWords,
  listQueueRows,
  reportReasonsOf,
  resolveQueueRow,
  upsertBan,
  upsertWord,
} from './moderation.repository.ts';
import { checkOneText, invalidateMeetingWords, type ModeratedKind } from './moderation.service.ts';
import type { moderationItems } from './moderation.tables.ts';
import { moderationTargetOf } from './moderation.targets.ts';

type Deps = { db: Database; config: Config };
type Caller = { userId: string; meetingId: string };
type QueueRow = typeof moderationItems.$inferSelect;

const read = (deps: Deps, caller: Caller) => requireCan(deps, { ...caller, action: 'community.read' });
const moderate = (deps: Deps, caller: Caller) =>
  requireCan(deps, { ...caller, action: 'community.moderate' });

/** Queue rows in their wire form: each module describes its items, reasons and bans added. */
async function wireQueueItems(
  db: Database,
  meetingId: string,
  rows: QueueRow[],
): Promise<ModerationQueueItem[]> {
  const described = new Map<string, { text: string; link: string | null }>();
  const byKind = new Map<string, string[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.targetId]);
  for (const [kind, ids] of byKind) {
    const target = moderationTargetOf(kind as ModeratedKind);
    if (!target) continue;
    for (const [id, item] of await target.describe(db, ids)) described.set(`${kind}:${id}`, item);
  }
  const authorIds = [...new Set(rows.map((row) => row.userId))];
  const [authors, reasons, banned] = await Promise.all([
    findUsersByIds(db, authorIds),
    reportReasonsOf(db, rows),
    bannedUserIds(db, meetingId, authorIds),
  ]);
  const authorOf = new Map(authors.map((user) => [user.id, user]));
  return rows.map((row) => {
    const key = `${row.kind}:${row.targetId}`;
    const author = authorOf.get(row.userId);
    return {
      _id: row.id,
      kind: row.kind as ModeratedKindWire,
      target_id: row.targetId,
      text: described.get(key)?.text ?? '',
      link: described.get(key)?.link ?? null,
      author: author ? { _id: author.id, username: author.username } : null,
      source: row.source,
      category: isModerationCategory(row.category) ? (row.category as ModerationCategoryWire) : null,
      reports_count: row.reportsCount,
      reasons: reasons.get(key) ?? [],
      state: row.state,
      author_banned: banned.has(row.userId) ? 1 : 0,
      created: unix(row.createdAt),
      updated: unix(row.updatedAt),
      resolved_at: row.resolvedAt ? unix(row.resolvedAt) : null,
    };
  });
}

/**
 * GET /console/meetings/{meeting_id}/moderation/queue: the review queue (pending, or resolved),
 * filtered by kind and category, newest first, `limit` (≤ 100) a page from `skip`.
 * @throws 403 no_permission (needs community.read)
 */
export async function listQueue(
  deps: Deps,
  input: Caller & {
    query: {
      tab: 'pending' | 'resolved';
      kind?: string | undefined;
      category?: string | undefined;
      skip: number;
      limit: number;
    };
  },
): Promise<{ items: ModerationQueueItem[]; total: number }> {
  await read(deps, input);
  const { rows, total } = await listQueueRows(deps.db, {
    meetingId: input.meetingId,
    tab: input.query.tab,
    ...(input.query.kind ? { kind: input.query.kind } : {}),
    ...(input.query.category ? { category: input.query.category } : {}),
    skip: input.query.skip,
    limit: input.query.limit,
  });
  return { items: await wireQueueItems(deps.db, input.meetingId, rows), total };
}

const decisions: Record<
  ModerationAction,
  { item: 'visible' | 'blocked' | 'deleted'; queue: 'approved' | 'blocked' | 'deleted' }
> = {
  approve: { item: 'visible', queue: 'approved' },
  block: { item: 'blocked', queue: 'blocked' },
  unblock: { item: 'visible', queue: 'approved' },
  delete: { item: 'deleted', queue: 'deleted' },
};

/**
 * PUT /console/meetings/{meeting_id}/moderation/queue/{id}: approve (visible), block, unblock
 * (visible again) or delete a queued item — the item's moderation_state through its module's target,
 * the queue row's decision and the audit row in one transaction.
 * @throws 403 no_permission (community.moderate), 404 not_found (no such row, or the item is gone or
 *   deleted — deleting it again only closes the row)
 */
export async function decideItem(
  deps: Deps,
  input: Caller & { id: string; action: ModerationAction },
): Promise<ModerationQueueItem> {
  await moderate(deps, input);
  const before = await findQueueRow(deps.db, input.meetingId, input.id);
  if (!before) throw notFound('Moderation item');
  const target = moderationTargetOf(before.kind as ModeratedKind);
  if (!target) throw notFound('Item');
  const decision = decisions[input.action];
  let isChanged = false;
  const after = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity: 'moderation_item',
      entityId: input.id,
    },
    async (tx) => {
      const isSet = await target.setState(tx, {
        meetingId: input.meetingId,
        targetId: before.targetId,
        state: decision.item,
      });
      // A deleted (or vanished) item never comes back (§5): approve / block / unblock answer 404; a
      // delete of it only closes the queue row, the end state being reached already.
      if (!isSet && decision.item !== 'deleted') throw notFound('Item');
      isChanged = isSet;
      const row = await resolveQueueRow(tx, { id: input.id, state: decision.queue, userId: input.userId });
      if (!row) throw notFound('Moderation item');
      return {
        result: row,
        before: { kind: before.kind, target_id: before.targetId, state: before.state },
        after: { kind: row.kind, target_id: row.targetId, state: row.state, action: input.action },
      };
    },
  );
  if (isChanged) {
    await target.afterStateChange?.(deps, {
      meetingId: input.meetingId,
      targetId: before.targetId,
      state: decision.item,
    });
  }
  const [item] = await wireQueueItems(deps.db, input.meetingId, [after]);
  if (!item) throw notFound('Moderation item');
  return item;
}

const wireWord = (row: Awaited<ReturnType<typeof listMeetingWords>>[number]): ModerationWord => ({
  _id: row.id,
  word: row.word,
  category: isModerationCategory(row.category) ? row.category : null,
  allow: row.allow === 1 ? 1 : 0,
  created: unix(row.createdAt),
});

/**
 * GET /console/meetings/{meeting_id}/moderation/words: the meeting's own list, newest first.
 * @throws 403 no_permission (community.read)
 */
export async function listWords(deps: Deps, input: Caller): Promise<{ items: ModerationWord[] }> {
  await read(deps, input);
  return { items: (await listMeetingWords(deps.db, input.meetingId)).map(wireWord) };
}

/**
 * POST /console/meetings/{meeting_id}/moderation/words: adds a refused word (with its category) or an
 * allow-list word; the same word again replaces its category. Stored as written (trimmed), matched in
 * normalised form; the meeting's cached list is dropped after the write.
 * @throws 403 no_permission (community.moderate), 400 validation_failed (no letter or digit)
 */
export async function addWord(
  deps: Deps,
  input: Caller & { word: string; category: ModerationCategoryWire | null; allow: 0 | 1 },
): Promise<ModerationWord> {
  await moderate(deps, input);
  if (patternForm(input.word).length === 0)
    throw badRequest(ErrorCode.validation, 'The word needs a letter or a digit');
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity: 'moderation_word',
    },
    async (tx) => {
      const saved = await upsertWord(tx, {
        meetingId: input.meetingId,
        word: input.word,
        category: input.allow === 1 ? null : input.category,
        allow: input.allow,
        createdBy: input.userId,
      });
      return {
        result: saved,
        entityId: saved.id,
        after: { word: saved.word, category: saved.category, allow: saved.allow },
      };
    },
  );
  invalidateMeetingWords(deps.db, input.meetingId);
  return wireWord(row);
}

/**
 * DELETE /console/meetings/{meeting_id}/moderation/words/{id}.
 * @throws 403 no_permission (community.moderate), 404 not_found
 */
export async function removeWord(deps: Deps, input: Caller & { id: string }): Promise<{ ok: 1 }> {
  await moderate(deps, input);
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity: 'moderation_word',
      entityId: input.id,
    },
    async (tx) => {
      const deleted = await deleteWord(tx, input.meetingId, input.id);
      if (!deleted) throw notFound('Word');
      return {
        result: null,
        before: { word: deleted.word, category: deleted.category, allow: deleted.allow },
        after: null,
      };
    },
  );
  invalidateMeetingWords(deps.db, input.meetingId);
  return { ok: 1 };
}

/**
 * POST /console/meetings/{meeting_id}/moderation/words/test: the verdict of the meeting's checks on
 * a text (meaningless, the meeting's words, the provider) — nothing stored, no flood check.
 * @throws 403 no_permission (community.read)
 */
export async function testText(
  deps: Deps,
  input: Caller & { text: string },
): Promise<{
  verdict: 'allow' | 'review' | 'reject';
  category: ModerationCategoryWire | null;
  labels: string[];
}> {
  await read(deps, input);
  const verdict = await checkOneText(
    { db: deps.db, provider: moderationProviderOf(deps.config) },
    input.meetingId,
    input.text,
  );
  return { verdict: verdict.verdict, category: verdict.category ?? null, labels: verdict.labels ?? [] };
}

/**
 * GET /console/meetings/{meeting_id}/moderation/bans: the bans in force, newest first.
 * @throws 403 no_permission (community.read)
 */
export async function listBans(deps: Deps, input: Caller): Promise<{ items: ModerationBan[] }> {
  await read(deps, input);
  const rows = await listActiveBans(deps.db, input.meetingId);
  const usersById = new Map(
    (
      await findUsersByIds(
        deps.db,
        rows.map((row) => row.userId),
      )
    ).map((user) => [user.id, user]),
  );
  return {
    items: rows.map((row) => ({
      user: { _id: row.userId, username: usersById.get(row.userId)?.username ?? '' },
      reason: row.reason,
      until: row.until ? unix(row.until) : null,
      created: unix(row.createdAt),
    })),
  };
}

/**
 * POST /console/meetings/{meeting_id}/moderation/bans: blocks a user from posting in the meeting
 * (403 moderation.banned) until `until` (unix seconds) or for good; banning again replaces the ban.
 * @throws 403 no_permission (community.moderate), 404 not_found (unknown user)
 */
export async function banUser(
  deps: Deps,
  input: Caller & { targetUserId: string; reason: string; until: number | null },
): Promise<ModerationBan> {
  await moderate(deps, input);
  const [user] = await findUsersByIds(deps.db, [input.targetUserId]);
  if (!user) throw notFound('User');
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity: 'moderation_ban',
      entityId: user.id,
    },
    async (tx) => {
      const saved = await upsertBan(tx, {
        meetingId: input.meetingId,
        userId: user.id,
        reason: input.reason,
        until: input.until === null ? null : new Date(input.until * 1000),
        createdBy: input.userId,
      });
      return { result: saved, after: { user_id: user.id, reason: saved.reason, until: input.until } };
    },
  );
  return {
    user: { _id: user.id, username: user.username },
    reason: row.reason,
    until: row.until ? unix(row.until) : null,
    created: unix(row.createdAt),
  };
}

/**
 * DELETE /console/meetings/{meeting_id}/moderation/bans/{user_id}: lifts a ban.
 * @throws 403 no_permission (community.moderate), 404 not_found (not banned)
 */
export async function liftBan(deps: Deps, input: Caller & { targetUserId: string }): Promise<{ ok: 1 }> {
  await moderate(deps, input);
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity: 'moderation_ban',
      entityId: input.targetUserId,
    },
    async (tx) => {
      const deleted = await deleteBan(tx, input.meetingId, input.targetUserId);
      if (!deleted) throw notFound('Ban');
      return { result: null, before: { user_id: deleted.userId, reason: deleted.reason }, after: null };
    },
  );
  return { ok: 1 };
}
