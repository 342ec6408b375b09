import { z } from 'zod';
import { MeetingIdParam } from '../wire/common.ts';
import {
  moderatedKindValues,
  moderationCategoryValues,
  reportNoteMax,
  reportReasonValues,
} from '../wire/moderation.ts';
import { ObjectIdString } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Moderation of user-written content (§5 sensitive content, §8 'Sensitive content by category'): the
 * ten §5 categories a refusal names (400 content.sensitive, `data.category`), the kinds of items that
 * are moderated and reported, and POST /reports. Plain values live in wire/moderation.ts (no zod).
 */

export const ModerationCategoryWire = z.enum(moderationCategoryValues);
export type ModerationCategoryWire = z.infer<typeof ModerationCategoryWire>;

export const ModeratedKindWire = z.enum(moderatedKindValues);
export type ModeratedKindWire = z.infer<typeof ModeratedKindWire>;

export const ReportReason = z.enum(reportReasonValues);
export type ReportReason = z.infer<typeof ReportReason>;

export const CreateReportBody = z.object({
  meeting_id: MeetingIdParam,
  kind: ModeratedKindWire,
  target_id: ObjectIdString,
  reason: ReportReason,
  note: z.string().trim().max(reportNoteMax).optional(),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;

/** The answer to a report: `hidden` 1 when this report made the item wait for the organiser's decision. */
export const ReportAnswer = z.object({ ok: z.literal(1), hidden: z.union([z.literal(0), z.literal(1)]) });
export type ReportAnswer = z.infer<typeof ReportAnswer>;

export const createReport = defineRoute({
  method: 'POST',
  path: '/reports',
  summary:
    'Reports a user-written item of a meeting to its organisers (reason: a §5 category or other). The third distinct reporter hides a visible item pending review. 404 not_found for an unknown item; 409 report.duplicate when the caller reported it already.',
  spec: '§5 sensitive content',
  tags: ['moderation'],
  isPublic: false,
  body: CreateReportBody,
  response: ReportAnswer,
});
