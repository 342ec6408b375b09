import {
  type AwesomeResult,
  type CreateProductBody,
  type LikeResult,
  type Product,
  type ProductListQuerystring,
  type ProductSearchQuerystring,
  parseListQuery,
  productQuerySpec,
  reorderById,
  type UpdateProductBody,
} from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { AppError, noPermission, notFound } from '../../errors.ts';
import {
  findEnterpriseById,
  findEnterprisesByIds,
  type InteractionActor,
  isUserBoundToEnterprise,
  likedTargetIds,
  reactionsOf,
  recordInteraction,
  setReaction,
} from '../enterprises/enterprises.repository.ts';
import { buildSearchText, titleHighlights } from '../enterprises/enterprises.search.ts';
import { parseKeyword, parsePage, reactionAnswer } from '../enterprises/enterprises.service.ts';
import {
  countProductRows,
  findProductById,
  findProducts,
  findProductsByIds,
  insertProductRow,
  liveCategoryExists,
  type ProductField,
  type ProductRow,
  searchProductRows,
  updateProductRow,
} from './products.repository.ts';
import { type ProductContext, toWireProduct } from './products.serializer.ts';

type Deps = { db: Database };
type Viewer = { userId?: string | null | undefined };

/** Enterprise names and the viewer's reactions for a set of product rows. */
async function productContext(db: Database, rows: ProductRow[], viewer: Viewer): Promise<ProductContext> {
  const [enterpriseRows, reactions] = await Promise.all([
    findEnterprisesByIds(db, [...new Set(rows.map((row) => row.enterpriseId))]),
    viewer.userId
      ? reactionsOf(db, { userId: viewer.userId, target: 'product', targetIds: rows.map((row) => row.id) })
      : Promise.resolve({ liked: new Set<string>(), awesome: new Set<string>() }),
  ]);
  return { enterprises: new Map(enterpriseRows.map((row) => [row.id, row])), ...reactions };
}

type ProductFilterInput = Omit<ProductListQuerystring, 'sort' | 'limit' | 'skip'> &
  Partial<Pick<ProductListQuerystring, 'sort' | 'limit' | 'skip'>>;

/**
 * Parses a product list query with the plain `meeting_id` / `enterprise_id` / `category_id`
 * parameters folded in. A list must be scoped by meeting, enterprise or `_id`.
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required
 */
function parseProductQuery(input: ProductFilterInput) {
  const query = parseListQuery<ProductField>(productQuerySpec, input);
  const plain: [ProductField, string | undefined][] = [
    ['meeting_id', input.meeting_id],
    ['enterprise_id', input.enterprise_id],
    ['category_id', input.category_id],
  ];
  for (const [field, value] of plain) {
    if (value) query.conditions.push({ field, op: '$eq', value });
  }
  const isScoped = query.conditions.some((c) => ['meeting_id', 'enterprise_id', '_id'].includes(c.field));
  if (!isScoped) {
    throw new AppError(400, 'meeting_id_required', 'meeting_id or enterprise_id is required');
  }
  return query;
}

/**
 * GET /enterprise/products and /exhibitors/products (§7, §9): products by weight then created,
 * descending; `meeting_id` keeps those shown at the meeting by its shown exhibitors; deleted ones
 * only when filtered by `_id` (then in the `_id` list's order).
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required
 */
export async function listProducts(deps: Deps, input: ProductListQuerystring & Viewer): Promise<Product[]> {
  const query = parseProductQuery(input);
  const rows = await findProducts(deps.db, query);
  const context = await productContext(deps.db, rows, input);
  return reorderById(
    rows.map((row) => toWireProduct(row, context)),
    query.idOrder,
    (item) => item._id.$id,
  );
}

/** GET /enterprise/products/count: `{ total }` for the list's filters. */
export async function countProducts(
  deps: Deps,
  input: Omit<ProductListQuerystring, 'sort' | 'limit' | 'skip'>,
): Promise<{ total: number }> {
  return { total: await countProductRows(deps.db, parseProductQuery(input)) };
}

/**
 * GET /enterprise/products/search (§7 Enterprises): products whose title contains every word of the
 * keyword (case-insensitive substrings, CJK included, `%`/`_` literal), by weight then created (§9);
 * each with `highlights` of its title.
 * @throws 400 invalid_query / limit_too_large
 */
export async function searchProducts(
  deps: Deps,
  input: ProductSearchQuerystring & Viewer,
): Promise<Product[]> {
  const page = parsePage(input);
  const { terms } = parseKeyword(input.keyword);
  if (terms.length === 0) return [];
  const rows = await searchProductRows(deps.db, {
    terms,
    ...page,
    meetingId: input.meeting_id,
    enterpriseId: input.enterprise_id,
    categoryId: input.category_id,
  });
  const context = await productContext(deps.db, rows, input);
  return rows.map((row) => toWireProduct(row, context, titleHighlights(row.title, terms)));
}

/**
 * POST/DELETE /enterprise/product/likes and /awesomes, POST /exhibitors/products/{id}/likes: sets the
 * caller's reaction, idempotent, the total exact under concurrency.
 * @throws 404 not_found
 */
export async function reactToProduct<K extends 'like' | 'awesome'>(
  deps: Deps,
  input: { userId: string; productId: string; kind: K; isOn: boolean },
): Promise<K extends 'like' ? LikeResult : AwesomeResult> {
  const total = await setReaction(deps.db, {
    userId: input.userId,
    kind: input.kind,
    target: 'product',
    targetId: input.productId,
    isOn: input.isOn,
  });
  if (total === undefined) throw notFound('Product');
  return reactionAnswer(input.kind, input.isOn, total);
}

