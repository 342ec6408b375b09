import { z } from 'zod';
import { InquiryStatus } from '../inquiries/inquiries.contracts.ts';
import { LocalizedText, UnixSeconds } from '../wire/common.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Console: the questions and price inquiries of a meeting (§3 Question, Price inquiry; community
 * design, Q). Read-only (community.read: owner, organiser, editor); blocking goes through the
 * moderation queue. Organisers see every item, whatever its visibility or moderation state.
 */

const MeetingParams = z.object({ meeting_id: ObjectIdString });

/** Moderation state as the organiser sees it (deleted included). */
export const ConsoleItemState = z.enum(['visible', 'review', 'blocked', 'deleted']);

/** One question row of the console table. */
export const ConsoleQuestion = z.object({
  _id: WireId,
  enterprise_id: WireId,
  enterprise_title: LocalizedText,
  user_id: WireId,
  username: z.string(),
  content: z.string(),
  is_public: z.union([z.literal(0), z.literal(1)]),
  answer: z.string(),
  answered_at: UnixSeconds.nullable(),
  state: ConsoleItemState,
  answer_state: ConsoleItemState,
  created: UnixSeconds,
});
export type ConsoleQuestion = z.infer<typeof ConsoleQuestion>;

/** One inquiry row of the console table. */
export const ConsoleInquiry = z.object({
  _id: WireId,
  enterprise_id: WireId,
  enterprise_title: LocalizedText,
  product_title: LocalizedText.nullable(),
  user_id: WireId,
  username: z.string(),
  content: z.string(),
  amount: z.number().int().nullable(),
  status: InquiryStatus,
  message_total: z.number().int(),
  state: ConsoleItemState,
  created: UnixSeconds,
  last_message_at: UnixSeconds,
});
export type ConsoleInquiry = z.infer<typeof ConsoleInquiry>;

/** Filters of the console lists: one enterprise, answered or not (questions), open or closed (inquiries). */
export const ConsoleQuestionQuerystring = z.object({
  enterprise_id: ObjectIdString.optional(),
  answered: z.enum(['0', '1']).optional(),
  status: InquiryStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type ConsoleQuestionQuerystring = z.infer<typeof ConsoleQuestionQuerystring>;

export const listConsoleQuestions = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/questions',
  summary:
    'Every question of the meeting, newest first (public and private, any moderation state). 403 no_permission without community.read.',
  spec: '§3 Question, §4 Q&A, DESIGN §7',
  tags: ['console', 'questions'],
  isPublic: false,
  params: MeetingParams,
  querystring: ConsoleQuestionQuerystring,
  response: z.object({ items: z.array(ConsoleQuestion), total: z.number().int().nonnegative() }),
});

export const listConsoleInquiries = defineRoute({
  method: 'GET',
  path: '/console/meetings/:meeting_id/inquiries',
  summary:
    'Every price inquiry of the meeting, latest activity first. 403 no_permission without community.read.',
  spec: '§3 Price inquiry, DESIGN §7',
  tags: ['console', 'inquiries'],
  isPublic: false,
  params: MeetingParams,
  querystring: ConsoleQuestionQuerystring,
  response: z.object({ items: z.array(ConsoleInquiry), total: z.number().int().nonnegative() }),
});
