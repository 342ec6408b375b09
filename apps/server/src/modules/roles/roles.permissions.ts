import type { ConsoleAction, MeetingRoleName } from '@app/contracts';

/**
 * The one permission table of the console (DESIGN §7, §6): which meeting roles may do which action.
 * A platform administrator may do everything, in every meeting. Services ask `can(access, action)`
 * (roles.service.ts `requireCan`); the console hides what a role cannot do from the same table
 * (GET /console/me answers each meeting's allowed actions).
 */
export const permissions = {
  /** See the meeting in the console, its dashboard and settings (read-only). */
  'meeting.read': ['owner', 'organiser', 'editor', 'registration', 'checkin', 'reception', 'finance'],
  /** Edit the meeting's §3 fields, languages, theme and wording. */
  'meeting.update': ['owner', 'organiser'],
  /** Archive (`old`), soft-delete and restore the meeting. */
  'meeting.archive': ['owner'],
  /** Invite, change and remove the meeting's team (an organiser cannot grant or remove owners). */
  'team.manage': ['owner', 'organiser'],
  /** Programme: schedule import/export, sessions, speakers, rooms, agenda. */
  'programme.edit': ['owner', 'organiser', 'editor'],
  /** Activities: fields, sources, ticket types, forms, groups, invite lists. */
  'activity.edit': ['owner', 'organiser'],
  /** Read registrations, their answers and the check-in list. */
  'registration.read': ['owner', 'organiser', 'registration'],
  /** Approve and reject registrations (§4). */
  'registration.review': ['owner', 'organiser', 'registration'],
  /** Add registrants by hand (`input_by_admin`, §6), import them, assign seats. */
  'registration.edit': ['owner', 'organiser', 'registration'],
  /** Export registrations (CSV, XLSX). */
  'registration.export': ['owner', 'organiser', 'registration'],
  /** Check tickets in (§6 reception staff: a phone on the staff list). */
  'ticket.checkin': ['owner', 'organiser', 'registration', 'checkin'],
  /** Exhibitor applications, enterprises, products, industries, exhibitor groups, passwords. */
  'exhibitor.manage': ['owner', 'organiser', 'editor'],
  /** The appointments overview and its export. */
  'appointment.read': ['owner', 'organiser', 'editor'],
  /** The reception desk (§3 reception staff roles). */
  'reception.desk': ['owner', 'organiser', 'reception'],
  /** Orders and invoices. */
  'finance.read': ['owner', 'organiser', 'finance'],
  /** The dashboard's figures. */
  'dashboard.read': ['owner', 'organiser', 'editor', 'registration', 'finance'],
  /** The audit log and failed jobs of the meeting. */
  'audit.read': ['owner', 'organiser'],
  /** The home and content pages: edit the block draft, make pages, sign preview links (§3). */
  'pages.edit': ['owner', 'organiser', 'editor'],
  /** Publish the block draft and roll back to an older version (§3 block_release_version). */
  'pages.publish': ['owner', 'organiser'],
  /** News (§3 News): write, schedule, publish, unpublish and delete news items and their categories. */
  'news.edit': ['owner', 'organiser', 'editor'],
  /** Refund orders, in full or in part, through the payment provider (§3 Order refund amount). */
  'finance.refund': ['owner', 'organiser', 'finance'],
  /** The meeting's payment provider, its credentials, currency and payment window. */
  'finance.settings': ['owner', 'organiser'],
  /** Coupons and discounts (§3 Discount, §9 discount types 1–3). */
  'commerce.edit': ['owner', 'organiser', 'finance'],
  /** The invoice queue (§4 Invoice): issue (PDF or number) or reject with a reason. */
  'invoice.process': ['owner', 'organiser', 'finance'],
  /** Community (§3 Demand, Question, Price inquiry, threads): read every item, hidden ones included. */
  'community.read': ['owner', 'organiser', 'editor'],
  /** The moderation queue (§5 sensitive content): approve, block, unblock, delete, ban posters, word lists. */
  'community.moderate': ['owner', 'organiser', 'editor'],
  /** Participants' meeting profiles (§3 exposure, membership levels), the people list and its export. */
  'people.read': ['owner', 'organiser', 'editor', 'registration'],
  /** Set membership levels, special identities (§6) and tags of participants. */
  'people.manage': ['owner', 'organiser'],
  /** Votes (§3 Vote, Vote player): create, limits, deadline, candidates, results export. */
  'votes.edit': ['owner', 'organiser', 'editor'],
  /** Lives (§3 Live): create, edit, pause, stream keys, figures. */
  'lives.edit': ['owner', 'organiser', 'editor'],
  /** Live chat (§7 PUT /lives/{id}/users/{user_id}): mute, ban, pin, delete, allow users into private lives. */
  'lives.moderate': ['owner', 'organiser', 'editor'],
  /** Reception setup (§3 Guest, phases): import and edit guests, phases and their forms, assign staff, the arrivals board, export. */
  'reception.manage': ['owner', 'organiser'],
  /** Real-name credentials (§3 Registrant ID number): counts by kind and masked numbers. */
  'credentials.read': ['owner', 'organiser', 'registration'],
  /** Real-name credentials: reveal one full ID number (audited). */
  'credentials.reveal': ['owner'],
  /** Real-name rule of the meeting: required, accepted kinds, retention days. */
  'credentials.settings': ['owner', 'organiser'],
  /** Credits an activity awards on check-in, the certificate wording, the credits export. */
  'credits.edit': ['owner', 'organiser', 'registration'],
  /** Union codes (§7 GET /activity/unioncodes): import a partner's codes, see and export their use. */
  'unioncodes.edit': ['owner', 'organiser', 'registration'],
  /**
   * WeChat and sign-in set-up of the meeting (§3 wechat_authorize, DESIGN §8): the official account and
   * mini-program credentials, the third-party platform authorisation, the login methods, the meeting's
   * own OpenID Connect sign-in (§2 /oauth/chinaief).
   */
  'wechat.settings': ['owner', 'organiser'],
  /** The copilot's settings, limits, prices and extra knowledge (§1 AI copilot, §3 copilot_*). */
  'copilot.settings': ['owner', 'organiser'],
  /** Reading the copilot's conversations, flagging wrong answers, usage and cost (§1 AI copilot). */
  'copilot.review': ['owner', 'organiser', 'editor'],
} as const satisfies Record<ConsoleAction, readonly MeetingRoleName[]>;

export type { ConsoleAction };

/** Platform-wide actions: only platform administrators. */
export type PlatformAction = 'platform.meetings' | 'platform.admins';

/** Who a caller is in one meeting: platform administrator or not, and the meeting roles held. */
export type MeetingAccess = { isAdmin: boolean; roles: readonly MeetingRoleName[] };

/** Whether `access` allows `action` (DESIGN §7). */
export function can(access: MeetingAccess, action: ConsoleAction): boolean {
  if (access.isAdmin) return true;
  const allowed: readonly MeetingRoleName[] = permissions[action];
  return access.roles.some((role) => allowed.includes(role));
}

/** Every action `access` allows, in the table's order (for the console to show and hide screens). */
export function allowedActions(access: MeetingAccess): ConsoleAction[] {
  return (Object.keys(permissions) as ConsoleAction[]).filter((action) => can(access, action));
}
