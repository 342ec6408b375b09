import { z } from 'zod';
import { Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * The organiser console's access calls (DESIGN §7, §6): who the caller is in each meeting, the
 * meeting's team, platform administrators and the audit log. Every console call lives under
 * `/console/…` and is declared in `packages/contracts/src/console/` (one place for the console).
 * A caller without the right gets 403 `no_permission`, which the client shows without logging out.
 */

/** Roles per meeting (DESIGN §7); `admin` is platform-wide and not granted per meeting. */
export const meetingRoleNames = [
  'owner',
  'organiser',
  'editor',
  'registration',
  'checkin',
  'reception',
  'finance',
] as const;
export const MeetingRoleName = z.enum(meetingRoleNames);
export type MeetingRoleName = z.infer<typeof MeetingRoleName>;

/** The console's actions (the server's permission table maps roles to them). */
export const consoleActions = [
  'meeting.read',
  'meeting.update',
  'meeting.archive',
  'team.manage',
  'programme.edit',
  'activity.edit',
  'registration.read',
  'registration.review',
  'registration.edit',
  'registration.export',
  'ticket.checkin',
  'exhibitor.manage',
  'appointment.read',
  'reception.desk',
  'finance.read',
  'dashboard.read',
  'audit.read',
  'pages.edit',
  'pages.publish',
  'news.edit',
  'finance.refund',
  'finance.settings',
  'commerce.edit',
  'invoice.process',
  'community.read',
  'community.moderate',
  'people.read',
  'people.manage',
  'votes.edit',
  'lives.edit',
  'lives.moderate',
  'reception.manage',
  'credentials.read',
  'credentials.reveal',
  'credentials.settings',
  'credits.edit',
  'unioncodes.edit',
  'wechat.settings',
  'copilot.settings',
  'copilot.review',
] as const;
export const ConsoleAction = z.enum(consoleActions);
export type ConsoleAction = z.infer<typeof ConsoleAction>;

/** Path parameters of a meeting's console calls. */
export const ConsoleMeetingParams = z.object({ meeting_id: ObjectIdString });
/** Path parameters of one item of a meeting's console calls. */
export const ConsoleMeetingItemParams = z.object({ meeting_id: ObjectIdString, id: ObjectIdString });

/** A meeting as the console's switcher lists it, with what the caller may do there. */
export const ConsoleMeetingSummary = z.object({
  _id: WireId,
  title: LocalizedText,
  cover: z.string(),
  domain: z.string().nullable(),
  start: UnixSeconds,
  end: UnixSeconds,
  time_zone: z.string(),
  /** 1: archived. */
  old: Flag,
  /** 1: deleted (restorable; administrators and owners see it). */
  deleted: Flag,
  roles: z.array(MeetingRoleName),
  actions: z.array(ConsoleAction),
});
export type ConsoleMeetingSummary = z.infer<typeof ConsoleMeetingSummary>;

/** GET /console/me: whether the caller is a platform administrator and their meetings. */
export const ConsoleMe = z.object({
  is_admin: Flag,
  /** 1 when the caller may open the console at all (an administrator or a role in some meeting). */
  has_console: Flag,
  meetings: z.array(ConsoleMeetingSummary),
});
export type ConsoleMe = z.infer<typeof ConsoleMe>;

export const getConsoleMe = defineRoute({
  method: 'GET',
  path: '/console/me',
  summary:
    'The caller in the console: platform administrator or not, and every meeting they may open (all meetings for an administrator) with their roles and allowed actions. 401 login.required.',
  spec: '§6 roles, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  response: ConsoleMe,
});

/** One grant of a meeting's team. */
export const TeamMember = z.object({
  _id: WireId,
  role: MeetingRoleName,
  /** '1' or '2': the meeting's reception_staff_role_1 / _2 a reception grant carries; null otherwise. */
  reception_role: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The account now holding that phone or e-mail (null until the person logs in). */
  user: z.object({ _id: WireId, username: z.string() }).nullable(),
  created: UnixSeconds,
});
export type TeamMember = z.infer<typeof TeamMember>;

/** Body of POST /console/meetings/{meeting_id}/team: a role for a phone (with area code) or an e-mail. */
export const InviteTeamMemberBody = z.strictObject({
  role: MeetingRoleName,
  reception_role: z.enum(['1', '2']).optional(),
  phone: z.string().trim().max(textLimits.phone).optional(),
  area_code: z.string().trim().max(textLimits.areaCode).optional(),
  email: z.string().trim().max(textLimits.email).optional(),
  /** UI language of the invitation SMS or e-mail. */
  lang: z.string().max(8).optional(),
});
export type InviteTeamMemberBody = z.infer<typeof InviteTeamMemberBody>;

/** Body of PUT /console/meetings/{meeting_id}/team/{id}: the new role. */
export const ChangeTeamMemberBody = z.strictObject({
  role: MeetingRoleName,
  reception_role: z.enum(['1', '2']).optional(),
});
export type ChangeTeamMemberBody = z.infer<typeof ChangeTeamMemberBody>;

export const listTeam = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/team',
  summary: "A meeting's team: every role granted, oldest first. 403 no_permission (needs team.manage).",
  spec: '§6 roles, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  response: resultsOf(TeamMember),
});

