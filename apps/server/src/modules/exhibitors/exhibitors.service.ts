import {
  type Exhibitor,
  type ExhibitorApplicationBody,
  type ExhibitorBindingAnswer,
  type ExhibitorListQuerystring,
  type ExhibitorSearchQuerystring,
  exhibitorQuerySpec,
  type LikeResult,
  reorderById,
  toWireId,
  type UpdateExhibitorBody,
} from '@app/contracts';
import { isOptionalEmailValid, normalisePhone } from '@app/domain/contact';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { unix } from '../../db/wire.ts';
import { noPermission, notFound } from '../../errors.ts';
import { verifyExhibitorAccount } from '../auth/auth.service.ts';
import {
  type EnterpriseRow,
  findEnterpriseCardsByIds,
  findEnterprisesByIds,
  type InteractionActor,
  isUserBoundToEnterprise,
  recordInteraction,
} from '../enterprises/enterprises.repository.ts';
import { titleHighlights } from '../enterprises/enterprises.search.ts';
import { toWireEnterpriseCard } from '../enterprises/enterprises.serializer.ts';
import {
  enterpriseContext,
  parseKeyword,
  parsePage,
  reactToEnterprise,
} from '../enterprises/enterprises.service.ts';
import type { InteractionKind } from '../enterprises/enterprises.tables.ts';
import { findLiveMeetingById } from '../meetings/meetings.repository.ts';
import { parseScopedQuery } from '../shared/scoped-list-query.ts';
import { emailInvalid, phoneInvalid } from '../users/users.errors.ts';
import { recordView } from '../views/views.service.ts';
import {
  deleteBinding,
  type ExhibitorField,
  type ExhibitorRow,
  findBinding,
  findExhibitorById,
  findExhibitorOfEnterprise,
  findExhibitors,
  findPavilionViewTotal,
  insertApplication,
  replaceBinding,
  searchExhibitorRows,
  updateExhibitorRow,
} from './exhibitors.repository.ts';
import { toWireExhibitor } from './exhibitors.serializer.ts';

type Deps = { db: Database };
type Viewer = { userId?: string | null | undefined };

/** Exhibitor rows in wire form, with their enterprises, category names and the viewer's reactions. */
async function toWireExhibitors(
  db: Database,
  rows: ExhibitorRow[],
  viewer: Viewer,
  highlightTerms?: string[],
): Promise<Exhibitor[]> {
  const enterpriseIds = [...new Set(rows.map((row) => row.enterpriseId))];
  // One round trip after the exhibitors: the cards (their industries joined in) beside the exhibitors'
  // own categories and the viewer's reactions.
  const [cards, context] = await Promise.all([
    findEnterpriseCardsByIds(db, enterpriseIds),
    enterpriseContext(
      db,
      enterpriseIds.map((id) => ({ id, industryCategoryId: null })),
      viewer,
      rows.flatMap((row) => [row.exhibitorGroupCategoryId, row.industryCategoryId]),
    ),
  ]);
  for (const card of cards) if (card.industry) context.categories.set(card.industry.id, card.industry);
  const byId = new Map(cards.map((card) => [card.id, card]));
  return rows.flatMap((row) => {
    const enterprise = byId.get(row.enterpriseId);
    if (!enterprise) return [];
    const highlights = highlightTerms ? titleHighlights(enterprise.title, highlightTerms) : undefined;
    return [toWireExhibitor(row, enterprise, context, highlights)];
  });
}

/**
 * GET /exhibitors (§7 Exhibitors, §9): a meeting's shown, not deleted exhibitors by weight then
 * created, descending; plain filters `industry_category_id` (the exhibitor's, else its enterprise's)
 * and `exhibitor_group_category_id`; an `_id` filter also returns hidden and deleted ones in its order.
 * Without `meeting_id`, the list is scoped by `_id` or `enterprise_id` (an enterprise's exhibitors
 * across meetings, each with its `meeting_id`).
 * @throws 400 invalid_query / invalid_object_id / limit_too_large / meeting_id_required (unscoped)
 */
