import {
  type Category,
  type CategoryType,
  categoryQuerySpec,
  type ListParams,
  limits,
  reorderById,
  toWireId,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { wireIdOrNull } from '../../db/wire.ts';
import { parseScopedQuery } from '../shared/scoped-list-query.ts';
import { type CategoryField, type CategoryRow, findCategories } from './categories.repository.ts';

function toWireCategory(row: CategoryRow): Category {
  return {
    _id: toWireId(row.id),
    meeting_id: toWireId(row.meetingId),
    type: row.type as CategoryType,
    title: row.title,
    icon: row.icon,
    weight: row.weight,
    parent_id: wireIdOrNull(row.parentId),
    link: row.link,
    mobile_link: row.mobileLink,
    raw: row.raw,
    open_link_in_frame: row.openLinkInFrame,
    mobile_open_link_in_frame: row.mobileOpenLinkInFrame,
  };
}

/**
 * GET /{type}/categories (§7 Categories): a meeting's categories of one type, weight descending.
 * Navigation categories accept at most 20 per call (§9), every other type 999.
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required
 */
export async function listCategories(
  deps: { db: Database },
  input: ListParams & { type: CategoryType; meeting_id?: string | undefined },
): Promise<Category[]> {
  const maxLimit = input.type === 'navigation' ? limits.maxNavigationCategories : limits.maxList;
  const query = parseScopedQuery<CategoryField>(categoryQuerySpec, input, maxLimit);
  const rows = await findCategories(deps.db, input.type, query);
  return reorderById(rows.map(toWireCategory), query.idOrder, (category) => category._id.$id);
}
