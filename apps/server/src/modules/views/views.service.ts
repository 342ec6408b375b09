import type { Footprint } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import {
  clearFootprints,
  deleteFootprint,
  findFootprintItems,
  findGenericTotal,
  foldViewBatch,
  footprintOwner,
  insertViewEvent,
  listFootprints,
  type NewViewEvent,
  type ViewTargetType,
} from './views.repository.ts';

export type { NewViewEvent, ViewTargetType } from './views.repository.ts';

/** Who views: the session's user, else the device (device-id header). */
export type Viewer = { userId: string | null; deviceId: string | null };

/**
 * Records one view of any item (§7 every `…/views` call): ONE insert of a view row, nothing else —
 * the fold job (foldViews) adds it to the item's total, its log and the viewer's footprints within
 * seconds. Callers check the item exists first (404 otherwise, nothing stored). Other modules call
 * this for their own types (news, documents, content pages).
 */
export async function recordView(deps: { db: Database }, event: NewViewEvent): Promise<void> {
  await insertViewEvent(deps.db, event);
}

/** Rows folded per transaction. */
export const foldBatchSize = 5000;

/**
 * Folds every pending view row into the totals, `batchSize` rows per transaction, until none is left
 * or `maxBatches` ran (the next run continues). Safe to run on several replicas at once: batches are
 * disjoint and each is deleted in the transaction that counts it.
 * @returns rows folded
 */
export async function foldViews(
  db: Database,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? foldBatchSize;
  let folded = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 50); batch++) {
    const rows = await foldViewBatch(db, batchSize);
    folded += rows;
    if (rows < batchSize) break;
  }
  return folded;
}

/**
 * Records a view of an item whose total lives in `view_totals` (cover shows and views, the documents
 * page, content pages, news) and answers the last folded total plus this view.
 */
export async function recordGenericView(
  deps: { db: Database },
  event: NewViewEvent & { targetType: ViewTargetType },
): Promise<{ views_total: number }> {
  const total = await findGenericTotal(deps.db, event.targetType, event.targetId);
  await recordView(deps, event);
  return { views_total: total + (event.count ?? 1) };
}

/** 404 for a caller with neither session nor device id: they have no history. */
function ownerOf(viewer: Viewer): string {
  const owner = footprintOwner(viewer.userId, viewer.deviceId);
  if (!owner) throw notFound('Footprint');
  return owner;
}

/**
 * GET /logs: the caller's footprints, newest first, with each item's current title and picture
 * (`deleted` 1 when the item is gone). Anonymous callers see their device's.
 */
export async function listViewerFootprints(
  deps: { db: Database },
  input: Viewer & { meetingId?: string | undefined; limit: number; skip: number },
): Promise<Footprint[]> {
  const owner = footprintOwner(input.userId, input.deviceId);
  if (!owner) return [];
  const rows = await listFootprints(deps.db, { owner, meetingId: input.meetingId, ...input });
  const items = await findFootprintItems(deps.db, rows);
  return rows.map((row) => {
    const item = items.get(`${row.targetType}:${row.targetId}`);
    return {
      _id: String(row.id),
      type: row.targetType as Footprint['type'],
      target_id: row.targetId,
      meeting_id: row.meetingId ? { $id: row.meetingId } : null,
      title: item?.title ?? '',
      image: item?.image ?? '',
      mime: item?.mime ?? '',
      deleted: item && !item.deleted ? 0 : 1,
      views_total: row.viewsTotal,
      last_viewed: Math.floor(row.lastViewedAt.getTime() / 1000),
    };
  });
}

/**
 * DELETE /logs/{id} (§7 Exhibitors): deletes one of the caller's own footprints.
 * @throws 404 not_found — no such footprint, or another viewer's (never touched)
 */
export async function deleteViewerFootprint(
  deps: { db: Database },
  input: Viewer & { id: string },
): Promise<{ deleted: 1 }> {
  const isDeleted = await deleteFootprint(deps.db, { owner: ownerOf(input), id: Number(input.id) });
  if (!isDeleted) throw notFound('Footprint');
  return { deleted: 1 };
}

/** DELETE /logs: clears the caller's footprints (of one meeting when given). */
export async function clearViewerFootprints(
  deps: { db: Database },
  input: Viewer & { meetingId?: string | undefined },
): Promise<{ deleted: number }> {
  const owner = footprintOwner(input.userId, input.deviceId);
  if (!owner) return { deleted: 0 };
  return { deleted: await clearFootprints(deps.db, { owner, meetingId: input.meetingId }) };
}
