import {
  getEnterpriseInvites as getEnterpriseInvitesContract,
  listConsoleInviteCounts as listConsoleInviteCountsContract,
  recordEnterpriseInvite as recordEnterpriseInviteContract,
} from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { getInviteReport, listInviteCounts, recordInvite } from './invites.service.ts';

/**
 * Invitation attribution (§7 POST /enterprises/{id}/invites): recording a visit, the exhibitor's
 * report (GET /enterprises/{id}/invites) and the organiser's per-enterprise counts
 * (GET /console/meetings/{meeting_id}/invites).
 */
export function inviteRoutes(app: App): void {
  const { db, config } = app.deps;

  app.route({
    ...contractRoute(recordEnterpriseInviteContract),
    handler: async (request) =>
      recordInvite(
        { db },
        {
          enterpriseId: request.params.id,
          meetingId: request.body.meeting_id,
          deviceId: request.actor.deviceId,
          userId: request.actor.userId,
        },
      ),
  });

  app.route({
    ...contractRoute(getEnterpriseInvitesContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getInviteReport(
        { db },
        {
          userId: requireUserId(request),
          enterpriseId: request.params.id,
          meetingId: request.query.meeting_id,
        },
      ),
  });

  app.route({
    ...contractRoute(listConsoleInviteCountsContract),
    config: { auth: 'required' },
    handler: async (request) =>
      listInviteCounts(
        { db, config },
        { userId: requireUserId(request), meetingId: request.params.meeting_id },
      ),
  });
}
