import type {
  BindExhibitorBody,
  bindExhibitor,
  ExhibitorBindingAnswer,
  getExhibitorBinding,
  unbindExhibitor,
} from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, contractPath } from '../../../lib/api/api.ts';

const path = contractPath<typeof getExhibitorBinding>('/exhibitor/bindings');

/** GET /exhibitor/bindings: the caller's exhibitor binding in the meeting, or null (§6). */
export const bindingQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: ['exhibitors', 'binding', meetingId],
    queryFn: () => api.get<ExhibitorBindingAnswer>(path, { meeting_id: meetingId }),
  });

export const useExhibitorBinding = (meetingId: string) => useQuery(bindingQueryOptions(meetingId));

/**
 * POST /exhibitor/bindings: binds an exhibitor account (replacing the caller's previous binding).
 * Fails with 401 account.password_incorrect or 429 too_frequent.
 */
export function bindExhibitorAccount(body: BindExhibitorBody): Promise<ExhibitorBindingAnswer> {
  return api.post<ExhibitorBindingAnswer>(contractPath<typeof bindExhibitor>('/exhibitor/bindings'), body);
}

/** DELETE /exhibitor/bindings?meeting_id=…: removes the binding (idempotent). */
export function unbindExhibitorAccount(meetingId: string): Promise<ExhibitorBindingAnswer> {
  return api.request('DELETE', contractPath<typeof unbindExhibitor>('/exhibitor/bindings'), {
    params: { meeting_id: meetingId },
  }) as Promise<ExhibitorBindingAnswer>;
}