/**
 * GET /enterprise/product/likes?meeting_id (§2 /my/collection): the caller's liked products shown at
 * the meeting, latest like first.
 */
export async function listLikedProducts(
  deps: Deps,
  input: {
    userId: string;
    meeting_id: string;
    limit?: string | number | undefined;
    skip?: string | number | undefined;
  },
): Promise<Product[]> {
  const page = parsePage(input);
  const ids = await likedTargetIds(deps.db, {
    userId: input.userId,
    target: 'product',
    meetingId: input.meeting_id,
    ...page,
  });
  const rows = await findProductsByIds(deps.db, ids);
  const context = await productContext(deps.db, rows, input);
  return reorderById(
    rows.map((row) => toWireProduct(row, context)),
    ids,
    (item) => item._id.$id,
  );
}

/**
 * POST /enterprises/{id}/products/{product_id}/views (`enterpriseId` given: the product must be that
 * enterprise's) and POST /exhibitors/products/{id}/views: counts a view, answers the new total.
 * @throws 404 not_found
 */
export async function recordProductView(
  deps: Deps,
  input: InteractionActor & { productId: string; enterpriseId?: string | undefined },
): Promise<number> {
  if (input.enterpriseId) {
    const row = await findProductById(deps.db, input.productId);
    if (!row || row.enterpriseId !== input.enterpriseId) throw notFound('Product');
  }
  const total = await recordInteraction(deps.db, {
    ...input,
    target: 'product',
    targetId: input.productId,
    kind: 'view',
  });
  if (total === undefined) throw notFound('Product');
  return total;
}

/** 400 validation_failed 'This is a required field' for a title empty in every language (§5). */
function requireTitle(title: CreateProductBody['title']): string {
  const searchText = buildSearchText(title);
  if (searchText === '') {
    throw new AppError(400, 'validation_failed', 'This is a required field', [
      { path: 'title', message: 'This is a required field' },
    ]);
  }
  return searchText;
}

/**
 * 400 validation_failed naming category_id when it names no live category (§5): the column is a
 * foreign key, and an unknown id must not reach it as a database error (500).
 */
async function requireCategory(db: Database, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId || (await liveCategoryExists(db, categoryId))) return;
  throw new AppError(400, 'validation_failed', 'category_id: no such category', [
    { path: 'category_id', message: 'No such category' },
  ]);
}

async function requireBound(deps: Deps, userId: string, enterpriseId: string): Promise<void> {
  if (!(await isUserBoundToEnterprise(deps.db, { userId, enterpriseId }))) throw noPermission();
}

/**
 * POST /enterprise/products (§6, exhibitor area): adds a product to the caller's bound enterprise.
 * @throws 404 not_found (enterprise missing or deleted), 403 no_permission,
 *   400 validation_failed (empty title, unknown category_id)
 */
export async function createProduct(
  deps: Deps,
  input: { userId: string; product: CreateProductBody },
): Promise<Product> {
  const { product } = input;
  const enterprise = await findEnterpriseById(deps.db, product.enterprise_id);
  if (!enterprise || enterprise.deleted === 1) throw notFound('Enterprise');
  await requireBound(deps, input.userId, enterprise.id);
  const searchText = requireTitle(product.title);
  await requireCategory(deps.db, product.category_id);
  const row = await insertProductRow(deps.db, {
    id: newId(),
    enterpriseId: enterprise.id,
    meetingId: product.meeting_id ?? null,
    title: product.title,
    images: product.images,
    description: product.description,
    categoryId: product.category_id || null,
    weight: product.weight ?? 0,
    searchText,
  });
  const context = await productContext(deps.db, [row], input);
  return toWireProduct(row, context);
}

/**
 * PUT /enterprise/products/{id} (§6): changes the given fields of a product of the caller's bound
 * enterprise; the search text follows a new title.
 * @throws 404 not_found (missing or deleted), 403 no_permission (nothing changes),
 *   400 validation_failed (empty title, unknown category_id)
 */
export async function updateProduct(
  deps: Deps,
  input: { userId: string; productId: string; changes: UpdateProductBody },
): Promise<Product> {
  const row = await findProductById(deps.db, input.productId);
  if (!row || row.deleted === 1) throw notFound('Product');
  await requireBound(deps, input.userId, row.enterpriseId);
  const { changes } = input;
  await requireCategory(deps.db, changes.category_id);
  const updated = await updateProductRow(deps.db, row.id, {
    ...(changes.title !== undefined ? { title: changes.title, searchText: requireTitle(changes.title) } : {}),
    ...(changes.images !== undefined ? { images: changes.images } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.category_id !== undefined ? { categoryId: changes.category_id || null } : {}),
    ...(changes.weight !== undefined ? { weight: changes.weight } : {}),
  });
  if (!updated) throw notFound('Product');
  const context = await productContext(deps.db, [updated], input);
  return toWireProduct(updated, context);
}

/**
 * DELETE /enterprise/products/{id} (§6): soft-deletes a product of the caller's bound enterprise
 * (idempotent for its owner).
 * @throws 404 not_found, 403 no_permission
 */
export async function deleteProduct(
  deps: Deps,
  input: { userId: string; productId: string },
): Promise<{ ok: 1 }> {
  const row = await findProductById(deps.db, input.productId);
  if (!row) throw notFound('Product');
  await requireBound(deps, input.userId, row.enterpriseId);
  await updateProductRow(deps.db, row.id, { deleted: 1 });
  return { ok: 1 };
}
