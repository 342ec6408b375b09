import type { getWechatFollow, WechatFollow } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

/**
 * GET /wechat/service/follow?meeting_id (§7 WeChat): whether the visitor follows the meeting's
 * official account (`subscribe` 1, else 0 — also when unknown or anonymous), the account's name and
 * the follow QR image the organiser uploaded ('' when none).
 */
export type FollowState = WechatFollow;

export function fetchFollowState(meetingId: string): Promise<FollowState> {
  return api.get(contractPath<typeof getWechatFollow>('/wechat/service/follow'), { meeting_id: meetingId });
}

/** The follow state of the meeting's account, kept for the visit (it changes only in WeChat's own UI). */
export function useFollowState(meetingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['wechat', 'follow', meetingId],
    queryFn: () => fetchFollowState(meetingId),
    enabled,
    staleTime: 10 * 60_000,
    retry: 1,
  });
}
