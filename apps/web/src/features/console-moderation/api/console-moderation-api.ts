import type {
  addModerationWord,
  banModerationUser,
  decideModerationItem,
  deleteModerationWord,
  liftModerationBan,
  listModerationBans,
  listModerationQueue,
  listModerationWords,
  ModerationAction,
  ModerationBan,
  ModerationQueueItem,
  ModerationWord,
  testModerationText,
} from '@app/contracts';
import type { ModerationCategoryValue } from '@app/contracts/wire/moderation.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The console's moderation calls (DESIGN §7; §5 sensitive content), typed from
 * console-moderation.contracts.ts. Reads need community.read, writes community.moderate (403
 * no_permission otherwise).
 */

export const queuePageSize = 20;

export const consoleModerationKeys = {
  all: (meetingId: string) => ['console', 'moderation', meetingId] as const,
  queue: (meetingId: string, filter: QueueFilter) =>
    ['console', 'moderation', meetingId, 'queue', filter] as const,
  words: (meetingId: string) => ['console', 'moderation', meetingId, 'words'] as const,
  bans: (meetingId: string) => ['console', 'moderation', meetingId, 'bans'] as const,
};

export type QueueFilter = { tab: 'pending' | 'resolved'; kind: string; category: string; page: number };

const meetingPath = (meetingId: string) => ({ meeting_id: meetingId });

/** GET …/moderation/queue: a page of pending or resolved items. */
export const queueQueryOptions = (meetingId: string, filter: QueueFilter) =>
  queryOptions({
    queryKey: consoleModerationKeys.queue(meetingId, filter),
    queryFn: () =>
      api.get<{ items: ModerationQueueItem[]; total: number }>(
        fillPath<typeof listModerationQueue>(
          '/console/meetings/:meeting_id/moderation/queue',
          meetingPath(meetingId),
        ),
        {
          tab: filter.tab,
          kind: filter.kind || undefined,
          category: filter.category || undefined,
          skip: (filter.page - 1) * queuePageSize,
          limit: queuePageSize,
        },
      ),
    placeholderData: keepPreviousData,
  });

/** PUT …/moderation/queue/{id}: approve, block, unblock or delete. */
export function decideItem(
  meetingId: string,
  id: string,
  action: ModerationAction,
): Promise<ModerationQueueItem> {
  return api.put<ModerationQueueItem>(
    fillPath<typeof decideModerationItem>('/console/meetings/:meeting_id/moderation/queue/:id', {
      meeting_id: meetingId,
      id,
    }),
    { action },
  );
}

/** GET …/moderation/words. */
export const wordsQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleModerationKeys.words(meetingId),
    queryFn: () =>
      api.get<{ items: ModerationWord[] }>(
        fillPath<typeof listModerationWords>(
          '/console/meetings/:meeting_id/moderation/words',
          meetingPath(meetingId),
        ),
      ),
  });

/** POST …/moderation/words: a refused word with its category, or an allow-list word. */
export function addWord(
  meetingId: string,
  input: { word: string; category: ModerationCategoryValue | null; allow: 0 | 1 },
): Promise<ModerationWord> {
  return api.post<ModerationWord>(
    fillPath<typeof addModerationWord>(
      '/console/meetings/:meeting_id/moderation/words',
      meetingPath(meetingId),
    ),
    { word: input.word, category: input.category, allow: input.allow },
  );
}

/** DELETE …/moderation/words/{id}. */
export function removeWord(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof deleteModerationWord>('/console/meetings/:meeting_id/moderation/words/:id', {
      meeting_id: meetingId,
      id,
    }),
  );
}

export type TextVerdict = {
  verdict: 'allow' | 'review' | 'reject';
  category: ModerationCategoryValue | null;
  labels: string[];
};

/** POST …/moderation/words/test: what the meeting's checks answer for a text. */
export function testText(meetingId: string, text: string): Promise<TextVerdict> {
  return api.post<TextVerdict>(
    fillPath<typeof testModerationText>(
      '/console/meetings/:meeting_id/moderation/words/test',
      meetingPath(meetingId),
    ),
    { text },
  );
}

/** GET …/moderation/bans. */
export const bansQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: consoleModerationKeys.bans(meetingId),
    queryFn: () =>
      api.get<{ items: ModerationBan[] }>(
        fillPath<typeof listModerationBans>(
          '/console/meetings/:meeting_id/moderation/bans',
          meetingPath(meetingId),
        ),
      ),
  });

/** POST …/moderation/bans: blocks a user from posting in the meeting, for good. */
export function banUser(meetingId: string, userId: string, reason: string): Promise<ModerationBan> {
  return api.post<ModerationBan>(
    fillPath<typeof banModerationUser>(
      '/console/meetings/:meeting_id/moderation/bans',
      meetingPath(meetingId),
    ),
    { user_id: userId, reason },
  );
}

/** DELETE …/moderation/bans/{user_id}. */
export function liftBan(meetingId: string, userId: string): Promise<{ ok: 1 }> {
  return api.delete(
    fillPath<typeof liftModerationBan>('/console/meetings/:meeting_id/moderation/bans/:id', {
      meeting_id: meetingId,
      id: userId,
    }),
  );
}
