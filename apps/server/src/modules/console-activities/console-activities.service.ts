import type {
  ConsoleActivity,
  ConsoleActivityBody,
  ConsoleActivityPrice,
  ConsoleActivitySource,
  ConsolePriceBody,
  ConsoleSourceBody,
} from '@app/contracts';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import {
  invalidField,
  maxBelowRegistered,
  maxBelowSignups,
  staleWrite,
  totalBelowSold,
} from './console-activities.errors.ts';
import {
  type ActivityValues,
  type ConsoleActivityRow,
  clearOtherDefaults,
  findConsoleActivity,
  findLiveSources,
  findMeetingActivities,
  findMeetingSummary,
  findPrice,
  findPricesOf,
  findSource,
  insertActivityRow,
  insertFormRow,
  insertPriceRow,
  insertSourceRow,
  nextUpdatedAt,
  type PriceValues,
  softDeletePriceRow,
  softDeleteSourceRow,
  updateActivityRow,
  updatePriceRow,
  updateSourceRow,
  upsertQuestionRow,
} from './console-activities.repository.ts';
import { toConsoleActivity, toConsolePrice, toConsoleSource } from './console-activities.serializer.ts';

/**
 * The console's activity editor (DESIGN §7; §3 Activity, Sources, price items): every call checks
 * `activity.edit` first (403 no_permission), every write runs through `auditedWrite` (the audit row
 * in the same transaction) and edits compare the `updated_at_ms` they read (409 conflict.stale).
 * Counters (`ticket_total`, `sold_total`, `signup_total`) are moved by registrations only, never here.
 */

/** What the editor needs: the database and the settings of role checks and links. */
export type ConsoleActivitiesDeps = {
  db: Database;
  config: RolesDeps['config'] & Pick<Config, 'PUBLIC_URL' | 'AUTH_SECRET'>;
};

/** Who asks, for which meeting. */
export type EditorInput = { userId: string; meetingId: string };
/** Who asks, for which activity of which meeting. */
export type ActivityInput = EditorInput & { activityId: string };

/** Bodies as the contracts parse them (defaults filled, numbers coerced). */
export type ActivityBody = z.output<typeof ConsoleActivityBody>;
export type PriceBody = z.output<typeof ConsolePriceBody>;
export type SourceBody = z.output<typeof ConsoleSourceBody>;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const dateOf = (seconds: number) => new Date(seconds * 1000);

/** The activity.edit check of every call (DESIGN §7). @throws 403 no_permission. */
export async function requireEditor(deps: ConsoleActivitiesDeps, input: EditorInput): Promise<void> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'activity.edit' });
}

/**
 * A not deleted activity of the meeting, locked FOR UPDATE when `lock` (inside a write's transaction).
 * @throws 404 not_found (unknown, deleted or another meeting's)
 */
export async function activityOfMeeting(
  db: Database,
  meetingId: string,
  activityId: string,
  options: { lock?: boolean } = {},
): Promise<ConsoleActivityRow> {
  const row = await findConsoleActivity(db, activityId, options);
  if (!row || row.deleted === 1 || row.meetingId !== meetingId) throw notFound('activity');
  return row;
}

/** One activity in console wire form, read from `db` (the transaction after a write). */
async function readActivity(db: Database, meetingId: string, activityId: string): Promise<ConsoleActivity> {
  const row = await activityOfMeeting(db, meetingId, activityId);
  const meeting = await findMeetingSummary(db, meetingId);
  if (!meeting) throw notFound('meeting');
  return toConsoleActivity(row, await findPricesOf(db, [row.id]), meeting, nowSeconds());
}

/**
 * The columns of an activity body (§3): seconds to instants, 0 → null for registration_start and
 * deadline. @throws 400 validation_failed when `end` is before `start`.
 */
