import type { MeetingRoleName } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { users } from '../users/users.tables.ts';

export type { MeetingRoleName };

/**
 * Grants of a role in a meeting to a phone (E.164) or an e-mail (lower-cased) (§6: staff are known by
 * their phone). A grant applies to whichever account holds that phone or e-mail, so an invitation
 * sent before the person has an account applies when they first log in. `reception_role` is the
 * reception sub-role (§3 Meeting `reception_staff_role_1` / `_2`), set for `reception` only.
 */
export const meetingRoles = pgTable(
  'meeting_roles',
  {
    id: idColumn(),
    meetingId: text('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    role: text('role').$type<MeetingRoleName>().notNull(),
    /** 1 or 2: which of the meeting's reception_staff_role_1 / _2 a reception grant carries. */
    receptionRole: text('reception_role'),
    phone: text('phone'),
    email: text('email'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('meeting_roles_phone_uq').on(t.meetingId, t.phone, t.role),
    uniqueIndex('meeting_roles_email_uq').on(t.meetingId, t.email, t.role),
    index('meeting_roles_phone_idx').on(t.phone),
    index('meeting_roles_email_idx').on(t.email),
    check('meeting_roles_address', sql`${t.phone} is not null or ${t.email} is not null`),
    check('meeting_roles_email_lower', sql`${t.email} = lower(${t.email})`),
    check(
      'meeting_roles_role',
      sql`${t.role} in ('owner','organiser','editor','registration','checkin','reception','finance')`,
    ),
  ],
);

/**
 * Platform administrators (DESIGN §7 `admin`): create meetings and grant owners. Known by phone or
 * e-mail like meeting grants; ADMIN_PHONES / ADMIN_EMAILS of the environment count as well.
 */
export const platformAdmins = pgTable(
  'platform_admins',
  {
    id: idColumn(),
    phone: text('phone'),
    email: text('email'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('platform_admins_phone_uq').on(t.phone),
    uniqueIndex('platform_admins_email_uq').on(t.email),
    check('platform_admins_address', sql`${t.phone} is not null or ${t.email} is not null`),
    check('platform_admins_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);
