import { and, desc, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from './audit.tables.ts';

/** Queries of the audit log. No rules here. */

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** Appends one audit row. */
export async function insertAuditRow(db: Database, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** Filters of the audit list: one meeting (null: platform rows), optionally one entity or actor. */
export type AuditFilter = {
  meetingId: string | null;
  entity?: string;
  entityId?: string;
  actorUserId?: string;
  action?: string;
  /** Rows older than this id (the previous page's last id). */
  beforeId?: number;
  limit: number;
};

/** Audit rows newest first. */
export async function listAuditRows(db: Database, filter: AuditFilter): Promise<AuditRow[]> {
  const where: SQL[] = [
    filter.meetingId === null ? isNull(auditLog.meetingId) : eq(auditLog.meetingId, filter.meetingId),
  ];
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.actorUserId) where.push(eq(auditLog.actorUserId, filter.actorUserId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}
