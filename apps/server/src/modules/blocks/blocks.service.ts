import {
  type Block,
  type BlockType,
  blockQuerySpec,
  type ListParams,
  limits,
  reorderById,
  toWireId,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { toRichTextWire } from '../shared/rich-text.ts';
import { parseScopedQuery } from '../shared/scoped-list-query.ts';
import { type BlockField, type BlockRow, findBlocks } from './blocks.repository.ts';

/** A block row as the wire carries it (§3, §7). */
export function toWireBlock(row: BlockRow): Block {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    page_id: row.pageId === null ? null : toWireId(row.pageId),
    type: row.type as BlockType,
    title: row.title,
    content: row.content,
    weight: row.weight,
    version: row.version,
    data: row.data,
  };
}

/**
 * A block as public reads send it: a `rich_text` block's HTML per language as a RichTextWire, so a
 * page content over 30,720 bytes travels as gzip + base64 chunks (§5, §9).
 */
export function toPublicBlock(row: BlockRow): Block {
  const block = toWireBlock(row);
  if (row.type !== 'rich_text' || typeof row.content === 'string') return block;
  return {
    ...block,
    content: Object.fromEntries(
      Object.entries(row.content).map(([language, html]) => [language, toRichTextWire(html)]),
    ),
  };
}

/**
 * GET /meeting/blocks (§7 Meetings): the sections of a meeting's home page (or of the content page
 * `query.page_id`), weight descending, always of the released version — a draft is read only by the
 * console and through a preview link (≤ 999 per call, §9).
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required
 */
export async function listBlocks(
  deps: { db: Database },
  input: ListParams & { meeting_id?: string | undefined },
): Promise<Block[]> {
  const query = parseScopedQuery<BlockField>(blockQuerySpec, input, limits.maxBlocks);
  const rows = await findBlocks(deps.db, query);
  return reorderById(rows.map(toPublicBlock), query.idOrder, (block) => block._id.$id);
}
