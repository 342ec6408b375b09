import {
  type AwesomeResult,
  type Enterprise,
  type EnterpriseListQuerystring,
  type EnterpriseSearchQuerystring,
  enterpriseQuerySpec,
  type LikeResult,
  type ListParams,
  parseListQuery,
  reorderById,
  type UpdateEnterpriseBody,
} from '@app/contracts';
import { isOptionalEmailValid } from '@app/domain/contact';
import type { ViewerOverlay } from '../../app-types.ts';
import type { Database } from '../../db/client.ts';
import { noPermission, notFound } from '../../errors.ts';
import { parseScopedQuery } from '../shared/scoped-list-query.ts';
import { emailInvalid } from '../users/users.errors.ts';
import {
  countEnterpriseRows,
  type EnterpriseField,
  type EnterpriseRow,
  findCategoryRefs,
  findEnterpriseById,
  findEnterprises,
  findEnterprisesByIds,
  type InteractionActor,
  isUserBoundToEnterprise,
  likedTargetIds,
  liveReactionsOf,
  reactionsOf,
  recordInteraction,
  searchEnterpriseRows,
  setReaction,
  updateEnterpriseRow,
} from './enterprises.repository.ts';
import { buildSearchText, searchTerms, titleHighlights } from './enterprises.search.ts';
import { type EnterpriseContext, toWireEnterprise } from './enterprises.serializer.ts';
import type { InteractionKind } from './enterprises.tables.ts';

type Deps = { db: Database };
/** The logged-in caller, if any: drives `is_liked` / `is_awesome`. */
type Viewer = { userId?: string | null | undefined };

/**
 * Category names and the viewer's reactions for a set of enterprise rows (one query each).
 * Anonymous viewers have no reactions.
 */
export async function enterpriseContext(
  db: Database,
  rows: Pick<EnterpriseRow, 'id' | 'industryCategoryId'>[],
  viewer: Viewer,
  extraCategoryIds: (string | null)[] = [],
): Promise<EnterpriseContext> {
  const categoryIds = [...rows.map((row) => row.industryCategoryId), ...extraCategoryIds].filter(
    (id): id is string => id !== null,
  );
  const [categories, reactions] = await Promise.all([
    findCategoryRefs(db, categoryIds),
    viewer.userId
      ? reactionsOf(db, { userId: viewer.userId, target: 'enterprise', targetIds: rows.map((row) => row.id) })
      : Promise.resolve({ liked: new Set<string>(), awesome: new Set<string>() }),
  ]);
  return { categories, ...reactions };
}

/** The fields of a list item (enterprise, enterprise card, product) that depend on the caller. */
const reactionFields = ['likes_total', 'awesomes_total', 'is_liked', 'is_awesome'] as const;

/**
 * A route's `viewerOverlay` (plugins/response-cache.ts; §7 Enterprises, Exhibitors, products lists)
 * for lists whose items, found by `itemsOf` in the guests' answer, are enterprises or products: a
 * logged-in caller's `is_liked` and `is_awesome` on each, and its current `likes_total` and
 * `awesomes_total` (the totals those reactions move), read in one query. The other fields stay as
 * the guests' answer has them (at most CACHE_TTL_SECONDS old); an item no longer in the table keeps
 * its values.
 */
export function reactionsOverlay(
  deps: Deps,
  target: 'enterprise' | 'product',
  itemsOf: (answer: unknown) => { id: string; item: Record<string, unknown> }[],
): ViewerOverlay {
  return {
    itemsOf,
    fields: reactionFields,
    read: async (userId, ids) => {
      const live = await liveReactionsOf(deps.db, { userId, target, ids });
      const values = new Map<string, Record<(typeof reactionFields)[number], number | boolean>>();
      for (const [id, now] of live) {
        values.set(id, {
          likes_total: now.likesTotal,
          awesomes_total: now.awesomesTotal,
          is_liked: now.liked,
          is_awesome: now.awesome,
        });
      }
      return values;
    },
  };
}

/**
 * The `viewerOverlay` of answers `{ results: [...] }` whose items are enterprises or products
 * themselves (GET /enterprises, /enterprises/search, /enterprise/products, /exhibitors/products…).
 */
