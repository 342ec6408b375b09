import type {
  AwesomeResult,
  awesomeEnterprise,
  LikeResult,
  likeEnterprise,
  recordEnterpriseCall,
  recordEnterpriseMail,
  recordEnterpriseView,
  unawesomeEnterprise,
  unlikeEnterprise,
} from '@app/contracts';
import { api, contractPath, fillPath } from '../../../lib/api/api.ts';

const likes = contractPath<typeof likeEnterprise>('/enterprise/likes');
const awesomes = contractPath<typeof awesomeEnterprise>('/enterprise/awesomes');

/** POST or DELETE /enterprise/likes (idempotent): the caller's state and the exact new total. */
export function setEnterpriseLike(enterpriseId: string, isLiked: boolean): Promise<LikeResult> {
  return isLiked
    ? api.post<LikeResult>(likes, { enterprise_id: enterpriseId })
    : (api.request('DELETE', contractPath<typeof unlikeEnterprise>('/enterprise/likes'), {
        params: { enterprise_id: enterpriseId },
      }) as Promise<LikeResult>);
}

/** POST or DELETE /enterprise/awesomes (idempotent). */
export function setEnterpriseAwesome(enterpriseId: string, isAwesome: boolean): Promise<AwesomeResult> {
  return isAwesome
    ? api.post<AwesomeResult>(awesomes, { enterprise_id: enterpriseId })
    : (api.request('DELETE', contractPath<typeof unawesomeEnterprise>('/enterprise/awesomes'), {
        params: { enterprise_id: enterpriseId },
      }) as Promise<AwesomeResult>);
}

/**
 * Counts a view of the page (POST /enterprises/{id}/views; `user_id` '' becomes the device id, §7).
 * Failures are ignored: counting never blocks the visitor.
 */
export function recordEnterpriseVisit(enterpriseId: string, meetingId: string): void {
  const path = fillPath<typeof recordEnterpriseView>('/enterprises/:id/views', { id: enterpriseId });
  api.post(path, { meeting_id: meetingId, user_id: '' }).catch(() => {});
}

/** Counts a tap on the call or mail button (POST /enterprises/{id}/calls|mails); failures ignored. */
export function recordEnterpriseContact(
  kind: 'call' | 'mail',
  enterpriseId: string,
  meetingId: string,
): void {
  const path =
    kind === 'call'
      ? fillPath<typeof recordEnterpriseCall>('/enterprises/:id/calls', { id: enterpriseId })
      : fillPath<typeof recordEnterpriseMail>('/enterprises/:id/mails', { id: enterpriseId });
  api.post(path, { meeting_id: meetingId }).catch(() => {});
}