export async function listExhibitors(
  deps: Deps,
  input: ExhibitorListQuerystring & Viewer,
): Promise<Exhibitor[]> {
  // Scoped by meeting, by ids, or by enterprise (its exhibitors across meetings: how a page named
  // only by enterprise_id finds its meeting, §2 "from the item").
  const query = parseScopedQuery<ExhibitorField>(exhibitorQuerySpec, input, undefined, ['enterprise_id']);
  if (input.industry_category_id) {
    query.conditions.push({ field: 'industry_category_id', op: '$eq', value: input.industry_category_id });
  }
  if (input.exhibitor_group_category_id) {
    query.conditions.push({
      field: 'exhibitor_group_category_id',
      op: '$eq',
      value: input.exhibitor_group_category_id,
    });
  }
  const rows = await findExhibitors(deps.db, query);
  const items = await toWireExhibitors(deps.db, rows, input);
  return reorderById(items, query.idOrder, (item) => item._id.$id);
}

/**
 * GET /exhibitors/search: a meeting's shown exhibitors whose enterprise title
 * contains every word of the keyword (case-insensitive substrings, CJK included, `%`/`_` literal),
 * by weight then created (§9); `highlights` are ranges of the enterprise title.
 * @throws 400 invalid_query / limit_too_large
 */
export async function searchExhibitors(
  deps: Deps,
  input: ExhibitorSearchQuerystring & Viewer,
): Promise<Exhibitor[]> {
  const page = parsePage(input);
  const { terms } = parseKeyword(input.keyword);
  if (terms.length === 0) return [];
  const rows = await searchExhibitorRows(deps.db, {
    terms,
    ...page,
    meetingId: input.meeting_id,
    industryCategoryId: input.industry_category_id,
    exhibitorGroupCategoryId: input.exhibitor_group_category_id,
  });
  return toWireExhibitors(deps.db, rows, input, terms);
}

/**
 * PUT /exhibitors/{id} (§7, §6): a user bound to an exhibitor account of its enterprise in its
 * meeting changes the booth.
 * @throws 404 not_found (missing or deleted), 403 no_permission (nothing changes)
 */
export async function updateExhibitor(
  deps: Deps,
  input: { userId: string; exhibitorId: string; changes: UpdateExhibitorBody },
): Promise<Exhibitor> {
  const row = await findExhibitorById(deps.db, input.exhibitorId);
  if (!row || row.deleted === 1) throw notFound('Exhibitor');
  const isBound = await isUserBoundToEnterprise(deps.db, {
    userId: input.userId,
    enterpriseId: row.enterpriseId,
    meetingId: row.meetingId,
  });
  if (!isBound) throw noPermission();
  const updated = await updateExhibitorRow(deps.db, row.id, {
    ...(input.changes.booth !== undefined ? { booth: input.changes.booth } : {}),
  });
  if (!updated) throw notFound('Exhibitor');
  const [item] = await toWireExhibitors(deps.db, [updated], input);
  if (!item) throw notFound('Enterprise');
  return item;
}

/**
 * POST /exhibitors/{id}/likes: likes the exhibitor's enterprise (the like behind /my/collection),
 * idempotent.
 * @throws 404 not_found
 */
export async function likeExhibitor(
  deps: Deps,
  input: { userId: string; exhibitorId: string },
): Promise<LikeResult> {
  const row = await findExhibitorById(deps.db, input.exhibitorId);
  if (!row || row.deleted === 1) throw notFound('Exhibitor');
  return reactToEnterprise(deps, {
    userId: input.userId,
    enterpriseId: row.enterpriseId,
    kind: 'like',
    isOn: true,
  });
}

/**
 * POST /exhibitors/{id}/views, /calls, /mails, /attachments/views: counts one interaction with the
 * exhibitor (anonymous callers by device id), answers the new total.
 * @throws 404 not_found
 */
export async function recordExhibitorInteraction(
  deps: Deps,
  input: InteractionActor & { exhibitorId: string; kind: InteractionKind },
): Promise<number> {
  const row = await findExhibitorById(deps.db, input.exhibitorId);
  if (!row) throw notFound('Exhibitor');
  const total = await recordInteraction(deps.db, {
    ...input,
    meetingId: row.meetingId,
    target: 'exhibitor',
    targetId: row.id,
  });
  if (total === undefined) throw notFound('Exhibitor');
  return total;
}

/**
 * GET /exhibitor/bindings?meeting_id (§6): the caller's binding in the meeting with its enterprise
 * and that enterprise's exhibitor row there, or `{ binding: null }`.
 */
