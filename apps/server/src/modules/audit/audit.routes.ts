import { listAuditLog } from '@app/contracts';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { listMeetingAudit } from './audit.service.ts';

/** GET /console/meetings/{meeting_id}/audit (DESIGN §7): the meeting's audit log, read-only. */
export function auditRoutes(app: App): void {
  const { db, config } = app.deps;
  app.route({
    ...contractRoute(listAuditLog),
    config: { auth: 'required' },
    handler: async (request) =>
      listMeetingAudit(
        { db, config },
        {
          userId: requireUserId(request),
          meetingId: request.params.meeting_id,
          entity: request.query.entity,
          entityId: request.query.entity_id,
          action: request.query.action,
          beforeId: request.query.before,
        },
      ),
  });
}
