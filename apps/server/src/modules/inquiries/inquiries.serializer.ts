import type { Inquiry, InquiryMessage, InquiryThread } from '@app/contracts';
import { toWireId } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { unix } from '../../db/wire.ts';
import { findEnterpriseCards, findPeople } from '../questions/questions.repository.ts';
import { shownState, toWirePerson } from '../questions/questions.serializer.ts';
import { findProductCards, type InquiryMessageRow, type InquiryRow } from './inquiries.repository.ts';

/**
 * Inquiries as one of their two sides sees them (§3 Price inquiry, §6): both sides see the inquirer's
 * contact (an exhibitor sees the contact of whoever asked that company) and the exhibitor's reply
 * author's name; the real moderation state is shown to the author only.
 */
export async function toWireInquiries(
  db: Database,
  rows: InquiryRow[],
  viewerId: string,
): Promise<Inquiry[]> {
  const [people, cards, productCards] = await Promise.all([
    findPeople(
      db,
      rows.map((r) => r.userId),
    ),
    findEnterpriseCards(
      db,
      rows.map((r) => r.enterpriseId),
    ),
    findProductCards(
      db,
      rows.flatMap((r) => (r.productId ? [r.productId] : [])),
    ),
  ]);
  const personOf = new Map(people.map((p) => [p.id, p]));
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  const productOf = new Map(productCards.map((p) => [p.id, p]));
  return rows.map((row) => {
    const isMine = row.userId === viewerId;
    const card = cardOf.get(row.enterpriseId);
    const product = row.productId ? productOf.get(row.productId) : undefined;
    return {
      _id: toWireId(row.id),
      meeting_id: toWireId(row.meetingId),
      enterprise_id: toWireId(row.enterpriseId),
      enterprise: { _id: toWireId(row.enterpriseId), title: card?.title ?? '', logo: card?.logo ?? '' },
      product: product
        ? { _id: toWireId(product.id), title: product.title, cover: product.images[0] ?? '' }
        : null,
      user: toWirePerson(row.userId, personOf.get(row.userId), true),
      content: row.content,
      amount: row.amountCents,
      status: row.status,
      state: isMine ? shownState(row.moderationState) : 'visible',
      role: isMine ? 'asker' : 'exhibitor',
      message_total: row.messageTotal,
      last_message_at: unix(row.lastMessageAt),
      created: unix(row.createdAt),
      updated: unix(row.updatedAt),
    };
  });
}

/**
 * An inquiry with its messages as `viewerId` sees them. An exhibitor-side author's contact is not
 * shown to the inquirer (the company is reached through the thread); the inquirer's is shown to both.
 */
export async function toWireThread(
  db: Database,
  row: InquiryRow,
  messages: InquiryMessageRow[],
  viewerId: string,
): Promise<InquiryThread> {
  const [[inquiry], people] = await Promise.all([
    toWireInquiries(db, [row], viewerId),
    findPeople(
      db,
      messages.map((m) => m.userId),
    ),
  ]);
  const personOf = new Map(people.map((p) => [p.id, p]));
  const wireMessages: InquiryMessage[] = messages.map((message) => {
    const isMine = message.userId === viewerId;
    return {
      _id: toWireId(message.id),
      side: message.side,
      user: toWirePerson(message.userId, personOf.get(message.userId), isMine || message.side === 'asker'),
      content: message.content,
      state: isMine ? shownState(message.moderationState) : 'visible',
      is_mine: isMine ? 1 : 0,
      created: unix(message.createdAt),
    };
  });
  return { ...(inquiry as Inquiry), messages: wireMessages };
}
