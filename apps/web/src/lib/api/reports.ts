import { type ReportInput, type ReportOutcome, reportsPath } from '@app/contracts/wire/moderation.ts';
import { api } from './api.ts';

/**
 * POST /reports (createReport): reports a user-written item of a meeting to its organisers (§5
 * sensitive content). Resolves `{ hidden: 1 }` when this report hid the item pending review.
 * @throws ApiError — 409 report.duplicate when the caller reported it already, 404 for an unknown item
 */
export function sendReport(input: ReportInput): Promise<ReportOutcome> {
  return api.post<ReportOutcome>(reportsPath, {
    meeting_id: input.meeting_id,
    kind: input.kind,
    target_id: input.target_id,
    reason: input.reason,
    ...(input.note ? { note: input.note } : {}),
  });
}
