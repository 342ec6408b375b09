import type { ConsoleMe, InviteTeamMemberBody, MeetingRoleName, TeamMember } from '@app/contracts';
import { ErrorCode, toWireId } from '@app/contracts';
import { localize } from '@app/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { uniqueViolation, violatedConstraintOf } from '../../db/pg-errors.ts';
import { flag, unix } from '../../db/wire.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { fill, messageCatalogue } from '../codes/codes.messages.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { findConsoleMeetings, findMeetingById } from '../meetings/meetings.repository.ts';
import { deliverMessageJob, queueMail, queueSms } from '../messages/messages.service.ts';
import { publicLink } from '../shared/public-links.ts';
import { findUserByEmail, findUserById, findUserByPhone } from '../users/users.repository.ts';
import { allowedActions, can } from './roles.permissions.ts';
import {
  countMeetingRolesForUpdate,
  deleteMeetingRole,
  findMeetingRole,
  insertMeetingRole,
  listMeetingRoles,
  type MeetingRoleRow,
  updateMeetingRole,
} from './roles.repository.ts';
import { addressFromInput, grantsOfUser, type RolesDeps, requireCan } from './roles.service.ts';

/**
 * The console's team page (DESIGN §7, §6): grants of a meeting's roles to phones and e-mails,
 * invitations by SMS or e-mail, role changes and removals, each written with its audit row.
 */

/** What sending an invitation needs besides the database. */
export type TeamDeps = RolesDeps & {
  config: RolesDeps['config'] & Pick<Config, 'PUBLIC_URL'>;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

/** The console link of a meeting, as invitations carry it. */
function consoleLink(config: Pick<Config, 'PUBLIC_URL'>, meetingId: string): string {
  return publicLink(config, `/#/console/meetings/${meetingId}`);
}

async function toTeamMember(db: Database, row: MeetingRoleRow): Promise<TeamMember> {
  const holder = row.phone
    ? await findUserByPhone(db, row.phone)
    : row.email
      ? await findUserByEmail(db, row.email)
      : undefined;
  return {
    _id: toWireId(row.id),
    role: row.role,
    reception_role: row.receptionRole,
    phone: row.phone,
    email: row.email,
    user: holder && holder.deleted === 0 ? { _id: toWireId(holder.id), username: holder.username } : null,
    created: unix(row.createdAt),
  };
}

/** A grant as the audit log keeps it. */
function auditView(row: MeetingRoleRow | undefined) {
  return row
    ? { role: row.role, reception_role: row.receptionRole, phone: row.phone, email: row.email }
    : null;
}

/**
 * GET /console/me: whether the caller is a platform administrator and the meetings they may open
 * (every meeting for an administrator), each with their roles and allowed actions. Deleted meetings
 * are listed for those who may restore them (meeting.archive) only.
 */
export async function getConsoleMe(deps: RolesDeps, userId: string): Promise<ConsoleMe> {
  const { isAdmin, meetings: grants } = await grantsOfUser(deps, userId);
  const rows = await findConsoleMeetings(deps.db, isAdmin ? null : [...grants.keys()]);
  const meetings = rows.flatMap((row) => {
    const roles = grants.get(row.id) ?? [];
    const actions = allowedActions({ isAdmin, roles });
    if (row.deleted === 1 && !can({ isAdmin, roles }, 'meeting.archive')) return [];
    return [
      {
        _id: toWireId(row.id),
        title: row.title,
        cover: row.cover,
        domain: row.domain,
        start: unix(row.start),
        end: unix(row.end),
        time_zone: row.timeZone,
        old: flag(row.old),
        deleted: flag(row.deleted),
        roles,
        actions,
      },
    ];
  });
  return { is_admin: isAdmin ? 1 : 0, has_console: isAdmin || meetings.length > 0 ? 1 : 0, meetings };
}

/** GET /console/meetings/{meeting_id}/team. @throws 403 no_permission (team.manage). */
export async function listTeam(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<TeamMember[]> {
  await requireCan(deps, { ...input, action: 'team.manage' });
  const rows = await listMeetingRoles(deps.db, input.meetingId);
  return Promise.all(rows.map((row) => toTeamMember(deps.db, row)));
}

/** Owners are granted and removed by owners and administrators only. @throws 403 no_permission. */
function requireOwnerRights(
  access: { isAdmin: boolean; roles: readonly MeetingRoleName[] },
  role: MeetingRoleName,
): void {
  if (role === 'owner' && !access.isAdmin && !access.roles.includes('owner')) throw noPermission();
}

/**
 * POST /console/meetings/{meeting_id}/team: grants `role` to a phone or e-mail and queues the
 * invitation (SMS for a phone, e-mail otherwise) with the console link, in the grant's transaction.
 * Idempotent: a grant already there is answered as it is, without a second message.
 * @throws 400 phone.invalid / email.invalid / validation_failed; 403 no_permission; 404 not_found.
 */
export async function inviteTeamMember(
  deps: TeamDeps,
  input: { userId: string; meetingId: string; body: InviteTeamMemberBody },
): Promise<TeamMember> {
  const access = await requireCan(deps, {
    userId: input.userId,
    meetingId: input.meetingId,
    action: 'team.manage',
  });
  requireOwnerRights(access, input.body.role);
  const meeting = await findMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('meeting');
  const address = addressFromInput(input.body);
  const inviter = await findUserById(deps.db, input.userId);
  const receptionRole = input.body.role === 'reception' ? (input.body.reception_role ?? '1') : null;
  const row = await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action: 'team.manage', entity: 'meeting_role' },
    async (tx) => {
      const { row, isNew } = await insertMeetingRole(tx, {
        id: newId(),
        meetingId: input.meetingId,
        role: input.body.role,
        receptionRole,
        phone: address.phone,
        email: address.email,
        invitedBy: input.userId,
      });
      if (isNew) {
        const language = input.body.lang ?? 'en';
        const catalogue = messageCatalogue(language).team ?? messageCatalogue('en').team;
        const english = messageCatalogue('en').team;
        const text = (key: 'invite' | 'inviteSubject') => catalogue?.[key] ?? english?.[key] ?? '';
        const values = {
          inviter: inviter?.username || inviter?.phone || inviter?.email || '',
          meeting: localize(meeting.title, language),
          role: catalogue?.roles?.[input.body.role] ?? input.body.role,
          address: address.phone ?? address.email ?? '',
          link: consoleLink(deps.config, input.meetingId),
        };
        const queueDeps = { ...deps, db: tx };
        if (address.phone) {
          await queueSms(queueDeps, {
            message: { to: address.phone, text: fill(text('invite'), values), templateParams: values },
            meetingId: input.meetingId,
          });
        } else if (address.email) {
          await queueMail(queueDeps, {
            message: {
              to: address.email,
              subject: fill(text('inviteSubject'), values),
              text: fill(text('invite'), values),
            },
            meetingId: input.meetingId,
          });
        }
      }
      return { result: row, before: null, after: isNew ? auditView(row) : null, entityId: row.id };
    },
  );
  deps.jobs.wake(deliverMessageJob);
  return toTeamMember(deps.db, row);
}

