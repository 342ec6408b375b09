import type {
  ConsoleInquiry,
  ConsoleQuestionQuerystring,
  Inquiry,
  InquiryListQuerystring,
  InquiryMessageBody,
  InquiryThread,
  SendInquiryBody,
} from '@app/contracts';
import { toWireId } from '@app/contracts';
import { parseInquiryAmount } from '@app/domain/commerce';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { noPermission, notFound } from '../../errors.ts';
import { findExhibitorSideUsers, findLiveExhibitor } from '../appointments/appointments.repository.ts';
import { moderateText, queueForReview } from '../moderation/moderation.service.ts';
import { amountInvalid, itemClosed, requiredField } from '../questions/questions.errors.ts';
import { type QaNoticeDeps, queueQaNotice } from '../questions/questions.notices.ts';
import { findEnterpriseCards, findPeople, type PersonRow } from '../questions/questions.repository.ts';
import { boundEnterpriseOf } from '../questions/questions.service.ts';
import { requireCan } from '../roles/roles.service.ts';
import {
  closeInquiryRow,
  findEnterpriseProduct,
  findLiveInquiry,
  type InquiryRow,
  insertInquiry,
  insertInquiryMessage,
  listInquiryRows,
  listMeetingInquiryRows,
  listThreadMessages,
  lockInquiry,
} from './inquiries.repository.ts';
import { toWireInquiries, toWireThread } from './inquiries.serializer.ts';

/**
 * Price inquiries (§3 Price inquiry: target, content, optional amount; §5 amount a valid number; §6;
 * §7 Enterprises POST /enterprises/{id}/asks, GET /enterprise/asks). The inquirer and the enterprise's
 * bound exhibitor write in one thread; each message tells the other side by e-mail or SMS, queued in
 * the message's transaction. Texts are moderated before their transaction like every community item.
 */

export type InquiryDeps = QaNoticeDeps & { db: Database; config: Config };

const defaultLimit = 20;

/** Who the caller is to an inquiry: its inquirer, its enterprise's bound exhibitor, or nobody (404). */
async function sideOf(db: Database, userId: string, row: InquiryRow): Promise<'asker' | 'exhibitor' | null> {
  if (row.userId === userId) return 'asker';
  if (row.moderationState !== 'visible') return null;
  const own = await boundEnterpriseOf(db, userId, row.meetingId);
  return own === row.enterpriseId ? 'exhibitor' : null;
}

async function threadOf(db: Database, row: InquiryRow, userId: string): Promise<InquiryThread> {
  return toWireThread(db, row, await listThreadMessages(db, row.id, userId), userId);
}

/**
 * Queues the notice of a new inquiry or message to the other side (never to the writer). An inquiry
 * that is not visible (held for review, blocked, deleted) is never announced (§5).
 */
async function notifyOtherSide(
  tx: Database,
  deps: InquiryDeps,
  input: {
    event: 'inquiry' | 'replied';
    row: InquiryRow;
    writerId: string;
    toSide: 'asker' | 'exhibitor';
    content: string;
  },
): Promise<void> {
  const { row } = input;
  if (row.moderationState !== 'visible') return;
  const [writers, cards] = await Promise.all([
    findPeople(tx, [input.writerId]),
    findEnterpriseCards(tx, [row.enterpriseId]),
  ]);
  const recipients: PersonRow[] =
    input.toSide === 'asker'
      ? await findPeople(tx, [row.userId])
      : (await findExhibitorSideUsers(tx, row.meetingId, row.enterpriseId)).map((u) => ({
          id: u.id,
          username: u.username,
          avatar: '',
          phone: u.phone,
          email: u.email,
          language: u.language,
        }));
  const enterpriseTitle = cards[0]?.title ?? '';
  const writerName =
    input.toSide === 'asker'
      ? typeof enterpriseTitle === 'string'
        ? enterpriseTitle
        : (enterpriseTitle.en ?? Object.values(enterpriseTitle)[0] ?? '')
      : writers[0]?.username || '—';
  await queueQaNotice(tx, deps, {
    event: input.event,
    meetingId: row.meetingId,
    recipients: recipients.filter((r) => r.id !== input.writerId),
    enterpriseTitle,
    values: { name: writerName, content: input.content },
    path: '/meeting/exhibitor/ask',
    query: { ask_id: row.id, meeting_id: row.meetingId },
  });
}

