/**
 * Moderation values shared by the server and the web app without zod (§5 sensitive content): the ten
 * §5 categories a refusal names (400 content.sensitive, `data.category`), the kinds of moderated
 * items, the reasons of a report and the answer of POST /reports. The zod contract is
 * moderation/moderation.contracts.ts.
 */

/** The ten §5 sensitive-content categories. */
export const moderationCategoryValues = [
  'spam',
  'ad',
  'politics',
  'terrorism',
  'abuse',
  'porn',
  'flood',
  'contraband',
  'meaningless',
  'harmful',
] as const;
export type ModerationCategoryValue = (typeof moderationCategoryValues)[number];

/** The kinds of user-written items (questions, answers, inquiries, demands, threads, profiles, live chat). */
export const moderatedKindValues = [
  'question',
  'answer',
  'inquiry',
  'inquiry_message',
  'demand',
  'demand_comment',
  'thread',
  'thread_reply',
  'profile',
  'live_chat',
] as const;
export type ModeratedKindValue = (typeof moderatedKindValues)[number];

/** Why a user reports an item: one of the §5 categories or 'other'. */
export const reportReasonValues = [...moderationCategoryValues, 'other'] as const;
export type ReportReasonValue = (typeof reportReasonValues)[number];

/** A report's note is at most this many characters. */
export const reportNoteMax = 500;

/** The path of POST /reports (createReport). */
export const reportsPath = '/reports';

/** The body of POST /reports. */
export type ReportInput = {
  meeting_id: string;
  kind: ModeratedKindValue;
  target_id: string;
  reason: ReportReasonValue;
  note?: string | undefined;
};

/** The answer to a report: `hidden` 1 when this report made the item wait for the organiser's decision. */
export type ReportOutcome = { ok: 1; hidden: 0 | 1 };
