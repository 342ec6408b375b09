import { z } from 'zod';
import { QaEnterprise, QaItemState, QaPerson } from '../questions/questions.contracts.ts';
import { Flag, LocalizedText, resultsOf, UnixSeconds } from '../wire/common.ts';
import { textLimits } from '../wire/limits.ts';
import { ObjectIdString, WireId } from '../wire/object-id.ts';
import { defineRoute } from '../wire/route.ts';

/**
 * Price inquiries (§3 Price inquiry: target, content, optional amount; §5 'Inquiry amount must be a
 * valid number'; §6; §7 Enterprises POST /enterprises/{id}/asks, GET /enterprise/asks). A visitor asks
 * an enterprise (or one of its products) for a price; the bound exhibitor and the inquirer then write
 * to each other in one thread until either closes it. Amounts are integer cents (DESIGN §4.10).
 */

export const InquiryStatus = z.enum(['open', 'closed']);
export type InquiryStatus = z.infer<typeof InquiryStatus>;

/** The product an inquiry is about, when it names one. */
export const InquiryProduct = z.object({ _id: WireId, title: LocalizedText, cover: z.string() });

/** One inquiry as either side sees it (without its messages). */
export const Inquiry = z.object({
  _id: WireId,
  meeting_id: WireId,
  enterprise_id: WireId,
  enterprise: QaEnterprise,
  product: InquiryProduct.nullable(),
  /** The inquirer; phone and e-mail are filled for the bound exhibitor and the inquirer (§6). */
  user: QaPerson,
  content: z.string(),
  /** The amount the inquirer named, in cents, or null. */
  amount: z.number().int().nullable(),
  status: InquiryStatus,
  state: QaItemState,
  /** The viewer's side. */
  role: z.enum(['asker', 'exhibitor']),
  message_total: z.number().int().nonnegative(),
  last_message_at: UnixSeconds,
  created: UnixSeconds,
  updated: UnixSeconds,
});
export type Inquiry = z.infer<typeof Inquiry>;

/** One message of an inquiry's thread. */
export const InquiryMessage = z.object({
  _id: WireId,
  side: z.enum(['asker', 'exhibitor']),
  user: QaPerson,
  content: z.string(),
  state: QaItemState,
  is_mine: Flag,
  created: UnixSeconds,
});
export type InquiryMessage = z.infer<typeof InquiryMessage>;

/** An inquiry with its thread, oldest message first. */
export const InquiryThread = Inquiry.extend({ messages: z.array(InquiryMessage) });
export type InquiryThread = z.infer<typeof InquiryThread>;

/** Body of POST /enterprises/{id}/asks. */
export const SendInquiryBody = z.strictObject({
  meeting_id: ObjectIdString,
  /** A product of the enterprise the inquiry is about (404 when it is not the enterprise's). */
  product_id: ObjectIdString.optional(),
  /** Required (400 form.required), ≤ 500 characters. */
  content: z.string().max(textLimits.description),
  /**
   * Optional amount in the currency's main unit as typed ('1200', '99.5'); '' is none. Anything that
   * is not a number with at most 2 decimals between 0 and 1,000,000,000 → 400 inquiry.amount_invalid
   * 'Inquiry amount must be a valid number' (§5). Stored as integer cents.
   */
  amount: z.union([z.string().max(32), z.number()]).optional(),
});
export type SendInquiryBody = z.infer<typeof SendInquiryBody>;

export const sendInquiry = defineRoute({
  method: 'POST',
  path: '/enterprises/:id/asks',
  summary:
    "Sends a price inquiry to an enterprise exhibiting at the meeting (or about one of its products); the exhibitor is told. 400 form.required / inquiry.amount_invalid ('Inquiry amount must be a valid number') / content.sensitive; 401; 403 moderation.banned; 404 not_found.",
  spec: '§7 Enterprises, §3 Price inquiry, §5, §8',
  tags: ['inquiries'],
  isPublic: false,
  params: z.object({ id: ObjectIdString }),
  body: SendInquiryBody,
  response: InquiryThread,
});

/** Querystring of GET /enterprise/asks: the caller's inquiries (type=user) or the bound exhibitor's inbox. */
export const InquiryListQuerystring = z.object({
  meeting_id: ObjectIdString,
  type: z.enum(['user', 'enterprise']).optional(),
  status: InquiryStatus.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type InquiryListQuerystring = z.infer<typeof InquiryListQuerystring>;

export const listInquiries = defineRoute({
  method: 'GET',
  path: '/enterprise/asks',
  summary:
    "The caller's price inquiries in a meeting (type=user, default) or those to the enterprise they are bound to as exhibitor (type=enterprise; 403 no_permission without a binding), latest activity first.",
  spec: '§7 Enterprises, §3 Price inquiry, §6',
  tags: ['inquiries'],
  isPublic: false,
  querystring: InquiryListQuerystring,
  response: resultsOf(Inquiry).extend({ total: z.number().int().nonnegative() }),
});

const InquiryIdParams = z.object({ id: ObjectIdString });

export const getInquiry = defineRoute({
  method: 'GET',
  path: '/enterprise/asks/:id',
  summary:
    'One inquiry with its thread, for the inquirer and the bound exhibitor only (404 not_found for anyone else, so a stranger learns nothing).',
  spec: '§3 Price inquiry, §6',
  tags: ['inquiries'],
  isPublic: false,
  params: InquiryIdParams,
  response: InquiryThread,
});

/** Body of POST /enterprise/asks/{id}/messages. */
export const InquiryMessageBody = z.strictObject({ content: z.string().max(textLimits.answer) });
export type InquiryMessageBody = z.infer<typeof InquiryMessageBody>;

export const replyInquiry = defineRoute({
  method: 'POST',
  path: '/enterprise/asks/:id/messages',
  summary:
    'Adds a message to the thread (inquirer or bound exhibitor); the other side is told by e-mail or SMS. 400 form.required / validation_failed (over 500) / content.sensitive; 403 moderation.banned; 404 not_found; 409 item.closed.',
  spec: '§3 Price inquiry, §5, §6',
  tags: ['inquiries'],
  isPublic: false,
  params: InquiryIdParams,
  body: InquiryMessageBody,
  response: InquiryThread,
});

/** Body of PUT /enterprise/asks/{id}: close the inquiry. */
export const UpdateInquiryBody = z.strictObject({ status: z.literal('closed') });

export const updateInquiry = defineRoute({
  method: 'PUT',
  path: '/enterprise/asks/:id',
  summary: 'Closes the inquiry (inquirer or bound exhibitor); closing twice is a no-op. 404 not_found.',
  spec: '§3 Price inquiry, §6',
  tags: ['inquiries'],
  isPublic: false,
  params: InquiryIdParams,
  body: UpdateInquiryBody,
  response: InquiryThread,
});