export async function getExhibitorBinding(
  deps: Deps,
  input: { userId: string; meetingId: string },
): Promise<ExhibitorBindingAnswer> {
  const binding = await findBinding(deps.db, input.userId, input.meetingId);
  if (!binding) return { binding: null };
  let enterprise: EnterpriseRow | undefined;
  let exhibitor: Exhibitor | null = null;
  if (binding.enterpriseId) {
    [enterprise] = await findEnterprisesByIds(deps.db, [binding.enterpriseId]);
    const row = await findExhibitorOfEnterprise(deps.db, input.meetingId, binding.enterpriseId);
    if (row) [exhibitor = null] = await toWireExhibitors(deps.db, [row], input);
  }
  const context = enterprise ? await enterpriseContext(deps.db, [enterprise], input) : undefined;
  return {
    binding: {
      meeting_id: toWireId(binding.meetingId),
      exhibitor_account_id: toWireId(binding.exhibitorAccountId),
      account: binding.account,
      enterprise: enterprise && context ? toWireEnterpriseCard(enterprise, context) : null,
      exhibitor,
      created: unix(binding.createdAt),
    },
  };
}

/**
 * POST /exhibitor/bindings (§6): checks the exhibitor account's password like POST /tokens/exhibitor
 * (same limits, same answer for unknown accounts), then binds it to the caller in the meeting —
 * replacing the caller's previous binding there in one atomic upsert.
 * @throws 401 account.password_incorrect, 429 too_frequent
 */
export async function bindExhibitor(
  deps: Deps & { config: Config },
  input: { userId: string; meetingId: string; account: string; password: string; ip: string },
): Promise<ExhibitorBindingAnswer> {
  const account = await verifyExhibitorAccount(deps, input);
  await replaceBinding(deps.db, {
    userId: input.userId,
    meetingId: input.meetingId,
    exhibitorAccountId: account.id,
  });
  return getExhibitorBinding(deps, input);
}

/** DELETE /exhibitor/bindings?meeting_id (§6): removes the caller's binding there (idempotent). */
export async function unbindExhibitor(
  deps: Deps,
  input: { userId: string; meetingId: string },
): Promise<ExhibitorBindingAnswer> {
  await deleteBinding(deps.db, input.userId, input.meetingId);
  return { binding: null };
}

/**
 * POST /meetings/{id}/exhibitor/apply (§2 /meeting/apply): stores an application to exhibit. The
 * phone is normalised to E.164 (zh-CN mobile rule for +86); an e-mail, when given, must be valid.
 * @throws 404 not_found (meeting), 400 phone.invalid / email.invalid
 */
export async function applyToExhibit(
  deps: Deps,
  input: { userId: string; meetingId: string; application: ExhibitorApplicationBody },
): Promise<{ _id: { $id: string }; created: number }> {
  const meeting = await findLiveMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  const { application } = input;
  const phone = normalisePhone(application.phone, application.area_code);
  if (!phone) throw phoneInvalid();
  if (!isOptionalEmailValid(application.email)) throw emailInvalid();
  const row = await insertApplication(deps.db, {
    id: newId(),
    meetingId: input.meetingId,
    userId: input.userId,
    company: application.company,
    contactName: application.contact_name,
    phone: phone.e164,
    email: application.email,
    message: application.message,
  });
  return { _id: toWireId(row.id), created: unix(row.createdAt) };
}

/** Which pavilion page a counter is for. */
export type PavilionPage = 'exhibitor_category' | 'exhibition_area' | 'product_category';

/**
 * POST /meetings/{id}/exhibitor/category/views, /area/views, /product/category/views: counts a view of
 * a pavilion page (per category id or area name; '' for the page as a whole) as one view row, folded
 * into exhibition_view_totals and the interactions log by the views job; answers the last folded
 * total plus this view.
 * @throws 404 not_found (meeting)
 */
export async function recordPavilionView(
  deps: Deps,
  input: InteractionActor & { meetingId: string; page: PavilionPage; target: string },
): Promise<number> {
  const meeting = await findLiveMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  const total = await findPavilionViewTotal(deps.db, {
    meetingId: input.meetingId,
    kind: input.page,
    target: input.target,
  });
  await recordView(deps, {
    targetType: input.page,
    targetId: input.target,
    meetingId: input.meetingId,
    userId: input.userId,
    deviceId: input.deviceId,
    sourceId: input.sourceId,
  });
  return total + 1;
}