/**
 * POST /enterprises/{id}/asks (§7 Enterprises, §3 Price inquiry, §5, §8): sends a price inquiry to
 * an enterprise exhibiting at the meeting, optionally about one of its products, with an optional
 * amount (stored in cents). The exhibitor side is told.
 * @returns the new inquiry with its (empty) thread.
 * @throws 400 form.required (empty content) / inquiry.amount_invalid / content.sensitive; 403
 *   moderation.banned; 404 not_found (enterprise not exhibiting, product not the enterprise's).
 */
export async function sendInquiry(
  deps: InquiryDeps,
  input: { userId: string; enterpriseId: string; body: SendInquiryBody },
): Promise<InquiryThread> {
  const { db } = deps;
  const { userId, enterpriseId, body } = input;
  const meetingId = body.meeting_id;
  const content = body.content.trim();
  if (!content) throw requiredField('content');
  const amount = parseInquiryAmount(body.amount);
  if (amount === 'invalid') throw amountInvalid();
  if (!(await findLiveExhibitor(db, meetingId, enterpriseId))) throw notFound('enterprise');
  if (body.product_id && !(await findEnterpriseProduct(db, body.product_id, enterpriseId))) {
    throw notFound('product');
  }
  const outcome = await moderateText(deps, { meetingId, userId, kind: 'inquiry', texts: [content] });
  const row = await inTransaction(db, async (tx) => {
    const inserted = await insertInquiry(tx, {
      id: newId(),
      meetingId,
      enterpriseId,
      productId: body.product_id ?? null,
      userId,
      content,
      amountCents: amount,
      moderationState: outcome.state,
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId,
        kind: 'inquiry',
        targetId: inserted.id,
        userId,
        category: outcome.category,
      });
    } else {
      await notifyOtherSide(tx, deps, {
        event: 'inquiry',
        row: inserted,
        writerId: userId,
        toSide: 'exhibitor',
        content,
      });
    }
    return inserted;
  });
  return threadOf(db, row, userId);
}

/**
 * GET /enterprise/asks (§7 Enterprises, §6): the caller's inquiries (type=user) or the inbox of the
 * enterprise they are bound to (type=enterprise), latest activity first, with the total.
 * @throws 403 no_permission for type=enterprise without a binding in the meeting.
 */
export async function listInquiries(
  deps: { db: Database },
  input: { userId: string; query: InquiryListQuerystring },
): Promise<{ results: Inquiry[]; total: number }> {
  const { db } = deps;
  const { query, userId } = input;
  let enterpriseId: string | undefined;
  if (query.type === 'enterprise') {
    enterpriseId = (await boundEnterpriseOf(db, userId, query.meeting_id)) ?? undefined;
    if (!enterpriseId) throw noPermission();
  }
  const { rows, total } = await listInquiryRows(
    db,
    {
      meetingId: query.meeting_id,
      userId: enterpriseId ? undefined : userId,
      enterpriseId,
      status: query.status,
    },
    { limit: query.limit ?? defaultLimit, skip: query.skip ?? 0 },
  );
  return { results: await toWireInquiries(db, rows, userId), total };
}

/** The inquiry and the caller's side. @throws 404 not_found for anyone but its two sides. */
async function ownInquiry(db: Database, userId: string, id: string) {
  const row = await findLiveInquiry(db, id);
  if (!row) throw notFound('inquiry');
  const side = await sideOf(db, userId, row);
  if (!side) throw notFound('inquiry');
  return { row, side };
}

/** GET /enterprise/asks/{id} (§3, §6): the thread, for its two sides only. @throws 404 not_found. */
export async function getInquiry(
  deps: { db: Database },
  input: { userId: string; id: string },
): Promise<InquiryThread> {
  const { row } = await ownInquiry(deps.db, input.userId, input.id);
  return threadOf(deps.db, row, input.userId);
}

