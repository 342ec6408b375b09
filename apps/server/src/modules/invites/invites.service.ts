import type { InviteReport } from '@app/contracts';
import { toWireId } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { unix } from '../../db/wire.ts';
import { badRequest, noPermission, notFound } from '../../errors.ts';
import { findBinding } from '../exhibitors/exhibitors.repository.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import {
  countVisitors,
  findInviteCounts,
  findInviteReport,
  isExhibiting,
  upsertInvite,
} from './invites.repository.ts';

export type InvitesDeps = { db: Database; config: RolesDeps['config'] & Partial<Config> };

/**
 * POST /enterprises/{id}/invites (§7): records a visitor who opened the enterprise's page through its
 * invitation poster — one per device, enterprise and meeting; the session's user is added when
 * logged in, so a registration they make afterwards is the enterprise's (invites.repository.ts
 * attributedTicket). Anonymous callers count by their device-id header.
 * @returns the enterprise's visitor total in the meeting
 * @throws 400 device_id_required — neither a device id nor a session; 404 not_found — the
 *   enterprise does not exhibit at the meeting
 */
export async function recordInvite(
  deps: Pick<InvitesDeps, 'db'>,
  input: { enterpriseId: string; meetingId: string; deviceId: string | null; userId: string | null },
): Promise<{ visitors_total: number }> {
  const deviceId = input.deviceId || (input.userId ? `user:${input.userId}` : '');
  if (!deviceId) throw badRequest('device_id_required', 'A device-id header is required');
  if (!(await isExhibiting(deps.db, input.meetingId, input.enterpriseId))) throw notFound('Enterprise');
  await upsertInvite(deps.db, {
    meetingId: input.meetingId,
    enterpriseId: input.enterpriseId,
    deviceId,
    userId: input.userId,
  });
  return { visitors_total: await countVisitors(deps.db, input.meetingId, input.enterpriseId) };
}

/**
 * GET /enterprises/{id}/invites?meeting_id (§2 /meeting/exhibitor/manage): what the enterprise's
 * invitation brought — visitors, registrations, the latest 50 visitors — for the exhibitor bound to
 * that enterprise in the meeting only.
 * @throws 403 no_permission — the caller is not bound to this enterprise in the meeting
 */
export async function getInviteReport(
  deps: Pick<InvitesDeps, 'db'>,
  input: { userId: string; enterpriseId: string; meetingId: string },
): Promise<InviteReport> {
  const binding = await findBinding(deps.db, input.userId, input.meetingId);
  if (!binding || binding.enterpriseId !== input.enterpriseId) throw noPermission();
  const report = await findInviteReport(deps.db, input.meetingId, input.enterpriseId);
  return {
    visitors_total: report.visitors,
    registrations_total: report.registrations,
    visitors: report.latest.map((row) => ({
      name: row.name,
      registered: row.isRegistered ? 1 : 0,
      created: unix(row.createdAt),
    })),
  };
}

/**
 * GET /console/meetings/{meeting_id}/invites (DESIGN §7): per exhibiting enterprise with visitors,
 * the visitors and registrations its invitation brought, most visitors first.
 * @throws 403 no_permission — the caller may not manage the meeting's exhibitors
 */
export async function listInviteCounts(deps: InvitesDeps, input: { userId: string; meetingId: string }) {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'exhibitor.manage' });
  const rows = await findInviteCounts(deps.db, input.meetingId);
  return {
    results: rows.map((row) => ({
      enterprise_id: toWireId(row.enterpriseId),
      title: row.title,
      visitors_total: row.visitors,
      registrations_total: row.registrations,
    })),
  };
}
