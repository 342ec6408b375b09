import type {
  askCopilot as askCopilotRoute,
  CopilotCard,
  CopilotCardsEvent,
  CopilotConversation,
  CopilotDeltaEvent,
  CopilotDoneEvent,
  CopilotMessage,
  CopilotMetaEvent,
  CopilotNoticeEvent,
  closeCopilotConversation,
  copilotLimits,
  getCopilotConversation,
  rateCopilotMessage,
} from '@app/contracts';
import { appVersion } from '@app/contracts/wire/limits.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { signRequest } from '../../../lib/api/sign-request.ts';
import { getClockOffset, getDeviceId, getSession, getStoredMeetingId } from '../../../lib/session.ts';

/**
 * Longest question, characters (§1 copilot; the server answers 400 copilot.too_long past it): the
 * contracts' copilotLimits.question, checked against it by type — a value import of the contracts
 * would bring zod into the screen's scripts.
 */
export const maxQuestionLength: (typeof copilotLimits)['question'] = 1000;

export type { CopilotCard, CopilotConversation, CopilotMessage };

/** The events of the answer's stream (POST /copilot/messages, text/event-stream), by name. */
export type CopilotStreamEvent =
  | { event: 'meta'; data: CopilotMetaEvent }
  | { event: 'delta'; data: CopilotDeltaEvent }
  | { event: 'cards'; data: CopilotCardsEvent }
  | { event: 'notice'; data: CopilotNoticeEvent }
  | { event: 'done'; data: CopilotDoneEvent };

const conversationPath = contractPath<typeof getCopilotConversation>('/copilot/conversation');
const closePath = contractPath<typeof closeCopilotConversation>('/copilot/conversation');
const messagesPath = contractPath<typeof askCopilotRoute>('/copilot/messages');

const conversationKey = (meetingId: string) => ['copilot', 'conversation', meetingId] as const;

/** GET /copilot/conversation (kept per user, or per device for a visitor). */
export const conversationOptions = (meetingId: string) =>
  queryOptions({
    queryKey: conversationKey(meetingId),
    queryFn: () => api.get<CopilotConversation>(conversationPath, { meeting_id: meetingId }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useConversation = (meetingId: string) => useQuery(conversationOptions(meetingId));

/** PUT /copilot/messages/{id}/rating: the asker's thumbs on one answer (1 helpful, -1 not, 0 none). */
export function useRateAnswer(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, rating }: { answerId: string; rating: -1 | 0 | 1 }) =>
      // JSON: the rating is a number (-1, 0, 1), which a form body would send as text.
      api.request(
        'PUT',
        fillPath<typeof rateCopilotMessage>('/copilot/messages/:id/rating', { id: answerId }),
        {
          json: { rating, meeting_id: meetingId },
        },
      ),
    onSuccess: (_answer, { answerId, rating }) =>
      client.setQueryData<CopilotConversation>(conversationKey(meetingId), (current) =>
        current
          ? {
              ...current,
              messages: current.messages.map((message) =>
                message._id.$id === answerId ? { ...message, rating } : message,
              ),
            }
          : current,
      ),
  });
}

/** DELETE /copilot/conversation: closes the current conversation; the next question starts a new one. */
export function useNewConversation(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`${closePath}?meeting_id=${encodeURIComponent(meetingId)}`),
    onSuccess: () =>
      client.setQueryData<CopilotConversation>(conversationKey(meetingId), (current) =>
        current ? { ...current, conversation_id: null, messages: [] } : current,
      ),
  });
}

/** Puts the finished exchange into the cached conversation (what GET would answer now). */
export function storeExchange(
  client: ReturnType<typeof useQueryClient>,
  meetingId: string,
  conversationId: string,
  messages: CopilotMessage[],
): void {
  client.setQueryData<CopilotConversation>(conversationKey(meetingId), (current) =>
    current
      ? { ...current, conversation_id: { $id: conversationId }, messages: [...current.messages, ...messages] }
      : current,
  );
}

/**
 * POST /copilot/messages: asks one question and reads the answer as it streams (server-sent events
 * over fetch, parsed by eventsource-parser; EventSource cannot POST or sign). The call is signed like
 * every API call (§7: Apikey, device-id, client-id, version, the meeting's token). A refusal before
 * the stream (403 copilot.disabled, 429 too_frequent with Retry-After, 400 copilot.too_long) throws
 * an ApiError; so does a network failure (status 0). `signal` aborts the answer (the server stops the
 * provider's call).
 * @returns when the stream ends
 */
export async function askCopilot(
  input: { meetingId: string; content: string; conversationId: string | null; language: string },
  onEvent: (event: CopilotStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const base = import.meta.env.VITE_API_BASE ?? '/api';
  const pathWithQuery = `${base}${messagesPath}`;
  const body = JSON.stringify({
    meeting_id: input.meetingId,
    content: input.content,
    language: input.language,
    ...(input.conversationId ? { conversation_id: input.conversationId } : {}),
  });
  const deviceId = getDeviceId();
  const stored = getSession();
  // The token of the current meeting only (as api.ts: another meeting's token would be refused).
  const session =
    stored.meetingId === getStoredMeetingId() ? stored : { token: undefined, userId: undefined };
  const timestamp = Math.floor((Date.now() + getClockOffset()) / 1000);
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
    Apikey: await signRequest({
      salt: import.meta.env.VITE_APIKEY_SALT ?? 'meeting-platform-apikey-salt-v1',
      method: 'POST',
      pathWithQuery,
      timestamp,
      deviceId,
      body,
    }),
    'device-id': deviceId,
    'client-id': session.userId || deviceId,
    version: appVersion,
  };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    response = await fetch(pathWithQuery, { method: 'POST', headers, body, signal });
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok || !response.body) {
    const payload = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      payload.code ?? response.status,
      payload.message ?? response.statusText,
      {
        retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      },
    );
  }
  const parser = createParser({
    onEvent: (message) => {
      try {
        onEvent({ event: message.event ?? 'message', data: JSON.parse(message.data) } as CopilotStreamEvent);
      } catch {
        // Not an event of ours: ignored.
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : String(cause));
  }
}