/**
 * POST /enterprise/asks/{id}/messages (§3, §5, §6): a message from either side; the other side is
 * told. Only a visible inquiry takes messages: one held for review, blocked or deleted refuses them
 * (the asker too), so nothing about a held item ever reaches the exhibitor side by mail or SMS.
 * @throws 400 form.required / content.sensitive; 403 moderation.banned; 404 not_found; 409
 *   item.closed (the inquiry is closed or not visible; nothing stored).
 */
export async function replyInquiry(
  deps: InquiryDeps,
  input: { userId: string; id: string; body: InquiryMessageBody },
): Promise<InquiryThread> {
  const { db } = deps;
  const { userId } = input;
  const { row, side } = await ownInquiry(db, userId, input.id);
  const content = input.body.content.trim();
  if (!content) throw requiredField('content');
  if (row.status === 'closed' || row.moderationState !== 'visible') throw itemClosed();
  const meetingId = row.meetingId;
  const outcome = await moderateText(deps, { meetingId, userId, kind: 'inquiry_message', texts: [content] });
  const updated = await inTransaction(db, async (tx) => {
    const locked = await lockInquiry(tx, row.id);
    if (!locked) throw notFound('inquiry');
    if (locked.status === 'closed' || locked.moderationState !== 'visible') throw itemClosed();
    const message = await insertInquiryMessage(tx, {
      id: newId(),
      inquiryId: locked.id,
      meetingId,
      userId,
      side,
      content,
      moderationState: outcome.state,
    });
    if (outcome.state === 'review') {
      await queueForReview(tx, {
        meetingId,
        kind: 'inquiry_message',
        targetId: message.id,
        userId,
        category: outcome.category,
      });
    } else if (outcome.state === 'visible') {
      await notifyOtherSide(tx, deps, {
        event: 'replied',
        row: locked,
        writerId: userId,
        toSide: side === 'asker' ? 'exhibitor' : 'asker',
        content,
      });
    }
    return (await findLiveInquiry(tx, locked.id)) ?? locked;
  });
  return threadOf(db, updated, userId);
}

/** PUT /enterprise/asks/{id} (§3, §6): either side closes the inquiry (again: no change). @throws 404. */
export async function closeInquiry(
  deps: { db: Database },
  input: { userId: string; id: string },
): Promise<InquiryThread> {
  const { db } = deps;
  const { row } = await ownInquiry(db, input.userId, input.id);
  const closed = row.status === 'closed' ? row : await closeInquiryRow(db, row.id);
  return threadOf(db, closed, input.userId);
}

/**
 * GET /console/meetings/{meeting_id}/inquiries (DESIGN §7, community.read): every inquiry of the
 * meeting, latest activity first. @throws 403 no_permission without community.read.
 */
export async function listConsoleInquiries(
  deps: { db: Database; config: Config },
  input: { userId: string; meetingId: string; query: ConsoleQuestionQuerystring },
): Promise<{ items: ConsoleInquiry[]; total: number }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'community.read' });
  const { query } = input;
  const { rows, total } = await listMeetingInquiryRows(
    deps.db,
    { meetingId: input.meetingId, enterpriseId: query.enterprise_id, status: query.status },
    { limit: query.limit ?? 50, skip: query.skip ?? 0 },
  );
  return {
    items: rows.map(({ inquiry, username, enterpriseTitle, productTitle }) => ({
      _id: toWireId(inquiry.id),
      enterprise_id: toWireId(inquiry.enterpriseId),
      enterprise_title: enterpriseTitle,
      product_title: productTitle,
      user_id: toWireId(inquiry.userId),
      username,
      content: inquiry.content,
      amount: inquiry.amountCents,
      status: inquiry.status,
      message_total: inquiry.messageTotal,
      state: inquiry.moderationState,
      created: unix(inquiry.createdAt),
      last_message_at: unix(inquiry.lastMessageAt),
    })),
    total,
  };
}
