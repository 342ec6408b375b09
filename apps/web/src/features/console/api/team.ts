import type {
  ChangeTeamMemberBody,
  changeTeamMember,
  InviteTeamMemberBody,
  inviteTeamMember,
  listTeam,
  removeTeamMember,
  TeamMember,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, fillPath } from '../../../lib/api/api.ts';

/** Query key of a meeting's team. */
export const teamKey = (meetingId: string) => ['console', 'team', meetingId] as const;

/** GET /console/meetings/{meeting_id}/team: every grant, oldest first. 403 no_permission (team.manage). */
export const teamQueryOptions = (meetingId: string) =>
  queryOptions({
    queryKey: teamKey(meetingId),
    queryFn: () =>
      api.list<TeamMember>(
        fillPath<typeof listTeam>('/console/meetings/:meeting_id/team', { meeting_id: meetingId }),
      ),
  });

/**
 * POST /console/meetings/{meeting_id}/team: grants a role to a phone (with area code) or an e-mail
 * and sends the invitation. Errors: 400 phone.invalid / email.invalid / validation_failed; 403
 * no_permission (an organiser granting owner).
 */
export function inviteMember(meetingId: string, body: InviteTeamMemberBody): Promise<TeamMember> {
  return api.post<TeamMember>(
    fillPath<typeof inviteTeamMember>('/console/meetings/:meeting_id/team', { meeting_id: meetingId }),
    body,
  );
}

/** PUT /console/meetings/{meeting_id}/team/{id}: a new role. Errors: 403 no_permission, 404, 409 team.last_owner. */
export function changeMember(meetingId: string, id: string, body: ChangeTeamMemberBody): Promise<TeamMember> {
  return api.put<TeamMember>(
    fillPath<typeof changeTeamMember>('/console/meetings/:meeting_id/team/:id', {
      meeting_id: meetingId,
      id,
    }),
    body,
  );
}

/** DELETE /console/meetings/{meeting_id}/team/{id}. Errors: 403 no_permission, 404, 409 team.last_owner. */
export function removeMember(meetingId: string, id: string): Promise<{ ok: 1 }> {
  return api.delete<{ ok: 1 }>(
    fillPath<typeof removeTeamMember>('/console/meetings/:meeting_id/team/:id', {
      meeting_id: meetingId,
      id,
    }),
  );
}
