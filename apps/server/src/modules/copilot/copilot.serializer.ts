import type { CopilotCard, CopilotMessage } from '@app/contracts';
import { unix } from '../../db/wire.ts';
import type { MessageRow } from './copilot.repository.ts';
import type { CopilotCardRow } from './copilot.tables.ts';

/** Wire forms of the copilot's messages and cards (§1 copilot; times in unix seconds, §7). */

/** A stored card as the client reads it (only the card's fields: never a tool's data text). */
export function toWireCard(card: CopilotCardRow): CopilotCard {
  return {
    type: card.type,
    id: card.id,
    title: card.title,
    ...(card.subtitle ? { subtitle: card.subtitle } : {}),
    ...(card.extra && Object.keys(card.extra).length > 0 ? { extra: card.extra } : {}),
  };
}

export function toWireMessage(row: MessageRow): CopilotMessage {
  const rating = Number(row.rating);
  return {
    _id: { $id: row.id },
    role: row.role,
    content: row.content,
    cards: (row.cards ?? []).map(toWireCard),
    engine: row.engine,
    state: row.state,
    rating: rating === 1 ? 1 : rating === -1 ? -1 : 0,
    created_at: unix(row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt)),
  };
}
