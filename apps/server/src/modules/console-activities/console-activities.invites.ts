import type { ActivityInvite, AddActivityInviteBody, InvitationLink } from '@app/contracts';
import { auditedWrite } from '../audit/audit.service.ts';
import { addInvite, listInvites, mintInvitationLink, removeInvite } from '../tickets/tickets.invites.ts';
import type { ActivityInput, ConsoleActivitiesDeps } from './console-activities.service.ts';

/**
 * The invite list and invitation links of a private activity from the console (§6 private events,
 * DESIGN §7). The rules live in tickets.invites.ts (the same services as GET/POST
 * /activities/{id}/invites …, which use the session's meeting); here the meeting is the console
 * path's, and each write is wrapped in `auditedWrite` so its audit row lands in the same transaction.
 * Those services check `activity.edit` themselves (403 no_permission) and 404 an activity of
 * another meeting.
 */

const target = (input: ActivityInput, entityId: string) => ({
  actorUserId: input.userId,
  meetingId: input.meetingId,
  action: 'activity.edit',
  entity: 'activity_invite',
  entityId,
});

/**
 * GET /console/meetings/{meeting_id}/activities/{id}/invites: the invite list, newest first.
 * @throws 403 no_permission, 404 not_found
 */
export async function listConsoleInvites(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput,
): Promise<ActivityInvite[]> {
  return listInvites(deps, input);
}

/**
 * POST …/invites: a phone (E.164 from phone + area_code) or an e-mail on the list (idempotent).
 * @throws 400 phone.invalid / email.invalid / validation_failed, 403 no_permission, 404 not_found
 */
export async function addConsoleInvite(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { body: AddActivityInviteBody },
): Promise<ActivityInvite> {
  return auditedWrite(deps.db, target(input, input.activityId), async (tx) => {
    const invite = await addInvite({ ...deps, db: tx }, input);
    return { result: invite, before: null, after: invite, entityId: invite._id.$id };
  });
}

/**
 * DELETE …/invites/{invite_id}: takes an entry off the list (idempotent).
 * @throws 403 no_permission, 404 not_found
 */
export async function removeConsoleInvite(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { inviteId: string },
): Promise<{ ok: 1 }> {
  return auditedWrite(deps.db, target(input, input.inviteId), async (tx) => {
    const result = await removeInvite({ ...deps, db: tx }, input);
    return { result, before: { invite_id: input.inviteId }, after: null };
  });
}

/**
 * POST …/invitation_links: a signed invitation link on PUBLIC_URL, `expiresInSeconds` from now
 * (none: no expiry). Audited (who minted a link to what, until when) though nothing else is stored.
 * @throws 403 no_permission, 404 not_found
 */
export async function mintConsoleInvitationLink(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { expiresInSeconds?: number | undefined },
): Promise<InvitationLink> {
  return auditedWrite(
    deps.db,
    { ...target(input, input.activityId), entity: 'invitation_link' },
    async (tx) => {
      const link = await mintInvitationLink({ ...deps, db: tx }, input);
      return { result: link, before: null, after: { expires: link.expires } };
    },
  );
}