function activityValues(body: ActivityBody): ActivityValues {
  if (body.end < body.start) throw invalidField('body/end', 'the end is before the start');
  return {
    title: body.title,
    description: body.description ?? '',
    address: body.address ?? '',
    covers: body.covers,
    start: dateOf(body.start),
    end: dateOf(body.end),
    registrationStart: body.registration_start > 0 ? dateOf(body.registration_start) : null,
    deadline: body.deadline > 0 ? dateOf(body.deadline) : null,
    max: body.max,
    offline: body.offline,
    enableShow: body.enable_show,
    enableRegistrationEntrance: body.enable_registration_entrance,
    isReview: body.is_review,
    enableResubmitAnswer: body.enable_resubmit_answer,
    enableDeadlineAnswer: body.enable_deadline_answer,
    privacy: body.privacy,
    enableAgent: body.enable_agent,
    agentCheckoutVersion: body.agent_checkout_version,
    agentMaxMembers: body.agent_max_members,
    weight: body.weight,
  };
}

/**
 * GET /console/meetings/{meeting_id}/activities: every not deleted activity of the meeting, hidden
 * and private ones included, with ticket types and registration state.
 * @throws 403 no_permission
 */
export async function listConsoleActivities(
  deps: ConsoleActivitiesDeps,
  input: EditorInput,
): Promise<ConsoleActivity[]> {
  await requireEditor(deps, input);
  const meeting = await findMeetingSummary(deps.db, input.meetingId);
  if (!meeting) return [];
  const rows = await findMeetingActivities(deps.db, input.meetingId);
  const prices = await findPricesOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const now = nowSeconds();
  return rows.map((row) => toConsoleActivity(row, prices, meeting, now));
}

/**
 * GET /console/meetings/{meeting_id}/activities/{id}: one activity for the editor.
 * @throws 403 no_permission, 404 not_found
 */
export async function getConsoleActivity(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput,
): Promise<ConsoleActivity> {
  await requireEditor(deps, input);
  return readActivity(deps.db, input.meetingId, input.activityId);
}

/** The title of a new form's name question in the twenty UI languages. */
const defaultNameTitle: Record<string, string> = {
  zh: '姓名',
  en: 'Name',
  ja: '氏名',
  ko: '이름',
  es: 'Nombre',
  fr: 'Nom',
  de: 'Name',
  ru: 'Имя',
  ar: 'الاسم',
  vi: 'Họ tên',
  id: 'Nama',
  kk: 'Аты-жөні',
  fil: 'Pangalan',
  hi: 'नाम',
  ms: 'Nama',
  it: 'Nome',
  pt: 'Nome',
  pl: 'Imię i nazwisko',
  cs: 'Jméno',
  th: 'ชื่อ',
};

/**
 * POST /console/meetings/{meeting_id}/activities: creates an activity with every §3 field, one free
 * ticket type without limit (a registration needs a ticket type to choose) and a registration form
 * asking the registrant's name (the form builder edits it).
 * @throws 400 validation_failed (end before start), 403 no_permission, 404 not_found (meeting)
 */
export async function createConsoleActivity(
  deps: ConsoleActivitiesDeps,
  input: EditorInput & { body: ActivityBody },
): Promise<ConsoleActivity> {
  await requireEditor(deps, input);
  const meeting = await findMeetingSummary(deps.db, input.meetingId);
  if (!meeting || meeting.deleted === 1) throw notFound('meeting');
  const values = activityValues(input.body);
  const id = newId();
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'activity.edit',
      entity: 'activity',
      entityId: id,
    },
    async (tx) => {
      await insertActivityRow(tx, { ...values, id, meetingId: input.meetingId });
      await insertPriceRow(tx, {
        id: newId(),
        activityId: id,
        title: { en: 'Ticket', zh: '门票' },
        description: '',
        amount: 0,
        total: null,
        maxPerAgent: 0,
        weight: 0,
      });
      // A registration form from the start, asking the registrant's name (§5): every registration,
      // resubmission after a rejection included (§4), goes through a form.
      const formId = newId();
      await insertFormRow(tx, {
        id: formId,
        meetingId: input.meetingId,
        activityId: id,
        title: values.title ?? '',
      });
      await upsertQuestionRow(tx, formId, {
        id: newId(),
        scope: 'member',
        type: 'text',
        title: defaultNameTitle,
        description: '',
        isRequired: 1,
        field: 'name',
        options: [],
        condition: null,
        weight: 100,
      });
      const after = await readActivity(tx, input.meetingId, id);
      return { result: after, before: null, after: input.body };
    },
  );
}

