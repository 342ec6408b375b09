import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../users/users.tables.ts';
import { registerModerationTarget } from './moderation.targets.ts';

/**
 * Profiles as moderation targets (kind 'profile', target = the user id): a profile belongs to no
 * meeting (meetingId '') and has no moderation state of its own — blocking one changes nothing
 * visible (the organiser bans the author instead), so setState only confirms the user exists and is
 * not deleted; anyone logged in can see (and report) the profile of a user who is not deleted.
 * Registered when this file loads (imported by moderation.routes.ts).
 */
registerModerationTarget({
  kind: 'profile',
  async setState(tx, input) {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.targetId), eq(users.deleted, 0)));
    return rows.length > 0;
  },
  async canSee(db, targetId) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, targetId), eq(users.deleted, 0)));
    return rows.length > 0;
  },
  async describe(db, targetIds) {
    const described = new Map<
      string,
      { meetingId: string; userId: string; text: string; link: string | null }
    >();
    if (targetIds.length === 0) return described;
    const rows = await db
      .select({
        id: users.id,
        username: users.username,
        workTitle: users.workTitle,
        workCompany: users.workCompany,
      })
      .from(users)
      .where(inArray(users.id, targetIds));
    for (const row of rows) {
      const text = [row.username, row.workTitle, row.workCompany]
        .filter((part) => part.length > 0)
        .join(' · ');
      described.set(row.id, { meetingId: '', userId: row.id, text, link: null });
    }
    return described;
  },
});
