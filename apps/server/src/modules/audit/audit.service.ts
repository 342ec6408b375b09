import { type AuditEntry, toWireId } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { findUsersByIds } from '../users/users.repository.ts';
import { type AuditFilter, insertAuditRow, listAuditRows } from './audit.repository.ts';

/** Who writes what: the audit row's identity part (DESIGN §7). */
export type AuditTarget = {
  /** The user who writes. */
  actorUserId: string;
  /** The meeting written to; null for platform writes (a new meeting names itself in `entityId`). */
  meetingId: string | null;
  /** The permission action exercised (roles.permissions.ts), e.g. 'meeting.update'. */
  action: string;
  /** Entity kind, e.g. 'meeting', 'activity', 'ticket', 'meeting_role'. */
  entity: string;
  entityId?: string | null;
};

/** What a console write reports back to `auditedWrite`: its result and the entity before and after. */
export type AuditedChange<T> = {
  result: T;
  /** The entity before the write (null when created). */
  before?: unknown;
  /** The entity after the write (null when deleted). */
  after?: unknown;
  /** The written entity's id when only known after the write (a created row). */
  entityId?: string | null;
  /** Another meeting id when only known after the write (a created meeting). */
  meetingId?: string | null;
};

/**
 * The one path of every console write (DESIGN §7): runs `work` in a transaction and appends the audit
 * row — who, when, what, before → after — in the same transaction, so a write without its audit row
 * (or the reverse) never exists. `work` receives the transaction; whatever it throws rolls both back.
 */
export async function auditedWrite<T>(
  db: Database,
  target: AuditTarget,
  work: (tx: Database) => Promise<AuditedChange<T>>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const change = await work(tx);
    await insertAuditRow(tx, {
      meetingId: change.meetingId !== undefined ? change.meetingId : target.meetingId,
      actorUserId: target.actorUserId,
      action: target.action,
      entity: target.entity,
      entityId: change.entityId ?? target.entityId ?? null,
      before: change.before ?? null,
      after: change.after ?? null,
    });
    return change.result;
  });
}

const auditPageSize = 50;

/**
 * GET /console/meetings/{meeting_id}/audit: the meeting's audit rows, newest first, 50 a page, with
 * who wrote each. @throws 403 no_permission (needs audit.read).
 */
export async function listMeetingAudit(
  deps: RolesDeps,
  input: Omit<AuditFilter, 'limit' | 'meetingId'> & { userId: string; meetingId: string },
): Promise<{ results: AuditEntry[]; next_before: number | null }> {
  const { userId, ...filter } = input;
  await requireCan(deps, { userId, meetingId: input.meetingId, action: 'audit.read' });
  const rows = await listAuditRows(deps.db, { ...filter, limit: auditPageSize });
  const actorIds = [...new Set(rows.flatMap((row) => row.actorUserId ?? []))];
  const actors = new Map((await findUsersByIds(deps.db, actorIds)).map((user) => [user.id, user]));
  return {
    results: rows.map((row) => {
      const actor = row.actorUserId ? actors.get(row.actorUserId) : undefined;
      return {
        id: row.id,
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        actor: actor
          ? { _id: toWireId(actor.id), username: actor.username, phone: actor.phone, email: actor.email }
          : null,
        before: row.before,
        after: row.after,
        created: unix(row.createdAt),
      };
    }),
    next_before: rows.length === auditPageSize ? (rows.at(-1)?.id ?? null) : null,
  };
}
