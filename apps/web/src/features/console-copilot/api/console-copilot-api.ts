import type {
  ConsoleCopilotCard,
  ConsoleCopilotConversation,
  ConsoleCopilotConversationDetail,
  ConsoleCopilotFaq,
  ConsoleCopilotMessage,
  ConsoleCopilotSettings,
  ConsoleCopilotUsage,
  ConsoleMeeting,
  consoleGetMeeting,
  createConsoleCopilotFaq,
  deleteConsoleCopilotFaq,
  flagConsoleCopilotMessage,
  getConsoleCopilotConversation,
  getConsoleCopilotSettings,
  getConsoleCopilotUsage,
  listConsoleCopilotConversations,
  listConsoleCopilotFaqs,
  updateConsoleCopilotFaq,
  updateConsoleCopilotSettings,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The console's copilot calls (DESIGN §7; §1 AI copilot; §3 exhibition.enable_copilot, copilot_*):
 * settings and limits (copilot.settings), FAQ knowledge (copilot.settings), conversation review with
 * "wrong answer" flags and usage per day (copilot.review). Bodies go as JSON so 0/1 switches, numbers
 * and the question list keep their types.
 */

type Flag = 0 | 1;

export type CopilotCard = ConsoleCopilotCard;
export type CopilotSettings = ConsoleCopilotSettings;
/** The whole form as saved (every field; the provider and save time are read only). */
export type CopilotSettingsBody = Omit<CopilotSettings, 'provider' | 'updated_at'>;
export type CopilotFaq = ConsoleCopilotFaq;
export type CopilotFaqBody = Pick<CopilotFaq, 'language' | 'question' | 'answer' | 'enabled' | 'weight'>;
export type CopilotConversationSummary = ConsoleCopilotConversation;
export type CopilotReviewMessage = ConsoleCopilotMessage;
export type CopilotConversation = ConsoleCopilotConversationDetail;
export type CopilotUsage = ConsoleCopilotUsage;
export type CopilotUsageDay = CopilotUsage['days'][number];

/** An id on the wire: `{ $id }` or a plain string. */
export const idOf = (id: { $id: string } | string): string => (typeof id === 'string' ? id : id.$id);

const meetingParams = (meetingId: string) => ({ meeting_id: meetingId });
const itemParams = (meetingId: string, id: string) => ({ meeting_id: meetingId, id });

/** Query keys of this area; every write refreshes what it changed. */
export const consoleCopilotKeys = {
  all: (meetingId: string) => ['console', 'copilot', meetingId] as const,
  settings: (meetingId: string) => ['console', 'copilot', meetingId, 'settings'] as const,
  faqs: (meetingId: string) => ['console', 'copilot', meetingId, 'faqs'] as const,
  conversations: (meetingId: string, flagged: string, q: string, page: number) =>
    ['console', 'copilot', meetingId, 'conversations', flagged, q, page] as const,
  conversation: (meetingId: string, id: string) =>
    ['console', 'copilot', meetingId, 'conversation', id] as const,
  usage: (meetingId: string, from: string, to: string) =>
    ['console', 'copilot', meetingId, 'usage', from, to] as const,
};

/** GET …/copilot/settings. 403 no_permission (copilot.settings). */
export const copilotSettingsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: consoleCopilotKeys.settings(meetingId),
    queryFn: () =>
      api.get<CopilotSettings>(
        fillPath<typeof getConsoleCopilotSettings>(
          '/console/meetings/:meeting_id/copilot/settings',
          meetingParams(meetingId),
        ),
      ),
  });

/** PUT …/copilot/settings: the whole form. 400 validation_failed names the fields in `details`. */
export function useSaveCopilotSettings(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CopilotSettingsBody) =>
      api.request(
        'PUT',
        fillPath<typeof updateConsoleCopilotSettings>(
          '/console/meetings/:meeting_id/copilot/settings',
          meetingParams(meetingId),
        ),
        { json: body },
      ) as Promise<CopilotSettings>,
    onSuccess: (saved) => queryClient.setQueryData(consoleCopilotKeys.settings(meetingId), saved),
  });
}

/** GET …/copilot/faqs: every FAQ entry of the meeting. */
export const copilotFaqsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: consoleCopilotKeys.faqs(meetingId),
    queryFn: async () => {
      const answer = await api.whole<{ items: CopilotFaq[] }>(
        fillPath<typeof listConsoleCopilotFaqs>(
          '/console/meetings/:meeting_id/copilot/faqs',
          meetingParams(meetingId),
        ),
      );
      return answer.items;
    },
  });

