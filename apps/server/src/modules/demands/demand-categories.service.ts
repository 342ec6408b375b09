import {
  type ConsoleDemandCategory,
  type ConsoleDemandCategoryBody,
  ConsoleDemandCategoryError,
  ErrorCode,
  type LocalizedText,
  toWireId,
} from '@app/contracts';
import { enabledLanguages } from '@app/domain';
import { newId } from '../../db/ids.ts';
import { badRequest, notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { findMeetingById } from '../meetings/meetings.repository.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import {
  type DemandCategoryRow,
  detachDemandsFromCategory,
  findDemandCategories,
  findDemandCategory,
  insertDemandCategory,
  updateDemandCategory,
} from './demand-categories.repository.ts';

/** What the console's category writes use: roles, and the response cache GET /demand/categories fills. */
export type DemandCategoryDeps = RolesDeps & { cache: { clear: () => void } };

type Caller = { userId: string; meetingId: string };

const entity = 'demand_category';

function toWire(row: DemandCategoryRow): ConsoleDemandCategory {
  return { _id: toWireId(row.id), title: row.title, weight: row.weight, demand_total: row.demandTotal };
}

/** Whether a localized title has text in some language. */
function hasTitle(title: LocalizedText): boolean {
  return typeof title === 'string'
    ? title.trim() !== ''
    : Object.values(title).some((text) => text.trim() !== '');
}

/**
 * Checks a title: not empty, and only in the meeting's enabled languages (§3 Meeting language).
 * @throws 400 validation_failed / demand.language_not_enabled; 404 not_found (no meeting)
 */
async function checkTitle(deps: RolesDeps, meetingId: string, title: LocalizedText): Promise<void> {
  if (!hasTitle(title)) throw badRequest(ErrorCode.validation, 'a category needs a title');
  if (typeof title === 'string') return;
  const meeting = await findMeetingById(deps.db, meetingId);
  if (!meeting) throw notFound('Meeting');
  const enabled: string[] = enabledLanguages(meeting.config.language);
  const stranger = Object.keys(title).find((lang) => !enabled.includes(lang));
  if (stranger) {
    throw badRequest(
      ConsoleDemandCategoryError.languageNotEnabled,
      `language ${stranger} is not enabled in this meeting`,
    );
  }
}

/**
 * GET /console/meetings/{meeting_id}/demands/categories: `{ items }` weight descending, each with
 * its demand_total (§3 Demand category). @throws 403 no_permission (community.read)
 */
export async function listDemandCategoriesOf(
  deps: RolesDeps,
  input: Caller,
): Promise<{ items: ConsoleDemandCategory[] }> {
  await requireCan(deps, { ...input, action: 'community.read' });
  return { items: (await findDemandCategories(deps.db, input.meetingId)).map(toWire) };
}

/**
 * POST /console/meetings/{meeting_id}/demands/categories: adds a `demand` category (title per
 * enabled language, weight), audited in the same transaction.
 * @throws 400 validation_failed / demand.language_not_enabled; 403 no_permission (community.moderate)
 */
export async function createDemandCategory(
  deps: DemandCategoryDeps,
  input: Caller & { body: ConsoleDemandCategoryBody },
): Promise<ConsoleDemandCategory> {
  await requireCan(deps, { ...input, action: 'community.moderate' });
  await checkTitle(deps, input.meetingId, input.body.title);
  const id = newId();
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity,
      entityId: id,
    },
    async (tx) => {
      await insertDemandCategory(tx, {
        id,
        meetingId: input.meetingId,
        title: input.body.title,
        weight: input.body.weight,
      });
      const created = await findDemandCategory(tx, input.meetingId, id);
      if (!created) throw notFound('Category');
      return { result: created, before: null, after: { title: created.title, weight: created.weight } };
    },
  );
  deps.cache.clear();
  return toWire(row);
}

/**
 * PUT /console/meetings/{meeting_id}/demands/categories/{id}: title and/or weight, audited.
 * @throws 400 validation_failed / demand.language_not_enabled; 403 no_permission; 404 not_found
 */
export async function updateDemandCategoryOf(
  deps: DemandCategoryDeps,
  input: Caller & { categoryId: string; body: Partial<ConsoleDemandCategoryBody> },
): Promise<ConsoleDemandCategory> {
  await requireCan(deps, { ...input, action: 'community.moderate' });
  if (input.body.title !== undefined) await checkTitle(deps, input.meetingId, input.body.title);
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity,
      entityId: input.categoryId,
    },
    async (tx) => {
      const before = await findDemandCategory(tx, input.meetingId, input.categoryId);
      if (!before) throw notFound('Category');
      await updateDemandCategory(tx, input.categoryId, {
        ...(input.body.title !== undefined ? { title: input.body.title } : {}),
        ...(input.body.weight !== undefined ? { weight: input.body.weight } : {}),
      });
      const after = await findDemandCategory(tx, input.meetingId, input.categoryId);
      if (!after) throw notFound('Category');
      return {
        result: after,
        before: { title: before.title, weight: before.weight },
        after: { title: after.title, weight: after.weight },
      };
    },
  );
  deps.cache.clear();
  return toWire(row);
}

/**
 * DELETE /console/meetings/{meeting_id}/demands/categories/{id}: soft-deletes the category and
 * detaches the demands in it (their category becomes none; they stay listed) in one audited
 * transaction — refusing would leave the organiser a category nobody can ever remove, since demands
 * belong to their posters. Answers `{ ok: 1, detached }` (demands not deleted that lost it).
 * @throws 403 no_permission (community.moderate); 404 not_found
 */
export async function deleteDemandCategory(
  deps: DemandCategoryDeps,
  input: Caller & { categoryId: string },
): Promise<{ ok: 1; detached: number }> {
  await requireCan(deps, { ...input, action: 'community.moderate' });
  const detached = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'community.moderate',
      entity,
      entityId: input.categoryId,
    },
    async (tx) => {
      const before = await findDemandCategory(tx, input.meetingId, input.categoryId);
      if (!before) throw notFound('Category');
      await updateDemandCategory(tx, input.categoryId, { deleted: 1 });
      const count = await detachDemandsFromCategory(tx, {
        meetingId: input.meetingId,
        categoryId: input.categoryId,
      });
      return {
        result: count,
        before: { title: before.title, weight: before.weight, demand_total: before.demandTotal },
        after: { deleted: 1, detached: count },
      };
    },
  );
  deps.cache.clear();
  return { ok: 1, detached };
}