export function resultsOverlay(deps: Deps, target: 'enterprise' | 'product'): ViewerOverlay {
  return reactionsOverlay(deps, target, (answer) =>
    (answer as { results: (Record<string, unknown> & { _id: { $id: string } })[] }).results.map((item) => ({
      id: item._id.$id,
      item,
    })),
  );
}

function parseEnterpriseQuery(
  input: Omit<EnterpriseListQuerystring, 'sort' | 'limit' | 'skip'> & ListParams,
) {
  const query = parseScopedQuery<EnterpriseField>(enterpriseQuerySpec, input);
  if (input.industry_category_id) {
    query.conditions.push({ field: 'industry_category_id', op: '$eq', value: input.industry_category_id });
  }
  return query;
}

/**
 * GET /enterprises (§7 Enterprises, §9): enterprises by weight then created, descending; `meeting_id`
 * keeps those exhibiting (shown) there; deleted ones only when filtered by `_id` (then in the `_id`
 * list's order).
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required
 */
export async function listEnterprises(
  deps: Deps,
  input: EnterpriseListQuerystring & Viewer,
): Promise<Enterprise[]> {
  const query = parseEnterpriseQuery(input);
  const rows = await findEnterprises(deps.db, query);
  const context = await enterpriseContext(deps.db, rows, input);
  const items = rows.map((row) => toWireEnterprise(row, context));
  return reorderById(items, query.idOrder, (item) => item._id.$id);
}

/** GET /enterprises/count: `{ total }` for the list's filters. */
export async function countEnterprises(
  deps: Deps,
  input: Omit<EnterpriseListQuerystring, 'sort' | 'limit' | 'skip'>,
): Promise<{ total: number }> {
  return { total: await countEnterpriseRows(deps.db, parseEnterpriseQuery(input)) };
}

/**
 * Page of a search call: `limit` 1..999 (default 20), `skip` ≥ 0.
 * @throws ListQueryError 400 invalid_query / limit_too_large
 */
export function parsePage(input: {
  limit?: string | number | undefined;
  skip?: string | number | undefined;
}) {
  const { limit, skip } = parseListQuery({ fields: {}, sort: [], defaultSort: [] }, input);
  return { limit, skip };
}

/**
 * The keyword as searched: its folded words, each of which must occur. Empty means nothing to search
 * for.
 */
export function parseKeyword(keyword: string): { terms: string[] } {
  return { terms: searchTerms(keyword) };
}

/**
 * GET /enterprises/search (§7 Enterprises): enterprises whose title (any language) contains every word of the
 * keyword — case-insensitive substrings, so CJK names match without spaces; `%` and `_` are literal. By
 * weight then created, descending (§9), like the list. Each item carries `highlights`, the matched ranges of
 * its title.
 * @throws 400 invalid_query / limit_too_large
 */
export async function searchEnterprises(
  deps: Deps,
  input: EnterpriseSearchQuerystring & Viewer,
): Promise<Enterprise[]> {
  const page = parsePage(input);
  const { terms } = parseKeyword(input.keyword);
  if (terms.length === 0) return [];
  const rows = await searchEnterpriseRows(deps.db, {
    terms,
    ...page,
    meetingId: input.meeting_id,
    industryCategoryId: input.industry_category_id,
  });
  const context = await enterpriseContext(deps.db, rows, input);
  return rows.map((row) => toWireEnterprise(row, context, titleHighlights(row.title, terms)));
}

/**
 * PUT /enterprises/{id} (§7, §6): changes the given fields. Only a user bound to an exhibitor
 * account of the enterprise may; the search text follows a new title.
 * @throws 404 not_found (missing or deleted), 403 no_permission, 400 email.invalid
 */