/** POST (id null) or PUT …/copilot/faqs[/{id}]; DELETE with `remove`. 400 validation_failed. */
export function useFaqWrites(meetingId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: consoleCopilotKeys.faqs(meetingId) });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CopilotFaqBody }) =>
      id
        ? (api.request(
            'PUT',
            fillPath<typeof updateConsoleCopilotFaq>(
              '/console/meetings/:meeting_id/copilot/faqs/:id',
              itemParams(meetingId, id),
            ),
            {
              json: body,
            },
          ) as Promise<CopilotFaq>)
        : (api.request(
            'POST',
            fillPath<typeof createConsoleCopilotFaq>(
              '/console/meetings/:meeting_id/copilot/faqs',
              meetingParams(meetingId),
            ),
            { json: body },
          ) as Promise<CopilotFaq>),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.delete<{ ok: 1 }>(
        fillPath<typeof deleteConsoleCopilotFaq>(
          '/console/meetings/:meeting_id/copilot/faqs/:id',
          itemParams(meetingId, id),
        ),
      ),
    onSuccess: refresh,
  });
  return { save, remove };
}

/** Rows per page of the conversation list. */
export const conversationPageSize = 20;

/** GET …/copilot/conversations?flagged=&q=&page=&size=: newest first. copilot.review. */
export const conversationsQuery = (meetingId: string, flagged: '' | '1', q: string, page: number) =>
  queryOptions({
    queryKey: consoleCopilotKeys.conversations(meetingId, flagged, q, page),
    queryFn: () =>
      api.whole<{ items: CopilotConversationSummary[]; total: number }>(
        fillPath<typeof listConsoleCopilotConversations>(
          '/console/meetings/:meeting_id/copilot/conversations',
          meetingParams(meetingId),
        ),
        {
          flagged: flagged || undefined,
          q: q || undefined,
          page,
          size: conversationPageSize,
        },
      ),
  });

/** GET …/copilot/conversations/{id}: the conversation with every message. 404 not_found. */
export const conversationQuery = (meetingId: string, id: string) =>
  queryOptions({
    queryKey: consoleCopilotKeys.conversation(meetingId, id),
    queryFn: () =>
      api.whole<CopilotConversation>(
        fillPath<typeof getConsoleCopilotConversation>(
          '/console/meetings/:meeting_id/copilot/conversations/:id',
          itemParams(meetingId, id),
        ),
      ),
  });

/** PUT …/copilot/messages/{id}/flag `{flagged, note}`: "wrong answer" on or off. */
export function useFlagMessage(meetingId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, flagged, note }: { id: string; flagged: Flag; note: string }) =>
      api.request(
        'PUT',
        fillPath<typeof flagConsoleCopilotMessage>(
          '/console/meetings/:meeting_id/copilot/messages/:id/flag',
          itemParams(meetingId, id),
        ),
        {
          json: { flagged, note },
        },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: consoleCopilotKeys.conversation(meetingId, conversationId),
        }),
        queryClient.invalidateQueries({
          queryKey: [...consoleCopilotKeys.all(meetingId), 'conversations'],
        }),
      ]),
  });
}

/** GET …/copilot/usage?from=&to= (UTC days, ≤ 366). 400 validation_failed for a bad range. */
export const usageQuery = (meetingId: string, from: string, to: string) =>
  queryOptions({
    queryKey: consoleCopilotKeys.usage(meetingId, from, to),
    queryFn: () =>
      api.whole<CopilotUsage>(
        fillPath<typeof getConsoleCopilotUsage>(
          '/console/meetings/:meeting_id/copilot/usage',
          meetingParams(meetingId),
        ),
        { from, to },
      ),
  });

/** GET /console/meetings/{id}: the meeting's enabled languages (FAQ language, preview). */
export const copilotMeetingQuery = (meetingId: string) =>
  queryOptions({
    queryKey: [...consoleCopilotKeys.all(meetingId), 'meeting'] as const,
    queryFn: () =>
      api.get<ConsoleMeeting>(
        fillPath<typeof consoleGetMeeting>('/console/meetings/:meeting_id', { meeting_id: meetingId }),
      ),
    staleTime: 60_000,
  });
