import {
  type Activity,
  type ActivityListQuerystring,
  type ActivitySource,
  activityQuerySpec,
  reorderById,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { parseScopedQuery } from '../shared/scoped-list-query.ts';
import {
  type ActivityField,
  addActivityView,
  countActivityRows,
  findActivities,
  findActivityById,
  findActivityMeetings,
  listPricesOfActivities,
  listSourcesOfActivity,
} from './activities.repository.ts';
import { toWireActivity, toWireSource } from './activities.serializer.ts';

type Deps = { db: Database };

/**
 * GET /activities (§7 Activities): a meeting's shown, public, not deleted activities by weight
 * descending then start (or the `sort` given, allow-list `activityQuerySpec`), each with its not
 * deleted ticket types by weight descending; an `_id` filter also returns hidden, private and deleted
 * ones, in the order of the ids (so the client can answer /204 for a deleted one). `with_meeting=1`
 * embeds the meeting. Without `meeting_id`, the activities the `_id` filter names, whatever their
 * meeting (each carries its `meeting_id`: §2 the meeting found from the item). Times in unix seconds,
 * amounts in cents.
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required (neither
 *   meeting_id nor _id)
 */
export async function listActivities(deps: Deps, input: ActivityListQuerystring): Promise<Activity[]> {
  const query = parseScopedQuery<ActivityField>(activityQuerySpec, input);
  const rows = await findActivities(deps.db, query);
  const ids = rows.map((row) => row.id);
  const prices = await listPricesOfActivities(deps.db, ids);
  const meetings =
    input.with_meeting === '1'
      ? new Map(
          (await findActivityMeetings(deps.db, [...new Set(rows.map((row) => row.meetingId))])).map((m) => [
            m.id,
            m,
          ]),
        )
      : undefined;
  const items = rows.map((row) => toWireActivity(row, prices, meetings?.get(row.meetingId)));
  return reorderById(items, query.idOrder, (item) => item._id.$id);
}

/**
 * GET /activities/count (§7 Activities): how many activities GET /activities would list with the
 * same filters (limit and skip ignored).
 * @throws 400 invalid_query / invalid_object_id
 */
export async function countActivities(deps: Deps, input: ActivityListQuerystring): Promise<number> {
  const query = parseScopedQuery<ActivityField>(activityQuerySpec, input);
  return countActivityRows(deps.db, query);
}

/**
 * POST /activities/{id}/views (§7 Activities): counts one view (anonymous allowed; the user from
 * the session, the device from the request headers, the source from the body) and answers the new
 * total. Hidden and private activities count too; deleted ones do not.
 * @throws 404 not_found when the activity does not exist or is deleted
 */
export async function recordActivityView(
  deps: Deps,
  input: { activityId: string; userId: string | null; deviceId: string | null; sourceId: string | null },
): Promise<number> {
  const total = await addActivityView(deps.db, input);
  if (total === undefined) throw notFound('Activity');
  return total;
}

/**
 * GET /activities/{id}/sources (§7 Activities, §3 Sources): the activity's registration channels with
 * their limits (`max` 0 = none) and sign-up totals, deleted ones included with `deleted` 1 (a link
 * naming one shows "source invalid"), the default one first.
 * @throws 404 not_found when the activity does not exist or is deleted
 */
export async function listActivitySources(deps: Deps, activityId: string): Promise<ActivitySource[]> {
  const activity = await findActivityById(deps.db, activityId);
  if (!activity || activity.deleted === 1) throw notFound('Activity');
  return (await listSourcesOfActivity(deps.db, activityId)).map(toWireSource);
}