export const inviteTeamMember = defineRoute({
  method: 'POST',
  path: '/console/meetings/:meeting_id/team',
  summary:
    'Grants a role to a phone or an e-mail and sends an invitation (SMS or e-mail with a link to the console); the grant applies when that person logs in. Idempotent per address and role. 400 phone.invalid / email.invalid / validation_failed; 403 no_permission (an organiser cannot grant owner).',
  spec: '§6 roles, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  body: InviteTeamMemberBody,
  response: TeamMember,
});

export const changeTeamMember = defineRoute({
  method: 'PUT',
  path: '/console/meetings/:meeting_id/team/:id',
  summary:
    "Changes a grant's role. 403 no_permission (owners only change owners); 404 not_found; 409 team.last_owner (the meeting's last owner).",
  spec: '§6 roles, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  body: ChangeTeamMemberBody,
  response: TeamMember,
});

export const removeTeamMember = defineRoute({
  method: 'DELETE',
  path: '/console/meetings/:meeting_id/team/:id',
  summary: 'Removes a grant. 403 no_permission; 404 not_found; 409 team.last_owner.',
  spec: '§6 roles, DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingItemParams,
  response: z.object({ ok: z.literal(1) }),
});

/** One platform administrator. */
export const PlatformAdmin = z.object({
  _id: WireId,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** 1: listed in ADMIN_PHONES / ADMIN_EMAILS (changed only in the environment). */
  from_environment: Flag,
  created: UnixSeconds,
});
export type PlatformAdmin = z.infer<typeof PlatformAdmin>;

export const listPlatformAdmins = defineRoute({
  method: 'GET',
  path: '/console/admins',
  summary: 'Platform administrators. 403 no_permission (administrators only).',
  spec: 'DESIGN §7',
  tags: ['console'],
  isPublic: false,
  response: resultsOf(PlatformAdmin),
});

export const addPlatformAdmin = defineRoute({
  method: 'POST',
  path: '/console/admins',
  summary:
    'Adds a platform administrator by phone or e-mail. 400 phone.invalid / email.invalid; 403 no_permission.',
  spec: 'DESIGN §7',
  tags: ['console'],
  isPublic: false,
  body: z.strictObject({
    phone: z.string().trim().max(textLimits.phone).optional(),
    area_code: z.string().trim().max(textLimits.areaCode).optional(),
    email: z.string().trim().max(textLimits.email).optional(),
  }),
  response: PlatformAdmin,
});

export const removePlatformAdmin = defineRoute({
  method: 'DELETE',
  path: '/console/admins/:id',
  summary: 'Removes a platform administrator (not oneself). 403 no_permission; 404 not_found.',
  spec: 'DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  response: z.object({ ok: z.literal(1) }),
});

/** One audit row: who, when, what, before → after (DESIGN §7). */
export const AuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  actor: z
    .object({ _id: WireId, username: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created: UnixSeconds,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const listAuditLog = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/audit',
  summary:
    "A meeting's audit log, newest first, 50 a page (`before`: the last id of the previous page), filterable by entity, entity id and action. 403 no_permission (needs audit.read).",
  spec: 'DESIGN §7',
  tags: ['console'],
  isPublic: false,
  params: ConsoleMeetingParams,
  querystring: z.object({
    entity: z.string().max(40).optional(),
    entity_id: z.string().max(40).optional(),
    action: z.string().max(40).optional(),
    before: z.coerce.number().int().min(1).optional(),
  }),
  response: z.object({ results: z.array(AuditEntry), next_before: z.number().int().nullable() }),
});
