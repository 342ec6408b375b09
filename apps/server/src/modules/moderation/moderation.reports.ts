import { type CreateReportBody, ErrorCode, type ReportAnswer } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { insertReport } from './moderation.repository.ts';
import { moderationTargetOf } from './moderation.targets.ts';

/** Distinct reporters that hide a visible item until the organiser decides (§5 sensitive content). */
export const reportsToHide = 3;

/** 409 report.duplicate: the caller reported this item already. */
const alreadyReported = () => new AppError(409, ErrorCode.alreadyReported, 'You have already reported this');

/**
 * POST /reports: a logged-in user reports a user-written item of a meeting (reason: a §5 category or
 * 'other', optional note ≤ 500 characters). The report and the item's queue row (created with source
 * 'report' when missing, reports_count + 1) are written in one transaction; the report that brings a
 * pending item to 3 distinct reporters sets the item's moderation_state to 'review' (hidden from
 * everyone but its author) in that transaction — `hidden: 1` in the answer — when it is still
 * visible. An item the organiser already decided (approved, blocked, deleted), or one its author
 * deleted, keeps its state; the report is stored all the same.
 * @throws 404 not_found (no such item of that kind in the meeting, or one the reporter cannot see,
 *   §6), 409 report.duplicate
 */
export async function reportItem(
  deps: { db: Database; config?: Config },
  input: { userId: string; body: CreateReportBody },
): Promise<ReportAnswer> {
  const { body } = input;
  const target = moderationTargetOf(body.kind);
  if (!target) throw notFound('Item');
  const item = (await target.describe(deps.db, [body.target_id])).get(body.target_id);
  // A profile belongs to no meeting (meetingId ''): it can be reported in any meeting.
  if (!item || (item.meetingId !== '' && item.meetingId !== body.meeting_id)) throw notFound('Item');
  // An item the reporter cannot read is, to them, no item at all (§6).
  if (!(await target.canSee(deps.db, body.target_id, input.userId))) throw notFound('Item');
  const answer = await inTransaction(deps.db, async (tx): Promise<ReportAnswer> => {
    const counted = await insertReport(tx, {
      meetingId: body.meeting_id,
      kind: body.kind,
      targetId: body.target_id,
      authorId: item.userId,
      reporterId: input.userId,
      reason: body.reason,
      note: body.note ?? '',
    });
    if (!counted) throw alreadyReported();
    if (counted.state === 'pending' && counted.reportsCount === reportsToHide) {
      // Only a visible item is hidden: a deleted or blocked one keeps its state (the report is kept).
      const hidden = await target.setState(tx, {
        meetingId: body.meeting_id,
        targetId: body.target_id,
        state: 'review',
        onlyVisible: true,
      });
      return { ok: 1, hidden: hidden ? 1 : 0 };
    }
    return { ok: 1, hidden: 0 };
  });
  if (answer.hidden === 1) {
    await target.afterStateChange?.(deps, {
      meetingId: body.meeting_id,
      targetId: body.target_id,
      state: 'review',
    });
  }
  return answer;
}