/**
 * PUT /console/meetings/{meeting_id}/activities/{id}: replaces the editable fields, if nobody saved
 * since `updated_at_ms`. The limit `max` may not drop below the registrations held (`ticket_total`).
 * @throws 400 validation_failed / activity.max_below_registered, 403 no_permission, 404 not_found,
 *   409 conflict.stale
 */
export async function updateConsoleActivity(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { body: ActivityBody },
): Promise<ConsoleActivity> {
  await requireEditor(deps, input);
  const values = activityValues(input.body);
  if (input.body.updated_at_ms === undefined) throw invalidField('body/updated_at_ms', 'required');
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'activity.edit',
      entity: 'activity',
      entityId: input.activityId,
    },
    async (tx) => {
      const before = await activityOfMeeting(tx, input.meetingId, input.activityId, { lock: true });
      if (before.updatedMs !== input.body.updated_at_ms) throw staleWrite();
      if (values.max !== undefined && values.max > 0 && values.max < before.ticketTotal)
        throw maxBelowRegistered(before.ticketTotal);
      await updateActivityRow(tx, before.id, { ...values, updatedAt: nextUpdatedAt(before.updatedMs) });
      const after = await readActivity(tx, input.meetingId, before.id);
      return { result: after, before: stripCounters(before), after: input.body };
    },
  );
}

/** An activity row for the audit log, without the columns the editor never writes. */
function stripCounters(row: ConsoleActivityRow): Record<string, unknown> {
  const { viewsTotal: _views, ...rest } = row;
  return rest;
}

function priceValues(body: PriceBody): PriceValues {
  return {
    title: body.title,
    description: body.description ?? '',
    amount: body.amount,
    total: body.total ?? null,
    maxPerAgent: body.max_per_agent,
    weight: body.weight,
  };
}

/**
 * POST …/activities/{id}/prices: adds a ticket type (amount in cents, `total` null = no limit).
 * @throws 403 no_permission, 404 not_found
 */
export async function createConsolePrice(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { body: PriceBody },
): Promise<ConsoleActivityPrice> {
  await requireEditor(deps, input);
  const id = newId();
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'activity.edit',
      entity: 'activity_price',
      entityId: id,
    },
    async (tx) => {
      const activity = await activityOfMeeting(tx, input.meetingId, input.activityId);
      await insertPriceRow(tx, { ...priceValues(input.body), id, activityId: activity.id });
      const row = await findPrice(tx, activity.id, id);
      if (!row) throw notFound('price');
      return { result: toConsolePrice(row), before: null, after: input.body };
    },
  );
}

/**
 * PUT …/activities/{id}/prices/{price_id}: edits a ticket type if nobody saved since
 * `updated_at_ms`; its stock may not drop below what is sold, and sold_total is never written.
 * @throws 400 price.total_below_sold (nothing changed), 403 no_permission, 404 not_found,
 *   409 conflict.stale
 */
export async function updateConsolePrice(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { priceId: string; body: PriceBody },
): Promise<ConsoleActivityPrice> {
  await requireEditor(deps, input);
  if (input.body.updated_at_ms === undefined) throw invalidField('body/updated_at_ms', 'required');
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'activity.edit',
      entity: 'activity_price',
      entityId: input.priceId,
    },
    async (tx) => {
      const activity = await activityOfMeeting(tx, input.meetingId, input.activityId);
      const before = await findPrice(tx, activity.id, input.priceId, { lock: true });
      if (!before || before.deleted === 1) throw notFound('price');
      if (before.updatedMs !== input.body.updated_at_ms) throw staleWrite();
      const values = priceValues(input.body);
      if (values.total !== null && values.total !== undefined && values.total < before.soldTotal)
        throw totalBelowSold(before.soldTotal);
      await updatePriceRow(tx, before.id, { ...values, updatedAt: nextUpdatedAt(before.updatedMs) });
      const after = await findPrice(tx, activity.id, before.id);
      if (!after) throw notFound('price');
      return { result: toConsolePrice(after), before, after: input.body };
    },
  );
}

/**
 * DELETE …/activities/{id}/prices/{price_id}: soft delete (deleted=1) — tickets sold keep their
 * type; a registrant holding it gets 4340 (its version grows). Idempotent for a deleted one.
 * @throws 403 no_permission, 404 not_found
 */