/** Refuses a change that leaves a meeting without an owner. @throws 409 team.last_owner. */
async function keepAnOwner(db: Database, meetingId: string, row: MeetingRoleRow): Promise<void> {
  if (row.role !== 'owner') return;
  if ((await countMeetingRolesForUpdate(db, meetingId, ['owner'])) <= 1) {
    throw new AppError(409, ErrorCode.teamLastOwner, "The meeting's last owner cannot be removed");
  }
}

/**
 * PUT /console/meetings/{meeting_id}/team/{id}: changes a grant's role.
 * @throws 403 no_permission; 404 not_found; 409 team.last_owner.
 */
export async function changeTeamMember(
  deps: RolesDeps,
  input: {
    userId: string;
    meetingId: string;
    memberId: string;
    role: MeetingRoleName;
    receptionRole?: string | undefined;
  },
): Promise<TeamMember> {
  const access = await requireCan(deps, {
    userId: input.userId,
    meetingId: input.meetingId,
    action: 'team.manage',
  });
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'team.manage',
      entity: 'meeting_role',
      entityId: input.memberId,
    },
    async (tx) => {
      const before = await findMeetingRole(tx, input.meetingId, input.memberId);
      if (!before) throw notFound('team member');
      requireOwnerRights(access, before.role);
      requireOwnerRights(access, input.role);
      if (input.role !== 'owner') await keepAnOwner(tx, input.meetingId, before);
      const after = await updateMeetingRole(tx, before.id, {
        role: input.role,
        receptionRole:
          input.role === 'reception' ? (input.receptionRole ?? before.receptionRole ?? '1') : null,
      });
      if (!after) throw notFound('team member');
      return { result: after, before: auditView(before), after: auditView(after) };
    },
  ).catch((error: unknown) => {
    // drizzle wraps the driver's error: its SQLSTATE is on `cause` (db/pg-errors.ts), not on the error.
    if (violatedConstraintOf(error, uniqueViolation) !== null) {
      throw new AppError(409, ErrorCode.alreadyUsed, 'This person already holds that role', [
        { path: 'body/role', message: 'already held' },
      ]);
    }
    throw error;
  });
  return toTeamMember(deps.db, row);
}

/**
 * DELETE /console/meetings/{meeting_id}/team/{id}: removes a grant.
 * @throws 403 no_permission; 404 not_found; 409 team.last_owner.
 */
export async function removeTeamMember(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; memberId: string },
): Promise<{ ok: 1 }> {
  const access = await requireCan(deps, {
    userId: input.userId,
    meetingId: input.meetingId,
    action: 'team.manage',
  });
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'team.manage',
      entity: 'meeting_role',
      entityId: input.memberId,
    },
    async (tx) => {
      const before = await findMeetingRole(tx, input.meetingId, input.memberId);
      if (!before) throw notFound('team member');
      requireOwnerRights(access, before.role);
      await keepAnOwner(tx, input.meetingId, before);
      await deleteMeetingRole(tx, before.id);
      return { result: null, before: auditView(before), after: null };
    },
  );
  return { ok: 1 };
}