export async function updateEnterprise(
  deps: Deps,
  input: { userId: string; enterpriseId: string; changes: UpdateEnterpriseBody },
): Promise<Enterprise> {
  const row = await findEnterpriseById(deps.db, input.enterpriseId);
  if (!row || row.deleted === 1) throw notFound('Enterprise');
  const isBound = await isUserBoundToEnterprise(deps.db, {
    userId: input.userId,
    enterpriseId: input.enterpriseId,
  });
  if (!isBound) throw noPermission();
  const { changes } = input;
  if (changes.email !== undefined && !isOptionalEmailValid(changes.email)) throw emailInvalid();
  const updated = await updateEnterpriseRow(deps.db, row.id, {
    ...(changes.title !== undefined
      ? { title: changes.title, searchText: buildSearchText(changes.title) }
      : {}),
    ...(changes.logo !== undefined ? { logo: changes.logo } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.images !== undefined ? { images: changes.images } : {}),
    ...(changes.attachments !== undefined ? { attachments: changes.attachments } : {}),
    ...(changes.website !== undefined ? { website: changes.website } : {}),
    ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
    ...(changes.email !== undefined ? { email: changes.email } : {}),
    ...(changes.address !== undefined ? { address: changes.address } : {}),
  });
  if (!updated) throw notFound('Enterprise');
  const context = await enterpriseContext(deps.db, [updated], { userId: input.userId });
  return toWireEnterprise(updated, context);
}

/**
 * POST/DELETE /enterprise/likes (`kind` like) and /enterprise/awesomes (`kind` awesome): sets the
 * caller's reaction, idempotent, the total exact under concurrency (see setReaction).
 * @returns `{ is_liked, likes_total }` or `{ is_awesome, awesomes_total }`
 * @throws 404 not_found (a like of a missing or deleted enterprise; an unlike of a missing one)
 */
export async function reactToEnterprise<K extends 'like' | 'awesome'>(
  deps: Deps,
  input: { userId: string; enterpriseId: string; kind: K; isOn: boolean },
): Promise<K extends 'like' ? LikeResult : AwesomeResult> {
  const total = await setReaction(deps.db, {
    userId: input.userId,
    kind: input.kind,
    target: 'enterprise',
    targetId: input.enterpriseId,
    isOn: input.isOn,
  });
  if (total === undefined) throw notFound('Enterprise');
  return reactionAnswer(input.kind, input.isOn, total);
}

/** The answer of a like or awesome call: `{ is_liked, likes_total }` or `{ is_awesome, awesomes_total }`. */
export function reactionAnswer<K extends 'like' | 'awesome'>(
  kind: K,
  isOn: boolean,
  total: number,
): K extends 'like' ? LikeResult : AwesomeResult {
  return (
    kind === 'like' ? { is_liked: isOn, likes_total: total } : { is_awesome: isOn, awesomes_total: total }
  ) as K extends 'like' ? LikeResult : AwesomeResult;
}

/**
 * GET /enterprise/likes?meeting_id (§2 /my/collection): the caller's liked enterprises exhibiting at
 * the meeting, latest like first.
 * @throws 400 invalid_query / limit_too_large
 */
export async function listLikedEnterprises(
  deps: Deps,
  input: {
    userId: string;
    meeting_id: string;
    limit?: string | number | undefined;
    skip?: string | number | undefined;
  },
): Promise<Enterprise[]> {
  const page = parsePage(input);
  const ids = await likedTargetIds(deps.db, {
    userId: input.userId,
    target: 'enterprise',
    meetingId: input.meeting_id,
    ...page,
  });
  const rows = await findEnterprisesByIds(deps.db, ids);
  const context = await enterpriseContext(deps.db, rows, input);
  return reorderById(
    rows.map((row) => toWireEnterprise(row, context)),
    ids,
    (item) => item._id.$id,
  );
}

/**
 * POST /enterprises/{id}/views, /calls, /mails, /attachments/views: counts one interaction (anonymous
 * callers by device id) and answers the new total.
 * @throws 404 not_found (missing or deleted enterprise)
 */
export async function recordEnterpriseInteraction(
  deps: Deps,
  input: InteractionActor & { enterpriseId: string; kind: InteractionKind },
): Promise<number> {
  const total = await recordInteraction(deps.db, {
    ...input,
    target: 'enterprise',
    targetId: input.enterpriseId,
  });
  if (total === undefined) throw notFound('Enterprise');
  return total;
}