export async function deleteConsolePrice(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { priceId: string },
): Promise<{ ok: 1 }> {
  await requireEditor(deps, input);
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'activity.edit',
      entity: 'activity_price',
      entityId: input.priceId,
    },
    async (tx) => {
      const activity = await activityOfMeeting(tx, input.meetingId, input.activityId);
      const before = await findPrice(tx, activity.id, input.priceId, { lock: true });
      if (!before) throw notFound('price');
      if (before.deleted === 0) await softDeletePriceRow(tx, before.id);
      return { result: { ok: 1 as const }, before, after: null };
    },
  );
}

/**
 * GET …/activities/{id}/sources: the not deleted registration channels with their share links.
 * @throws 403 no_permission, 404 not_found
 */
export async function listConsoleSources(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput,
): Promise<ConsoleActivitySource[]> {
  await requireEditor(deps, input);
  const activity = await activityOfMeeting(deps.db, input.meetingId, input.activityId);
  return (await findLiveSources(deps.db, activity.id)).map((row) =>
    toConsoleSource(deps.config, input.meetingId, row),
  );
}

/**
 * POST …/activities/{id}/sources: adds a registration channel; `default` 1 unsets the others.
 * @throws 403 no_permission, 404 not_found
 */
export async function createConsoleSource(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { body: SourceBody },
): Promise<ConsoleActivitySource> {
  await requireEditor(deps, input);
  const id = newId();
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'activity.edit',
      entity: 'activity_source',
      entityId: id,
    },
    async (tx) => {
      const activity = await activityOfMeeting(tx, input.meetingId, input.activityId);
      await insertSourceRow(tx, {
        id,
        activityId: activity.id,
        title: input.body.title,
        max: input.body.max,
        isDefault: input.body.default,
      });
      if (input.body.default === 1) await clearOtherDefaults(tx, activity.id, id);
      const row = await findSource(tx, activity.id, id);
      if (!row) throw notFound('source');
      return { result: toConsoleSource(deps.config, input.meetingId, row), before: null, after: input.body };
    },
  );
}

/**
 * PUT …/activities/{id}/sources/{source_id}: edits a channel (title, max, default); its limit may
 * not drop below its sign-ups, and signup_total is never written.
 * @throws 400 source.max_below_signups, 403 no_permission, 404 not_found
 */
export async function updateConsoleSource(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { sourceId: string; body: SourceBody },
): Promise<ConsoleActivitySource> {
  await requireEditor(deps, input);
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'activity.edit',
      entity: 'activity_source',
      entityId: input.sourceId,
    },
    async (tx) => {
      const activity = await activityOfMeeting(tx, input.meetingId, input.activityId);
      const before = await findSource(tx, activity.id, input.sourceId, { lock: true });
      if (!before || before.deleted === 1) throw notFound('source');
      if (input.body.max > 0 && input.body.max < before.signupTotal)
        throw maxBelowSignups(before.signupTotal);
      await updateSourceRow(tx, before.id, {
        title: input.body.title,
        max: input.body.max,
        isDefault: input.body.default,
      });
      if (input.body.default === 1) await clearOtherDefaults(tx, activity.id, before.id);
      const after = await findSource(tx, activity.id, before.id);
      if (!after) throw notFound('source');
      return { result: toConsoleSource(deps.config, input.meetingId, after), before, after: input.body };
    },
  );
}

/**
 * DELETE …/activities/{id}/sources/{source_id}: soft delete (its old links show 'source invalid').
 * @throws 403 no_permission, 404 not_found
 */
export async function deleteConsoleSource(
  deps: ConsoleActivitiesDeps,
  input: ActivityInput & { sourceId: string },
): Promise<{ ok: 1 }> {
  await requireEditor(deps, input);
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'activity.edit',
      entity: 'activity_source',
      entityId: input.sourceId,
    },
    async (tx) => {
      const activity = await activityOfMeeting(tx, input.meetingId, input.activityId);
      const before = await findSource(tx, activity.id, input.sourceId, { lock: true });
      if (!before) throw notFound('source');
      if (before.deleted === 0) await softDeleteSourceRow(tx, before.id);
      return { result: { ok: 1 as const }, before, after: null };
    },
  );
}
