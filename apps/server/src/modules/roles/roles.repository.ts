import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type MeetingRoleName, meetingRoles, platformAdmins } from './roles.tables.ts';

/** Queries of the roles module: meeting grants and platform administrators. No rules here. */

export type MeetingRoleRow = typeof meetingRoles.$inferSelect;
export type PlatformAdminRow = typeof platformAdmins.$inferSelect;

/** A phone (E.164) and/or a lower-cased e-mail a grant may name. */
export type Address = { phone: string | null; email: string | null };

function matchesAddress(
  columns: {
    phone: typeof meetingRoles.phone | typeof platformAdmins.phone;
    email: typeof meetingRoles.email | typeof platformAdmins.email;
  },
  address: Address,
): SQL | undefined {
  const tests: SQL[] = [];
  if (address.phone) tests.push(eq(columns.phone, address.phone));
  if (address.email) tests.push(eq(columns.email, address.email));
  return tests.length === 0 ? undefined : or(...tests);
}

/** The grants naming an address, in one meeting or (meetingId null) in every meeting. */
export async function findGrantsOfAddress(
  db: Database,
  address: Address,
  meetingId: string | null,
): Promise<MeetingRoleRow[]> {
  const match = matchesAddress(meetingRoles, address);
  if (!match) return [];
  return db
    .select()
    .from(meetingRoles)
    .where(meetingId ? and(eq(meetingRoles.meetingId, meetingId), match) : match);
}

/** Whether an address is on the platform administrators' list. */
export async function isAdminAddress(db: Database, address: Address): Promise<boolean> {
  const match = matchesAddress(platformAdmins, address);
  if (!match) return false;
  const rows = await db.select({ id: platformAdmins.id }).from(platformAdmins).where(match).limit(1);
  return rows.length > 0;
}

/** A meeting's grants, oldest first. */
export async function listMeetingRoles(db: Database, meetingId: string): Promise<MeetingRoleRow[]> {
  return db
    .select()
    .from(meetingRoles)
    .where(eq(meetingRoles.meetingId, meetingId))
    .orderBy(asc(meetingRoles.createdAt), asc(meetingRoles.id));
}

/** One grant of a meeting by id. */
export async function findMeetingRole(
  db: Database,
  meetingId: string,
  id: string,
): Promise<MeetingRoleRow | undefined> {
  const [row] = await db
    .select()
    .from(meetingRoles)
    .where(and(eq(meetingRoles.meetingId, meetingId), eq(meetingRoles.id, id)))
    .limit(1);
  return row;
}

/** Adds a grant; an identical one (same meeting, address and role) is kept and returned instead. */
export async function insertMeetingRole(
  db: Database,
  row: typeof meetingRoles.$inferInsert,
): Promise<{ row: MeetingRoleRow; isNew: boolean }> {
  const [inserted] = await db.insert(meetingRoles).values(row).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, isNew: true };
  const [existing] = await db
    .select()
    .from(meetingRoles)
    .where(
      and(
        eq(meetingRoles.meetingId, row.meetingId),
        eq(meetingRoles.role, row.role),
        row.phone ? eq(meetingRoles.phone, row.phone) : eq(meetingRoles.email, row.email ?? ''),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('meeting role conflict without a matching row');
  return { row: existing, isNew: false };
}

/** Changes a grant's role (and reception sub-role). */
export async function updateMeetingRole(
  db: Database,
  id: string,
  patch: { role: MeetingRoleName; receptionRole: string | null },
): Promise<MeetingRoleRow | undefined> {
  const [row] = await db.update(meetingRoles).set(patch).where(eq(meetingRoles.id, id)).returning();
  return row;
}

/** Removes a grant. */
export async function deleteMeetingRole(db: Database, id: string): Promise<void> {
  await db.delete(meetingRoles).where(eq(meetingRoles.id, id));
}

/**
 * How many grants of `roles` a meeting has, locking them (FOR UPDATE) until the transaction ends: two
 * owners removing each other at once are counted one after the other, so the meeting keeps one.
 */
export async function countMeetingRolesForUpdate(
  db: Database,
  meetingId: string,
  roles: MeetingRoleName[],
): Promise<number> {
  const rows = await db
    .select({ id: meetingRoles.id })
    .from(meetingRoles)
    .where(and(eq(meetingRoles.meetingId, meetingId), inArray(meetingRoles.role, roles)))
    .for('update');
  return rows.length;
}

/** Platform administrators, oldest first. */
export async function listPlatformAdmins(db: Database): Promise<PlatformAdminRow[]> {
  return db.select().from(platformAdmins).orderBy(asc(platformAdmins.createdAt), asc(platformAdmins.id));
}

/** Adds a platform administrator; an address already listed is kept. */
export async function insertPlatformAdmin(
  db: Database,
  row: typeof platformAdmins.$inferInsert,
): Promise<boolean> {
  const inserted = await db.insert(platformAdmins).values(row).onConflictDoNothing().returning();
  return inserted.length > 0;
}

/** Removes a platform administrator by id. */
export async function deletePlatformAdmin(db: Database, id: string): Promise<PlatformAdminRow | undefined> {
  const [row] = await db.delete(platformAdmins).where(eq(platformAdmins.id, id)).returning();
  return row;
}
