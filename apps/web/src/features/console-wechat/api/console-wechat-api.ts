import type {
  ConsoleMeeting,
  ConsoleWechatSettings,
  ConsoleWechatTestResult,
  ConsoleWechatTestTarget,
  consoleGetMeeting,
  createWechatAuthorization,
  getConsoleWechatSettings,
  listWechatAuthorizations,
  testConsoleWechatConnection,
  UpdateConsoleWechatSettingsBody,
  updateConsoleWechatSettings,
  WechatAuthorization,
} from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/**
 * The console's "WeChat & sign-in" calls (DESIGN §7), typed from console-wechat.contracts.ts and the
 * platform authorisation of wechat-platform.contracts.ts. Bodies go as JSON: a secret's `null` (clear)
 * and 0/1 switches keep their types.
 */

/** Query keys of this area; a save refreshes `all(meetingId)`. */
export const consoleWechatKeys = {
  all: (meetingId: string) => ['console', 'wechat', meetingId] as const,
  settings: (meetingId: string) => ['console', 'wechat', meetingId, 'settings'] as const,
  authorizations: (meetingId: string) => ['console', 'wechat', meetingId, 'authorizations'] as const,
  meeting: (meetingId: string) => ['console', 'wechat', meetingId, 'meeting'] as const,
};

const settingsPath = (meetingId: string) =>
  fillPath<typeof getConsoleWechatSettings>('/console/meetings/:meeting_id/wechat', {
    meeting_id: meetingId,
  });

/** GET …/wechat: the set-up, secrets as set + last 4. */
export const wechatSettingsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: consoleWechatKeys.settings(meetingId),
    queryFn: () => api.get<ConsoleWechatSettings>(settingsPath(meetingId)),
  });

/** GET /console/meetings/{id}: the meeting's languages and share fields (the chat-card preview). */
export const wechatMeetingQuery = (meetingId: string) =>
  queryOptions({
    queryKey: consoleWechatKeys.meeting(meetingId),
    queryFn: () =>
      api.get<ConsoleMeeting>(
        fillPath<typeof consoleGetMeeting>('/console/meetings/:meeting_id', { meeting_id: meetingId }),
      ),
    staleTime: 60_000,
  });

/** GET /wechat/authorizes?meeting_id: the account that authorised the platform, first item (§7). */
export const wechatAuthorizationsQuery = (meetingId: string) =>
  queryOptions({
    queryKey: consoleWechatKeys.authorizations(meetingId),
    queryFn: async () => {
      const answer = await api.whole<{ results: WechatAuthorization[] }>(
        '/wechat/authorizes' satisfies (typeof listWechatAuthorizations)['path'],
        { meeting_id: meetingId },
      );
      return answer.results[0] ?? null;
    },
  });

/** PUT …/wechat: a partial update. 400 validation_failed names the fields in `details`. */
export function useSaveWechatSettings(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateConsoleWechatSettingsBody) =>
      api.request(
        'PUT',
        fillPath<typeof updateConsoleWechatSettings>('/console/meetings/:meeting_id/wechat', {
          meeting_id: meetingId,
        }),
        { json: body },
      ) as Promise<ConsoleWechatSettings>,
    onSuccess: (saved) => {
      queryClient.setQueryData(consoleWechatKeys.settings(meetingId), saved);
      void queryClient.invalidateQueries({ queryKey: consoleWechatKeys.all(meetingId) });
    },
  });
}

/** POST …/wechat/tests {target}: WeChat's token answer or the issuer's discovery check. */
export function testWechatConnection(
  meetingId: string,
  target: ConsoleWechatTestTarget,
): Promise<ConsoleWechatTestResult> {
  return api.request(
    'POST',
    fillPath<typeof testConsoleWechatConnection>('/console/meetings/:meeting_id/wechat/tests', {
      meeting_id: meetingId,
    }),
    { json: { target } },
  ) as Promise<ConsoleWechatTestResult>;
}

/** POST /wechat/authorizes {meeting_id}: the URL of WeChat's authorisation page. */
export function startWechatAuthorization(meetingId: string): Promise<{ url: string }> {
  return api.request('POST', '/wechat/authorizes' satisfies (typeof createWechatAuthorization)['path'], {
    json: { meeting_id: meetingId },
  }) as Promise<{ url: string }>;
}
